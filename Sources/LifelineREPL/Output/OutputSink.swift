/// A destination for the shell's text: its results, or its diagnostics.
///
/// The shell writes through sinks rather than `print`, so tests collect a
/// session's transcript in a ``TextSink`` and `.output FILE` swaps in a
/// ``FileDescriptorSink`` on the file.
public protocol OutputSink: AnyObject {
    /// Writes `text` as is (the shell has already escaped values from the database).
    func write(_ text: String)
    /// Whether a person is looking at it: a terminal gets colour and tables sized to its width.
    var isTerminal: Bool { get }
}
