import SeguePluginKit

/// `slidingDoor(pieces:)`: the content cut into a left and a right half
/// that slide sideways, apart or across each other — or, with `pieces: 4`,
/// into quarters that each move towards their own corner (the article's
/// onboarding transition).
///
/// The cuts are the whole-pixel column `frame.minX + ⌊width / 2⌋` and, for
/// quarters, the row `frame.minY + ⌊height / 2⌋`; each piece is a
/// whole-pixel crop of the content, so the pieces tile the frame exactly. At
/// `shift` s each half moves by `s · width` sideways (a quarter also by
/// `s · height` up or down): for s > 0 away from the middle (at 0.5 all have
/// left the frame), for s < 0 towards it and across. Where pieces overlap
/// the left (and top) ones are drawn on top (the order of the article's ZStack).
///
/// At exactly 0 the content is drawn once, as it is: no cut, no seam. A
/// shift whose move is a whole number of pixels is an exact copy of each
/// piece; others are filtered. Well defined for any finite shift; a
/// non-finite one (or one moving the pieces farther than any output reaches)
/// draws nothing. The door is quartered at 4 pieces only: 3, which its range
/// allows, draws halves as 2 does (every value an effect accepts renders).
struct SlidingDoor: Effect {
    static let id = "segue.slidingDoor"
    static let name = "slidingDoor"
    static let summary = "The content cut into halves (or quarters) that slide apart (or cross, for a negative shift)"

    static let shift = Parameter.number(
        "shift", summary: "How far each piece moves, as a fraction of the frame: positive apart, negative crossing",
        active: 0.5, identity: 0, animatable: true)
    static let pieces = Parameter.integer(
        "pieces", summary: "2 (or 3): left and right halves; 4: quarters, each moving towards its corner", default: 2,
        range: 2...4)

    static var parameters: [ParameterDeclaration] {
        shift
        pieces
    }

    func render(values: Values<SlidingDoor>, canvas: Canvas) throws {
        let content = canvas.content
        for piece in SlidingDoor.pieces(frame: canvas.frame, shift: values.shift, quartered: values.pieces == 4) {
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

    /// Beyond this many pixels a piece is off any output (at most 32768 wide).
    static let farthest = 1e9

    /// The drawings at `shift`, in drawing order (right before left, bottom
    /// before top, so the top-left piece is on top): the whole content once
    /// at 0, nothing when the shift is not finite or moves the pieces out of
    /// reach, else the halves or quarters (empty ones left out).
    static func pieces(frame: Rect, shift: Double, quartered: Bool) -> [Piece] {
        if shift == 0 { return [Piece(crop: nil, transform: .identity)] }
        let across = shift * frame.width, down = quartered ? shift * frame.height : 0
        guard across.isFinite, down.isFinite, abs(across) < farthest, abs(down) < farthest else { return [] }
        let column = frame.minX + (frame.width / 2).rounded(.down)
        let row = quartered ? frame.minY + (frame.height / 2).rounded(.down) : frame.minY
        // (x range, horizontal direction) and (y range, vertical direction), drawn last last.
        let columns = [(column, frame.maxX, 1.0), (frame.minX, column, -1.0)]
        let rows = quartered ? [(row, frame.maxY, 1.0), (frame.minY, row, -1.0)] : [(frame.minY, frame.maxY, 0.0)]
        var pieces: [Piece] = []
        for (y0, y1, dy) in rows {
            for (x0, x1, dx) in columns {
                let crop = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
                guard !crop.isEmpty else { continue }
                pieces.append(Piece(crop: crop, transform: .translation(x: dx * across, y: dy * down)))
            }
        }
        return pieces
    }
}
