import LifelineFormat
import LifelineTerminal
import Testing

@Suite("caret diagnostics")
struct SourceDiagnosticTests {
    @Test("a diagnostic with an excerpt prints the line and a caret under its column")
    func caretUnderColumn() {
        let diagnostic = SourceDiagnostic(
            FileDiagnostic(.error, file: "rules/app.rules", line: 3, column: 46, "expected 'precedes'"),
            excerpt: SourceExcerpt(
                lineNumber: 3, text: "rule launch per launch: didFinishLaunching preceeds willConnectTo", caretOffset: 45))
        #expect(
            diagnostic.description == """
                rules/app.rules:3:46: error: expected 'precedes'
                  3 | rule launch per launch: didFinishLaunching preceeds willConnectTo
                    |                                              ^
                """)
    }

    @Test("a line typed at a prompt has a blank gutter")
    func promptLine() {
        let excerpt = SourceExcerpt(lineNumber: nil, text: "SELECT * FORM event", caretOffset: 9)
        #expect(excerpt.rendered == "    | SELECT * FORM event\n    |          ^")
    }

    @Test("the caret is placed by columns: wide characters before it take two")
    func caretAfterWideCharacters() {
        let excerpt = SourceExcerpt(lineNumber: nil, text: "SELECT '名前' FORM event", caretOffset: 11)
        #expect(excerpt.rendered == "    | SELECT '名前' FORM event\n    |              ^")
    }

    @Test("the gutter is as wide as the line number")
    func wideGutter() {
        let excerpt = SourceExcerpt(lineNumber: 1204, text: "x", caretOffset: 0)
        #expect(excerpt.rendered == "  1204 | x\n       | ^")
    }

    @Test("a UTF-8 byte column puts the caret under the character that starts there")
    func utf8Column() {
        // "é" is two bytes: byte column 4 is the third character.
        let excerpt = SourceExcerpt(lineNumber: 1, text: "éa b", utf8Column: 4)
        #expect(excerpt.caretOffset == 2)
        #expect(excerpt.rendered == "  1 | éa b\n    |   ^")
    }

    @Test("a line longer than the excerpt's width is cut to a window around the caret, its cut ends marked")
    func longLine() {
        let width = SourceExcerpt.maximumWidth
        let line = String(repeating: "a", count: 1_000) + "X" + String(repeating: "b", count: 1_000)
        let middle = SourceExcerpt(lineNumber: 1, text: line, caretOffset: 1_000).rendered.split(separator: "\n")
        let shown = String(repeating: "a", count: width / 2) + "X" + String(repeating: "b", count: width / 2 - 1)
        #expect(middle[0] == "  1 | ...\(shown)...")
        #expect(middle[1] == "    | " + String(repeating: " ", count: 3 + width / 2) + "^")

        let start = SourceExcerpt(lineNumber: 1, text: line, caretOffset: 2).rendered.split(separator: "\n")
        #expect(start[0] == "  1 | " + String(repeating: "a", count: width) + "...")
        #expect(start[1] == "    |   ^")

        let end = SourceExcerpt(lineNumber: 1, text: line, caretOffset: 2_001).rendered.split(separator: "\n")
        #expect(end[0] == "  1 | ..." + String(repeating: "b", count: width))
        #expect(end[1] == "    | " + String(repeating: " ", count: 3 + width) + "^")

        let fits = String(repeating: "c", count: width)
        #expect(SourceExcerpt(lineNumber: 1, text: fits, caretOffset: 5).rendered == "  1 | \(fits)\n    |      ^")
    }

    @Test("a negative caret offset is clamped to the start of the line")
    func negativeOffset() {
        #expect(SourceExcerpt(lineNumber: 1, text: "x", caretOffset: -3).caretOffset == 0)
    }

    @Test("the severity label is coloured from the severity, only when colour is on")
    func colouredLabel() {
        let error = SourceDiagnostic(FileDiagnostic(.error, file: "a.rules", line: 1, column: 2, "bad"))
        let warning = SourceDiagnostic(FileDiagnostic(.warning, file: "a.ndjson", "odd"))
        let colour = TerminalStyle(isEnabled: true)
        #expect(error.rendered(style: colour) == "a.rules:1:2: \u{1B}[1;31merror:\u{1B}[0m bad")
        #expect(warning.rendered(style: colour) == "a.ndjson: \u{1B}[1;33mwarning:\u{1B}[0m odd")
        #expect(error.rendered() == "a.rules:1:2: error: bad")
        #expect(warning.description == warning.diagnostic.description)
    }

    @Test("escaping makes the file, the message and the excerpt safe, not the caret")
    func escaping() {
        let diagnostic = SourceDiagnostic(
            FileDiagnostic(.error, file: "a\u{1B}]0;x\u{07}.rules", line: 1, column: 1, "bad '\u{1B}[2J'"),
            excerpt: SourceExcerpt(lineNumber: 1, text: "\u{202E}x", caretOffset: 0))
        #expect(
            diagnostic.rendered(escaping: true) == """
                a\\x1b]0;x\\x07.rules:1:1: error: bad '\\x1b[2J'
                  1 | \\u{202e}x
                    | ^
                """)
    }
}
