/// The line a diagnostic points into, and a caret under the column it points at.
///
/// The one caret renderer: rules files, scenario scripts and the REPL's SQL all
/// print their excerpts through it.
///
/// ```
///   3 | rule launch per launch: didFinishLaunching preceeds willConnectTo
///     |                                              ^
/// ```
///
/// A line typed at a prompt has no number to show; its gutter stays blank:
///
/// ```
///     | SELECT * FORM event
///     |          ^
/// ```
package struct SourceExcerpt: Hashable, Sendable {
    /// The line's number in its file, or nil for a line typed at a prompt.
    package var lineNumber: Int?
    /// The line as it is shown (already escaped, when it comes from untrusted input).
    package var text: String
    /// Characters before the caret.
    package var caretOffset: Int

    package init(lineNumber: Int?, text: String, caretOffset: Int) {
        self.lineNumber = lineNumber
        self.text = text
        self.caretOffset = max(0, caretOffset)
    }

    /// An excerpt whose column counts UTF-8 bytes from 1 (the scenario parser's): the caret goes
    /// under the character that starts at that byte.
    package init(lineNumber: Int?, text: String, utf8Column column: Int) {
        let prefix = text.utf8.prefix(max(0, column - 1))
        self.init(lineNumber: lineNumber, text: text, caretOffset: String(decoding: prefix, as: UTF8.self).count)
    }

    /// The two lines, without a final newline.
    package var rendered: String {
        let number = lineNumber.map(String.init) ?? ""
        let gutter = String(repeating: " ", count: max(number.count, 1))
        return "  \(number.isEmpty ? gutter : number) | \(text)\n"
            + "  \(gutter) | \(String(repeating: " ", count: TerminalText.width(String(text.prefix(caretOffset)))))^"
    }
}
