import Foundation
import LifelineFormat
import LifelineRules
import Testing

@testable import LifelineReports

/// `--format jsonl`: one object per line, each with a `type`, the summary last.
@Suite("the JSON lines report")
struct JSONLinesReportTests {
    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func everyFindingAndProblemIsOneObjectAndTheSummaryComesLast() throws {
        let report = try CheckGateTests.report([CheckGateTests.missing, CheckGateTests.torn])
        let text = ReportFormat.jsonl.render(report, gate: .standard)
        #expect(text.hasSuffix("}\n"))
        let objects = try Self.objects(text)
        #expect(objects.map { $0["type"] as? String } == ["error", "warning", "finding", "finding", "finding", "finding", "summary"])
        let findings = objects.filter { $0["type"] as? String == "finding" }
        #expect(findings.compactMap { $0["rule"] as? String }.sorted() == ["e.never", "i.never", "p.save", "w.never"])
        let error = try #require(findings.first { $0["rule"] as? String == "e.never" })
        #expect(error["seq"] as? Int == 2)
        #expect(error["event"] as? String == "sceneDidBecomeActive(_:)")
        #expect(error["line"] as? Int == 3)
        #expect(error["file"] as? String == "t.ndjson")
        #expect(error["session"] as? String == "S")
        #expect(error["launch"] as? String == "L")
        #expect(error["fails"] as? Bool == true)
        #expect(error["status"] as? String == "violated")
        let pending = try #require(findings.first { $0["rule"] as? String == "p.save" })
        #expect(pending["status"] as? String == "pending")
        #expect(pending["fails"] as? Bool == false)
        let summary = try #require(objects.last)
        #expect(summary["status"] as? String == "inputError")
        #expect(summary["exitStatus"] as? Int == 2)
        #expect(summary["error"] as? Int == 1 && summary["warning"] as? Int == 1 && summary["pending"] as? Int == 1)
        let sources = try #require(summary["ruleSources"] as? [[String: Any]])
        #expect(sources.first?["name"] as? String == "x.rules")
    }

    @Test func aMessageWithNewlinesStaysOnItsLine() throws {
        let problem = Diagnostic(.error, file: "a\nb.ndjson", line: 1, column: 1, "two\nlines")
        let text = ReportFormat.jsonl.render(CheckReport(errors: [problem]), gate: .standard)
        let objects = try Self.objects(text)
        #expect(objects.count == 2)
        #expect(objects.first?["file"] as? String == "a\nb.ndjson")
        #expect(objects.first?["message"] as? String == "two\nlines")
    }
}
