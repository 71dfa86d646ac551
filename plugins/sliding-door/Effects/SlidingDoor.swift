import SeguePluginKit

/// `slidingDoor`: the content cut into a left and a right half that slide
/// sideways, apart or across each other.
///
/// The cut is the whole-pixel column `frame.minX + ⌊width / 2⌋`; each half is
/// a whole-pixel crop of the content, so the two tile the frame exactly. At
/// `shift` s each half moves by `s · width`: for s > 0 the left half moves
/// left and the right half right (apart; at 0.5 both have left the frame),
/// for s < 0 they move towards each other and cross. Where they overlap the
/// left half is drawn on top (the order of the article's ZStack).
///
/// At exactly 0 the content is drawn once, as it is: no cut, no seam. A
/// shift whose move is a whole number of pixels is an exact copy of each
/// half; others are filtered. Well defined for any finite shift; a
/// non-finite one (or one moving the halves farther than any output reaches)
/// draws nothing.
struct SlidingDoor: Effect {
    static let id = "segue.slidingDoor"
    static let name = "slidingDoor"
    static let summary = "The content cut into left and right halves that slide apart (or cross, for a negative shift)"

    static let shift = Parameter.number(
        "shift", summary: "How far each half moves, as a fraction of the width: positive apart, negative crossing",
        active: 0.5, identity: 0, animatable: true)

    static var parameters: [ParameterDeclaration] {
        shift
    }

    func render(values: Values<SlidingDoor>, canvas: Canvas) throws {
        let frame = canvas.frame
        let content = canvas.content
        for piece in SlidingDoor.halves(frame: frame, shift: values.shift) {
            if let crop = piece.crop {
                try canvas.draw(content, transform: piece.transform, crop: crop)
            } else {
                try canvas.draw(content, transform: piece.transform)
            }
        }
    }

    /// What one drawing of the content shows: a crop (nil for all of it)
    /// moved by a transform.
    struct Piece: Equatable {
        var crop: Rect?
        var transform: AffineTransform
    }

    /// Beyond this many pixels a half is off any output (at most 32768 wide).
    static let farthest = 1e9

    /// The drawings at `shift`, in drawing order (right half first, the left
    /// half on top): the whole content once at 0, nothing when the shift is
    /// not finite or moves the halves out of reach, else the two halves.
    static func halves(frame: Rect, shift: Double) -> [Piece] {
        if shift == 0 { return [Piece(crop: nil, transform: .identity)] }
        let distance = shift * frame.width
        guard distance.isFinite, abs(distance) < farthest else { return [] }
        let cut = frame.minX + (frame.width / 2).rounded(.down)
        let left = Rect(x: frame.minX, y: frame.minY, width: cut - frame.minX, height: frame.height)
        let right = Rect(x: cut, y: frame.minY, width: frame.maxX - cut, height: frame.height)
        var pieces: [Piece] = []
        if !right.isEmpty { pieces.append(Piece(crop: right, transform: .translation(x: distance, y: 0))) }
        if !left.isEmpty { pieces.append(Piece(crop: left, transform: .translation(x: -distance, y: 0))) }
        return pieces
    }
}
