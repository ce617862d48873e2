/// Reads the lines a shell session consists of, from a person or a script.
///
/// ``ReadlineLineReader`` serves a terminal (prompt, line editing, history,
/// completion); ``StreamLineReader`` serves pipes, files and tests (no prompt,
/// no echo).
package protocol LineReader: AnyObject {
    /// Reads the next line, showing `prompt` when a person is typing.
    func readLine(prompt: String) -> LineInput
    /// Whether a person is typing (prompts, a banner, colour on errors).
    var isInteractive: Bool { get }
    /// The input's name for diagnostics (`session.sql`, `<stdin>`), nil on a terminal.
    var sourceName: String? { get }
    /// The 1-based number of the line last read.
    var lineNumber: Int { get }
}
