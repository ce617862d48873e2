/// Collects everything written, for tests and golden transcripts.
///
/// Give the same sink as the shell's output and its diagnostics to get one
/// transcript in the order a person would have seen it.
public final class TextSink: OutputSink {
    public private(set) var text = ""
    public let isTerminal: Bool

    public init(isTerminal: Bool = false) { self.isTerminal = isTerminal }

    public func write(_ text: String) { self.text += text }
}
