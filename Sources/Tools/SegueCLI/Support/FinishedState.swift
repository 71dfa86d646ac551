import SegueCompositor
import SegueEngine
import SegueModel

/// What a transition leaves once it has finished (progress 1), found by
/// rendering it on probe pictures: the same question for `--transition
/// random`, which picks only transitions that leave their clip as it is,
/// and for `segue render`, which copies or passes through the frames after
/// such a transition ends.
enum FinishedState {
    /// Whether `transition` at progress 1 shows the inserted picture exactly
    /// as it is, on `scene`: nothing drawn over it or around it, and the
    /// removed picture, when `removing`, gone. The probes are `scene`'s size
    /// (or a small one when it has none) with detail everywhere, and
    /// translucent unless `opaque` (video frames are).
    static func showsInsertedAsIs(_ transition: Transition, engine: Engine, scene: Scene, removing: Bool = false,
                                  opaque: Bool = false) throws -> Bool {
        let (width, height) = (scene.width ?? 37, scene.height ?? 23)
        let inserted = try probe(width: width, height: height, seed: 0, opaque: opaque)
        let removed = removing ? try probe(width: width, height: height, seed: 5, opaque: opaque) : nil
        let finished = try Surface(width: width, height: height)
        try engine.render(transition, from: removed, to: inserted, progress: 1, scene: scene, into: finished)
        return finished.hasSamePixels(as: inserted)
    }

    /// A picture with detail everywhere (each `seed` another), premultiplied;
    /// alpha varies from 128 to 255 unless `opaque`.
    private static func probe(width: Int, height: Int, seed: Int, opaque: Bool) throws -> Surface {
        let surface = try Surface(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let a = opaque ? 255 : UInt32(128 + (x * 7 + y * 13 + seed) % 128)
                surface[x, y] = a << 24 | (UInt32(x * 6 + seed) % a) << 16 | (UInt32(y * 11) % a) << 8
                    | UInt32(x + y + seed) % a
            }
        }
        return surface
    }
}
