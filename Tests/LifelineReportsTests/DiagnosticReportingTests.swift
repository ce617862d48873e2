import Foundation
import LifelineFormat
import Testing

@testable import LifelineReports

/// An input problem's id and notes reach every report: fields of their own where the format has them
/// (JSON, JSON lines, SARIF's descriptor), the message where it has not (SARIF, GitHub, text, HTML).
@Suite("input problems' ids and notes in the reports")
struct DiagnosticReportingTests {
    static let duplicate = Diagnostic(
        .error, file: "b.rules", line: 2, column: 6, "duplicate rule id 'x'", id: "rules.duplicateID",
        notes: [Diagnostic.Note(file: "a.rules", line: 1, column: 6, "first defined here")])

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("JSON and JSON lines give the id and the notes as fields")
    func jsonFields() throws {
        let report = CheckReport(errors: [Self.duplicate])
        let errors = try #require(try Self.json(ReportFormat.json.render(report))["errors"] as? [[String: Any]])
        #expect(errors.first?["id"] as? String == "rules.duplicateID")
        let notes = try #require(errors.first?["notes"] as? [[String: Any]])
        #expect(notes.first?["file"] as? String == "a.rules" && notes.first?["line"] as? Int == 1)
        #expect(notes.first?["message"] as? String == "first defined here")

        let line = try Self.json(String(ReportFormat.jsonl.render(report).split(separator: "\n")[0]))
        #expect(line["id"] as? String == "rules.duplicateID")
        #expect((line["notes"] as? [[String: Any]])?.first?["column"] as? Int == 6)
    }

    @Test("SARIF names the id in the notification and lists it in the driver; the note is in the message")
    func sarif() throws {
        let log = try Self.json(ReportFormat.sarif.render(CheckReport(errors: [Self.duplicate])))
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect((driver["notifications"] as? [[String: Any]])?.map { $0["id"] as? String } == ["rules.duplicateID"])
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        #expect((notification["descriptor"] as? [String: Any])?["id"] as? String == "rules.duplicateID")
        #expect(
            (notification["message"] as? [String: Any])?["text"] as? String
                == "duplicate rule id 'x'; first defined here: a.rules:1:6")
    }

    @Test("the one-line reports say the note after the message; the text report leaves the caret to standard error")
    func oneLine() {
        var withExcerpt = Self.duplicate
        withExcerpt.excerpt = SourceExcerpt(lineNumber: 2, text: "rule x: never a.b", caretOffset: 5)
        let report = CheckReport(errors: [withExcerpt])
        let text = ReportFormat.text.render(report)
        #expect(text.contains("b.rules:2:6: error: duplicate rule id 'x'; first defined here: a.rules:1:6\n"))
        #expect(!text.contains("rule x: never a.b"))
        #expect(ReportFormat.github.render(report).contains("::duplicate rule id 'x'; first defined here: a.rules:1:6"))
    }
}
