/// A destination for the shell's text: its results, or its diagnostics.
///
/// The shell writes through sinks rather than `print`, so tests collect a
/// session's transcript in a ``TextSink`` and `.output FILE` swaps in a
/// ``FileDescriptorSink`` on the file.
package protocol OutputSink: AnyObject {
    /// Writes `text` as is (the shell has already escaped values from the database).
    func write(_ text: String)
    /// Writes bytes as they are: machine formats print a blob's bytes, which need not be UTF-8.
    func write(bytes: [UInt8])
    /// Whether a person is looking at it: a terminal gets colour and tables sized to its width.
    var isTerminal: Bool { get }
    /// Why a write failed since the last call (`"no space left on device"`), then forgets it; nil when all went well.
    ///
    /// The shell asks after each command, so a full disk or `.output /dev/full`
    /// is an error the session reports (and a script exits 1 for), not lost text.
    func takeWriteFailure() -> String?
}

extension OutputSink {
    /// Sinks that hold text decode the bytes (invalid UTF-8 becomes U+FFFD).
    package func write(bytes: [UInt8]) { write(String(decoding: bytes, as: UTF8.self)) }

    /// Sinks that cannot fail (a string in memory) have nothing to report.
    package func takeWriteFailure() -> String? { nil }
}
