/// Collects everything written, for tests and golden transcripts.
///
/// Give the same sink as the shell's output and its diagnostics to get one
/// transcript in the order a person would have seen it.
package final class TextSink: OutputSink {
    package private(set) var text = ""
    package let isTerminal: Bool

    package init(isTerminal: Bool = false) { self.isTerminal = isTerminal }

    package func write(_ text: String) { self.text += text }
}
