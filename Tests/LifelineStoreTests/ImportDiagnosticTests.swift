import Foundation
import LifelineFormat
import LifelineStore
import Testing

/// The importer hands out located diagnostics with a typed severity: callers decide by it, not by the text.
@Suite("import diagnostics")
struct ImportDiagnosticTests {
    @Test func malformedLinesAreErrorsAndATornTailIsAWarningEachLocated() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = try fixture.write("t.ndjson", sceneTrace + "not json\n" + #"{"seq":99,"t":1"#)
        var diagnostics: [Diagnostic] = []
        let result = fixture.importer.importFile(at: path, label: "t.ndjson") { diagnostics.append($0) }
        #expect(result.outcome == .imported)
        let lines = sceneTrace.split(separator: "\n").count
        #expect(diagnostics.map(\.severity) == [.error, .warning])
        #expect(diagnostics.map(\.file) == ["t.ndjson", "t.ndjson"])
        #expect(diagnostics.map(\.line) == [lines + 1, lines + 2])
        #expect(diagnostics.first?.column == 1)
    }

    @Test func anUnreadableFileIsAnErrorAboutTheWholeFile() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        var diagnostics: [Diagnostic] = []
        let result = fixture.importer.importFile(at: fixture.path("missing.ndjson")) { diagnostics.append($0) }
        // Reported once, in the outcome: the diagnostics handler gets the file's lines only.
        guard case .failed(let diagnostic) = result.outcome else {
            Issue.record("imported: \(result.outcome)")
            return
        }
        #expect(diagnostic.description == "\(fixture.path("missing.ndjson")): error: cannot open: No such file or directory")
        #expect(diagnostic.id == "trace.file")
        #expect(diagnostics.isEmpty)
    }
}
