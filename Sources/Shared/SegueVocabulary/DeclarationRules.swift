/// What an effect's declaration may hold, wherever it is written: the host
/// checks plugin descriptors and its own built-ins against these rules, and
/// the plugin kit checks a plugin's declaration against the same ones before
/// the host sees it, so both name the same breach in the same terms.
public enum DeclarationRules {
    /// Effects one plugin may provide.
    public static let maximumEffects = 1024
    /// Parameters one effect may declare.
    public static let maximumParameters = 256
    /// Cases one enumeration parameter may list.
    public static let maximumCases = 256
    /// Bytes in any one string of a declaration (id, name, summary, text value).
    public static let maximumText = 4096
    /// The largest whole number an integer parameter holds: beyond 2⁵³ a C
    /// `double` (how integers cross the C boundary) and a printed spec would
    /// lose digits.
    public static let maximumInteger = 9_007_199_254_740_992.0

    /// Letters, digits and `_`, not starting with a digit (ASCII): how specs
    /// write effect names, parameter names and enum cases.
    public static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return text.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    /// `vendor.name`: two or more non-empty parts of letters, digits, `_` or
    /// `-`, joined by dots (ASCII).
    public static func isEffectID(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy {
                isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
            }
        }
    }

    /// No line break and no NUL: a summary for one line of a listing.
    public static func isOneLine(_ text: String) -> Bool {
        !text.utf8.contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") || $0 == 0 }
    }

    public static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    public static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
