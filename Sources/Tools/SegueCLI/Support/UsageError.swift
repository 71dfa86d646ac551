/// The command line itself is wrong: an unknown option, a missing or
/// malformed value, a bad spec. Exits with status 2 (failures exit with 1).
struct UsageError: Error {
    let message: String
    /// The command whose `--help` would help, if any.
    let command: String?

    init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }
}

/// `count` and its noun, as messages say it: "1 junction", "3 junctions".
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
