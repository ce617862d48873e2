import LifelineFormat
import LifelineTerminal
import Testing

@Suite("diagnostics on a terminal")
struct DiagnosticRenderingTests {
    @Test("the severity label is coloured from the severity, only when colour is on")
    func colouredLabel() {
        let error = Diagnostic(.error, file: "a.rules", line: 1, column: 2, "bad")
        let warning = Diagnostic(.warning, file: "a.ndjson", "odd")
        let colour = TerminalStyle(isEnabled: true)
        #expect(error.rendered(style: colour) == "a.rules:1:2: \u{1B}[1;31merror:\u{1B}[0m bad")
        #expect(warning.rendered(style: colour) == "a.ndjson: \u{1B}[1;33mwarning:\u{1B}[0m odd")
        #expect(error.rendered() == error.description)
        #expect(warning.rendered() == warning.description)
    }

    @Test("escaping makes the file, the message, the excerpt and the notes safe, not the caret")
    func escaping() {
        let diagnostic = Diagnostic(
            .error, file: "a\u{1B}]0;x\u{07}.rules", line: 1, column: 1, "bad '\u{1B}[2J'",
            notes: [Diagnostic.Note(file: "b\u{1B}.rules", line: 4, "first \u{9B}here")],
            excerpt: SourceExcerpt(lineNumber: 1, text: "\u{202E}x", caretOffset: 0))
        #expect(
            diagnostic.rendered(escaping: true) == """
                a\\x1b]0;x\\x07.rules:1:1: error: bad '\\x1b[2J'
                  1 | \\u{202e}x
                    | ^
                b\\x1b.rules:4: note: first \\u{9b}here
                """)
    }
}
