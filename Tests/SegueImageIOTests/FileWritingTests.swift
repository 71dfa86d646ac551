import Testing

/// Every test that writes through `AtomicFile` runs in this suite, one at a
/// time: `InterruptCleanup.removeAll()` is process-wide, so it must not
/// run while another test has a temporary file open.
@Suite(.serialized) enum FileWritingTests {}
