import Glibc
import CInterruptCleanup
import SegueBasics

/// What to remove if the process is interrupted: files being written,
/// staged folders, numbered frames. The registrations live in a table a
/// signal handler reads without locks (`interrupt_cleanup.h`); the handler,
/// which only programs install (the `segue` tool does), removes everything
/// registered and exits with 128 + the signal. Nothing it does can block or
/// touch the heap, so it is async-signal-safe.
public enum InterruptCleanup {
    /// One registration, forgotten when `forget()` is called or the object goes.
    public final class Registration: @unchecked Sendable {
        private let ticket: Int32

        fileprivate init(_ ticket: Int32, _ what: String) throws {
            guard ticket >= 0 else {
                throw SegueError(.io, "cannot write \(what): more than \(INTERRUPT_CLEANUP_SLOTS) files are being "
                    + "written at once, or the path is longer than \(INTERRUPT_CLEANUP_PATH_MAX - 1) bytes")
            }
            self.ticket = ticket
        }

        /// For a sequence: how many of its numbered files exist (numbers first..<first + count).
        public func setCount(_ count: Int) {
            interrupt_cleanup_set_count(ticket, count)
        }

        /// What it names is the caller's again: an interrupt leaves it.
        public func forget() {
            interrupt_cleanup_remove(ticket)
        }

        deinit { forget() }
    }

    /// A file to unlink.
    /// - Throws: `.io` when the table is full or the path too long.
    public static func file(_ path: String) throws -> Registration {
        try Registration(interrupt_cleanup_add_file(path), "'\(path)'")
    }

    /// A folder to remove, with the files directly in it.
    public static func folder(_ path: String) throws -> Registration {
        try Registration(interrupt_cleanup_add_folder(path), "'\(path)'")
    }

    /// Numbered files `prefix` + n (padded to `width` digits, with zeros when
    /// `zeroPadded`, else spaces) + `suffix`, for n below the count set on
    /// the registration.
    public static func sequence(prefix: String, width: Int, zeroPadded: Bool, suffix: String,
                                first: Int = 0) throws -> Registration {
        try Registration(interrupt_cleanup_add_sequence(prefix, Int32(width), zeroPadded ? 1 : 0, suffix, first),
                         "'\(prefix)…\(suffix)'")
    }


    /// Removes everything registered, as the handler does before exiting.
    public static func removeAll() {
        interrupt_cleanup_remove_all()
    }

    /// Installs the handler for SIGINT, SIGTERM, SIGHUP and SIGPIPE.
    public static func installHandlers() {
        interrupt_cleanup_install()
    }
}
