import Glibc
import SegueBasics
import SegueMedia

/// A clip as the command line names it: a file, and the part of it to play
/// when the name ends in a W3C Media Fragments time range, as browsers take
/// it: `talk.mp4#t=12.5,48` (from 12.5 s to 48 s), `#t=,20` (the first 20
/// s), `#t=3` (from 3 s to the end); times in seconds or as `mm:ss`,
/// `hh:mm:ss` with decimals, optionally after `npt:`. A file whose name
/// really contains `#t=` is that file when it exists.
struct ClipName: Sendable {
    /// The file to open.
    let file: String
    /// Seconds into the file where the clip starts (0 untrimmed).
    let start: Double
    /// Seconds into the file where it ends; nil for the file's end.
    let end: Double?

    var isTrimmed: Bool { start > 0 || end != nil }

    /// - Throws: `.invalidArgument` naming the clip for a fragment that is
    ///   not a time range, or one that ends before it starts.
    init(_ text: String) throws {
        guard let mark = Self.fragment(in: text), text != "-", access(text, F_OK) != 0 else {
            (file, start, end) = (text, 0, nil)
            return
        }
        file = String(text[..<mark.lowerBound])
        let fragment = text[mark.upperBound...]
        let range = fragment.hasPrefix("npt:") ? fragment.dropFirst(4) : fragment
        let parts = range.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        func time(_ part: Substring, _ role: String) throws -> Double {
            guard let seconds = Self.seconds(part) else {
                throw SegueError.invalidArgument("'\(text)': the trim's \(role) '\(part)' is not a time (seconds, "
                                                 + "mm:ss or hh:mm:ss, e.g. #t=12.5,48 or #t=0:01:05.5)")
            }
            return seconds
        }
        if parts.count > 1, parts[1].isEmpty {
            throw SegueError.invalidArgument("'\(text)': the trim has a ',' but no end: write #t=\(parts[0]) for the rest of the clip")
        }
        start = parts[0].isEmpty ? 0 : try time(parts[0], "start")
        end = parts.count > 1 ? try time(parts[1], "end") : nil
        if let end, end <= start {
            throw SegueError.invalidArgument("'\(text)': the trim ends at \(Seconds.text(end)), "
                                             + "not after its start at \(Seconds.text(start))")
        }
    }

    /// Where the last "#t=" in `text` starts and ends.
    private static func fragment(in text: String) -> Range<String.Index>? {
        var found: Range<String.Index>?
        var from = text.startIndex
        while let next = text[from...].firstRange(of: "#t=") {
            found = next
            from = next.upperBound
        }
        return found
    }

    /// A Media Fragments normal-play-time: seconds, mm:ss or hh:mm:ss (seconds
    /// of two digits, minutes of one or two, both below 60), with decimals.
    static func seconds(_ text: Substring) -> Double? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count), let last = fields.last,
              last.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), last.first?.isNumber == true,
              last.filter({ $0 == "." }).count <= 1, let seconds = Double(last) else { return nil }
        if fields.count == 1 { return seconds }
        let whole = fields.dropLast().map { field in field.allSatisfy { $0.isASCII && $0.isNumber } ? Int(field) : nil }
        guard whole.allSatisfy({ $0 != nil }), seconds < 60, last.prefix(while: { $0 != "." }).count == 2 else { return nil }
        let minutes = whole.last!!, hours = fields.count == 3 ? whole[0]! : 0
        guard (1...2).contains(fields[fields.count - 2].count), minutes < 60 else { return nil }
        return Double(hours * 3600 + minutes * 60) + seconds
    }
}
