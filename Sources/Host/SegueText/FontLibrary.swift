import CFreeType
import SegueBasics

/// The process's FreeType library and every face opened from it.
///
/// Thread rules: `face(for:)` may be called from any thread. fontconfig
/// queries and `FT_New_Face` run under one lock (FreeType requires
/// `FT_New_Face` to be serialised per `FT_Library`); resolutions are
/// remembered, so the lock is held only briefly after the first use of a
/// family. Faces are opened once and kept for the life of the process — there
/// are only as many as there are distinct font files in use — which is also
/// what lets `GlyphCache` use a face's address as pixman's font key.
final class FontLibrary: Sendable {
    static let shared = FontLibrary()

    private struct Request: Hashable {
        var family: String?
        var weight: FontDescription.Weight
    }

    private struct State: @unchecked Sendable {
        /// nil when `FT_Init_FreeType` failed (out of memory).
        var library: FT_Library?
        var faces: [FontFile: FontFace] = [:]
        var resolved: [Request: FontFace] = [:]
    }

    private let state: Locked<State>

    private init() {
        var library: FT_Library?
        if FT_Init_FreeType(&library) != 0 { library = nil }
        state = Locked(State(library: library))
    }

    /// The face for `font`'s family and weight, falling back to DejaVu Sans.
    /// - Throws: `.io` when not even DejaVu Sans can be found and opened,
    ///   `.outOfMemory` when FreeType could not start.
    func face(for font: FontDescription) throws -> FontFace {
        let request = Request(family: font.family, weight: font.weight)
        return try state.withLock { state in
            if let face = state.resolved[request] { return face }
            guard let library = state.library else {
                throw SegueError(.outOfMemory, "FreeType could not be initialised")
            }
            let candidates = FontResolver.candidates(family: font.family, weight: font.weight)
            for file in candidates {
                if let face = state.faces[file] ?? Self.open(file, library: library) {
                    state.faces[file] = face
                    state.resolved[request] = face
                    return face
                }
            }
            throw SegueError(.io, "no font found for family '\(font.family ?? FontResolver.fallbackFamily)' "
                + "and no usable \(FontResolver.fallbackFamily) either (tried \(candidates.map(\.path))); "
                + "install fonts-dejavu-core")
        }
    }

    /// The face in `file`, or nil when FreeType cannot open it or it has no
    /// outlines (bitmap-only fonts cannot be drawn at any size).
    private static func open(_ file: FontFile, library: FT_Library) -> FontFace? {
        var face: FT_Face?
        guard FT_New_Face(library, file.path, file.index, &face) == 0, let face else { return nil }
        guard segue_ft_is_scalable(face) != 0 else {
            FT_Done_Face(face)
            return nil
        }
        return FontFace(face, file: file)
    }
}
