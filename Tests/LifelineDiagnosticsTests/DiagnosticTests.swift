import Testing

@testable import LifelineDiagnostics

@Suite("diagnostics")
struct DiagnosticTests {
    @Test("a diagnostic with an excerpt prints the line and a caret under its column")
    func caretUnderColumn() {
        let diagnostic = Diagnostic(
            .error, file: "rules/app.rules", line: 3, column: 46, "expected 'precedes'",
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

    @Test("what is not known is left out of the location, never printed as a zero")
    func partialLocations() {
        #expect(Diagnostic(.error, file: "t.ndjson", line: 3, column: 9, "bad").description == "t.ndjson:3:9: error: bad")
        #expect(Diagnostic(.error, file: "t.ndjson", line: 3, "bad").description == "t.ndjson:3: error: bad")
        #expect(Diagnostic(.warning, file: "traces/", "no traces").description == "traces/: warning: no traces")
        #expect(Diagnostic(.error, line: 14, column: 2, "bad").description == "14:2: error: bad")
        #expect(Diagnostic(.error, "bad").description == "error: bad")
        #expect(Diagnostic(.error, file: "t.ndjson", column: 4, "bad").location == "t.ndjson", "a column without a line says nothing")
    }

    @Test("a reader's diagnostic is named with its file once the caller knows it; the rest stays")
    func namedLater() {
        let found = Diagnostic(.error, line: 2, column: 5, "expected integer for \"seq\"", id: "trace.invalidValue")
        let named = found.in(file: "a.ndjson")
        #expect(named.description == "a.ndjson:2:5: error: expected integer for \"seq\"")
        #expect(named.id == "trace.invalidValue")
        #expect(named.with(severity: .warning).header == "a.ndjson:2:5: warning: expected integer for \"seq\"")
    }

    @Test("notes follow the diagnostic and its excerpt, each located where it points")
    func notes() {
        let diagnostic = Diagnostic(
            .error, file: "b.rules", line: 2, column: 6, "duplicate rule id 'launch'", id: "rules.duplicateID",
            notes: [Diagnostic.Note(file: "a.rules", line: 1, column: 6, "first defined here"), Diagnostic.Note("ids are global")],
            excerpt: SourceExcerpt(lineNumber: 2, text: "rule launch per launch: x precedes y", caretOffset: 5))
        #expect(
            diagnostic.description == """
                b.rules:2:6: error: duplicate rule id 'launch'
                  2 | rule launch per launch: x precedes y
                    |      ^
                a.rules:1:6: note: first defined here
                note: ids are global
                """)
    }

    @Test("errors that carry diagnostics describe themselves by them")
    func diagnosticErrors() {
        struct TwoProblems: DiagnosticError {
            var diagnostics: [Diagnostic] {
                [Diagnostic(.error, file: "x", line: 1, "one"), Diagnostic(.warning, file: "x", line: 2, "two")]
            }
        }
        #expect(TwoProblems().description == "x:1: error: one\nx:2: warning: two")
    }

    @Test("severities order warning below error")
    func severityOrder() {
        #expect(Diagnostic.Severity.warning < .error)
        #expect(Diagnostic.Severity.allCases.max() == .error)
    }
}
