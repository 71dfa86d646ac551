import Glibc

/// The per-thread message behind `segue_last_error()`: a C string kept in a
/// pthread key, so threads never see or overwrite each other's.
enum LastError {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        guard pthread_key_create(&key, { free($0) }) == 0 else {
            fatalError("segue: cannot create the thread key for error messages")
        }
        return key
    }()

    private static let empty = StaticString("")

    /// Replaces this thread's message.
    static func set(_ message: String) {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, strdup(message))
        free(previous)
    }

    /// Clears this thread's message (after a call that succeeded).
    static func clear() {
        guard let previous = pthread_getspecific(key) else { return }
        pthread_setspecific(key, nil)
        free(previous)
    }

    /// This thread's message; "" when there is none. Valid until the next
    /// status-returning call on this thread.
    static var current: UnsafePointer<CChar> {
        if let message = pthread_getspecific(key) {
            return UnsafePointer(message.assumingMemoryBound(to: CChar.self))
        }
        return UnsafeRawPointer(empty.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
