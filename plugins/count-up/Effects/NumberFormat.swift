import Glibc

/// A printf-style number format, checked before it gets anywhere near
/// `vsnprintf`: literal text around exactly one directive among `%f %e %g
/// %d %i`, with optional flags (`-+ 0#`), a width and a precision; `%%` is a
/// literal percent.
///
/// `%d` and `%i` round the number to a whole one (half away from zero) and
/// print it the way C prints an integer, for any finite magnitude (no
/// conversion to a machine integer, so overshoot never traps).
struct NumberFormat: Hashable, Sendable {
    /// Why a format was refused: one sentence, without the format itself
    /// (the effect names it).
    struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    /// The largest width and precision accepted: enough for any display,
    /// small enough that the text stays bounded.
    static let maximumField = 128

    /// The conversions a format may use.
    static let conversions: [UInt8] = Array("fegdi".utf8)
    static let flagCharacters: [UInt8] = Array("-+ 0#".utf8)

    /// The text before and after the directive, with `%%` already made `%`.
    let prefix: String
    let suffix: String
    /// The flags as written (a subset of `-+ 0#`, each at most once here).
    let flags: [UInt8]
    let width: Int?
    let precision: Int?
    /// One of `f e g d i`.
    let conversion: UInt8

    /// Reads `format`.
    /// - Throws: `Problem` saying what is wrong.
    init(_ format: String) throws(Problem) {
        let bytes = Array(format.utf8)
        var literal: [[UInt8]] = [[]]
        var directive: (flags: [UInt8], width: Int?, precision: Int?, conversion: UInt8)?
        var index = 0

        func digits() throws(Problem) -> Int? {
            var value: Int?
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                value = (value ?? 0) * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                if value! > Self.maximumField {
                    throw Problem(reason: "a width or precision is larger than \(Self.maximumField)")
                }
                index += 1
            }
            return value
        }

        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "%") else {
                literal[literal.count - 1].append(byte)
                continue
            }
            guard index < bytes.count else { throw Problem(reason: "it ends with a lone '%' (write '%%' for a percent sign)") }
            if bytes[index] == UInt8(ascii: "%") {
                literal[literal.count - 1].append(byte)
                index += 1
                continue
            }
            let start = index - 1
            var flags: [UInt8] = []
            while index < bytes.count, Self.flagCharacters.contains(bytes[index]) {
                if !flags.contains(bytes[index]) { flags.append(bytes[index]) }
                index += 1
            }
            let width = try digits()
            var precision: Int?
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                precision = try digits() ?? 0
            }
            guard index < bytes.count else {
                throw Problem(reason: "the directive '\(Self.text(bytes[start...]))' has no conversion (f, e, g, d or i)")
            }
            let conversion = bytes[index]
            index += 1
            guard Self.conversions.contains(conversion) else {
                throw Problem(reason: "'\(Self.text(bytes[start..<index]))' is not a number directive; "
                    + "use one of %f %e %g %d %i, with optional flags (-+ 0#), width and precision")
            }
            guard directive == nil else {
                throw Problem(reason: "it has more than one directive; it must have exactly one of %f %e %g %d %i")
            }
            directive = (flags, width, precision, conversion)
            literal.append([])
        }
        guard let directive else {
            throw Problem(reason: "it has no directive; it must have exactly one of %f %e %g %d %i (e.g. %.1f)")
        }
        self.prefix = Self.text(literal[0][...])
        self.suffix = Self.text(literal[1][...])
        self.flags = directive.flags
        self.width = directive.width
        self.precision = directive.precision
        self.conversion = directive.conversion
    }

    /// `value` formatted: the prefix, the number, the suffix.
    func string(for value: Double) -> String {
        prefix + number(value) + suffix
    }

    /// The directive applied to `value`.
    func number(_ value: Double) -> String {
        let isInteger = conversion == UInt8(ascii: "d") || conversion == UInt8(ascii: "i")
        guard isInteger else {
            return Self.printf(directive(precision: precision, conversion: conversion), value)
        }
        let whole = value.rounded(.toNearestOrAwayFromZero)
        guard whole.isFinite else {
            // C has no integer infinity: print it as %f would, with the same flags and width.
            return Self.printf(directive(precision: nil, conversion: UInt8(ascii: "f")), whole)
        }
        // The exact decimal digits of an integer-valued double.
        var digits = Self.printf("%.0f", abs(whole))
        if let precision {
            if precision == 0 && whole == 0 { digits = "" }
            if digits.utf8.count < precision { digits = String(repeating: "0", count: precision - digits.utf8.count) + digits }
        }
        let sign = whole < 0 ? "-" : has("+") ? "+" : has(" ") ? " " : ""
        let length = sign.utf8.count + digits.utf8.count
        guard let width, length < width else { return sign + digits }
        let padding = width - length
        if has("-") { return sign + digits + String(repeating: " ", count: padding) }
        if has("0") && precision == nil { return sign + String(repeating: "0", count: padding) + digits }
        return String(repeating: " ", count: padding) + sign + digits
    }

    private func has(_ flag: Unicode.Scalar) -> Bool {
        flags.contains(UInt8(ascii: flag))
    }

    /// A C directive for one double, from checked parts only.
    private func directive(precision: Int?, conversion: UInt8) -> String {
        var result = "%" + Self.text(flags[...])
        if let width { result += String(width) }
        if let precision { result += "." + String(precision) }
        return result + Self.text([conversion][...])
    }

    /// `vsnprintf` with one double. `format` is always one checked directive,
    /// whose output fits the buffer (width and precision ≤ 128, a double has
    /// at most 309 integer digits).
    private static func printf(_ format: String, _ value: Double) -> String {
        let capacity = 1024
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            let written = withVaList([value]) { arguments in
                vsnprintf(buffer.baseAddress, capacity, format, arguments)
            }
            guard written >= 0 else { return "" }
            buffer[min(Int(written), capacity - 1)] = 0
            return String(cString: buffer.baseAddress!)
        }
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
