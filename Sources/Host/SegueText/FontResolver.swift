import CFreeType

/// A font file and the index of the face inside it (TrueType collections
/// hold several faces).
struct FontFile: Hashable, Sendable {
    var path: String
    var index: Int
}

/// Turns a family and a weight into font files to try, with fontconfig.
///
/// The rules, in order:
/// 1. fontconfig's best match (`FcFontMatch`) for the family and weight, but
///    only when the match really is that family, or when the family is one of
///    fontconfig's generic names (sans-serif, serif, monospace, …), which the
///    configuration maps to a real font. For an unknown or misspelt family
///    fontconfig would return whatever its configuration substitutes (Noto
///    Sans on one machine, DejaVu on another); Segue draws DejaVu Sans
///    instead, so that output does not depend on the machine's font set.
///    Metric aliases (Helvetica → Liberation Sans) are not followed for the
///    same reason.
/// 2. DejaVu Sans of the weight, found with fontconfig.
/// 3. DejaVu Sans at Debian's path (fonts-dejavu-core), for when fontconfig
///    has no configuration at all.
///
/// Thread rules: none of its own. `FontLibrary` calls it under its lock.
enum FontResolver {
    static let fallbackFamily = "DejaVu Sans"

    /// Families fontconfig treats as aliases for configured fonts.
    private static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "cursive", "fantasy", "system-ui", "emoji", "math",
    ]

    /// The files to try for `family` (nil: DejaVu Sans), best first.
    static func candidates(family: String?, weight: FontDescription.Weight) -> [FontFile] {
        var files: [FontFile] = []
        if let family, let file = match(family, weight: weight) {
            files.append(file)
        }
        if let file = match(fallbackFamily, weight: weight) {
            files.append(file)
        }
        let debianName = weight == .bold ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf"
        files.append(FontFile(path: "/usr/share/fonts/truetype/dejavu/" + debianName, index: 0))
        var seen = Set<FontFile>()
        return files.filter { seen.insert($0).inserted }
    }

    /// fontconfig's match for `family`, or nil when fontconfig fails or
    /// matches some other family.
    private static func match(_ family: String, weight: FontDescription.Weight) -> FontFile? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        guard FcPatternAddString(pattern, FC_FAMILY, family) == FcTrue,
              FcPatternAddInteger(pattern, FC_WEIGHT, weight == .bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR) == FcTrue,
              FcPatternAddBool(pattern, FC_SCALABLE, FcTrue) == FcTrue,
              FcConfigSubstitute(nil, pattern, FcMatchPattern) == FcTrue
        else { return nil }
        FcDefaultSubstitute(pattern)

        var result = FcResultNoMatch
        guard let found = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(found) }
        guard result == FcResultMatch, isFamily(family, of: found) || genericFamilies.contains(family.lowercased())
        else { return nil }

        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(found, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        if FcPatternGetInteger(found, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        return FontFile(path: String(cString: file), index: Int(index))
    }

    /// True when one of the pattern's family names is `family`, compared as
    /// fontconfig compares families (ignoring case and blanks).
    private static func isFamily(_ family: String, of pattern: OpaquePointer) -> Bool {
        func folded(_ name: String) -> String { String(name.lowercased().filter { $0 != " " }) }
        let wanted = folded(family)
        var n: Int32 = 0
        var name: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, FC_FAMILY, n, &name) == FcResultMatch, let name {
            if folded(String(cString: name)) == wanted { return true }
            n += 1
        }
        return false
    }
}
