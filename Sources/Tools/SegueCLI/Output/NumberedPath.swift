import SegueImageIO

/// A path with one printf-style integer directive (`%d`, `%04d`) that
/// numbers the frames of a sequence: `out/frame%04d.png`.
struct NumberedPath {
    private let prefix: String
    private let suffix: String
    private let width: Int
    private let zeroPadded: Bool

    /// nil unless `text` has exactly one `%[0][width]d` and no other `%`
    /// (write `%%` for a literal percent sign).
    init?(_ text: String) {
        var parts: [String] = []
        var current = ""
        var directive: (width: Int, zero: Bool)?
        var chars = Array(text)[...]
        while let c = chars.popFirst() {
            guard c == "%" else { current.append(c); continue }
            if chars.first == "%" {
                chars.removeFirst()
                current.append("%")
                continue
            }
            var digits = ""
            while let d = chars.first, d.isNumber { digits.append(d); chars.removeFirst() }
            guard chars.popFirst() == "d", directive == nil, digits.count <= 2 else { return nil }
            directive = (Int(digits) ?? 0, digits.hasPrefix("0"))
            parts.append(current)
            current = ""
        }
        guard let directive, parts.count == 1 else { return nil }
        prefix = parts[0]
        suffix = current
        width = directive.width
        zeroPadded = directive.zero
    }

    func path(_ number: Int) -> String {
        let digits = String(number)
        let padding = String(repeating: zeroPadded ? "0" : " ", count: max(0, width - digits.count))
        return prefix + padding + digits + suffix
    }

    /// A registration that removes the numbered files written so far
    /// (set its count) if the process is interrupted.
    func interruptCleanup(from first: Int = 0) throws -> InterruptCleanup.Registration {
        try InterruptCleanup.sequence(prefix: prefix, width: width, zeroPadded: zeroPadded, suffix: suffix, first: first)
    }
}
