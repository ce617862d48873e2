import Foundation
import Testing

/// End-to-end tests of `lifeline report` and `lifeline check --format html` on the built binary.
@Suite("lifeline report")
struct ReportCommandTests {
    static func run(_ arguments: [String], _ directory: URL) throws -> LifelineCommandTests.Run {
        try LifelineCommandTests.run(arguments, in: directory)
    }

    /// The text of the `<script type="application/json">` element with `id`, parsed.
    static func data(_ id: String, in html: String) throws -> [String: Any] {
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"\(id)\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let object = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
        return try #require(object as? [String: Any])
    }

    @Test func aReportOfTracesWithViolationsIsWrittenAndExitsZero() throws {
        let directory = try CheckCommandTests.fixture()
        let result = try Self.run(["report", "bad.ndjson", "legal.ndjson", "-o", "report.html"], directory)
        #expect(result.status == 0, "the report shows findings; it does not fail on them")
        #expect(
            result.stdout == """
                checked 2 traces (2 launches, 8 events) against 37 rules: 1 error, 1 warning, 0 info, 0 pending
                wrote report.html (2 launch timelines)

                """)
        let html = try String(contentsOf: directory.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        let summary = try Self.data("lifeline-data", in: html)
        #expect((summary["launches"] as? [[Any]])?.map { $0[0] as? String } == ["L2", "L1"])
        let findings = try #require(summary["findings"] as? [[Any]])
        #expect(findings.map { $0[1] as? String } == ["scene.connect-after-launch", "scene.background-within-5s"])
        let witnesses = try #require(findings.first?[10] as? [[Any]])
        let offending = try #require(witnesses.first { $0[0] as? String == "offending" })
        #expect(offending[1] as? Int == 0 && offending[2] as? Int == 0, "willConnectTo is launch 0's first event")
        let events = try #require(try Self.data("launch-1", in: html)["e"] as? [[Any]])
        #expect(events.count == 4)
    }

    @Test func checkWritesAnHTMLArtifactWithCheckExitStatus() throws {
        let directory = try CheckCommandTests.fixture()
        let result = try Self.run(["check", "bad.ndjson", "--format", "html", "-o", "check.html"], directory)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("checked 1 trace (1 launch, 4 events)"))
        let html = try String(contentsOf: directory.appendingPathComponent("check.html"), encoding: .utf8)
        #expect(try Self.data("lifeline-data", in: html)["status"] as? String == "failed")
        #expect(try (Self.data("launch-0", in: html)["e"] as? [[Any]])?.count == 4)
    }

    @Test func aReportOfADatabaseFindsTheWitnessesInItsTimelines() throws {
        let directory = try CheckCommandTests.fixture()
        #expect(try Self.run(["import", "bad.ndjson", "--db", "t.db"], directory).status == 0)
        let result = try Self.run(["report", "t.db", "-o", "db.html"], directory)
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: directory.appendingPathComponent("db.html"), encoding: .utf8)
        let findings = try #require(try Self.data("lifeline-data", in: html)["findings"] as? [[Any]])
        #expect(findings.count == 2)
        for finding in findings {
            #expect(finding[6] as? Int == 0)
            let witnesses = try #require(finding[10] as? [[Any]])
            #expect(witnesses.contains { ($0[2] as? Int ?? -1) >= 0 }, "a witness of \(finding[1]) is placed on the timeline")
        }
    }

    @Test func anInputErrorExitsTwoAndTheReportShowsIt() throws {
        let directory = try CheckCommandTests.fixture()
        let result = try Self.run(["report", "legal.ndjson", "nope.ndjson", "-o", "r.html"], directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("nope.ndjson: error: no such file or directory"))
        let html = try String(contentsOf: directory.appendingPathComponent("r.html"), encoding: .utf8)
        let problems = try #require(try Self.data("lifeline-data", in: html)["problems"] as? [[String]])
        #expect(problems.contains(["error", "nope.ndjson: error: no such file or directory"]))
    }

    @Test func theOutputFileIsRequiredAndAnUnwritableOneIsAnError() throws {
        let directory = try CheckCommandTests.fixture()
        let missing = try Self.run(["report", "legal.ndjson"], directory)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("Missing expected argument '--output <output>'"))
        let unwritable = try Self.run(["report", "legal.ndjson", "-o", "."], directory)
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.contains("error:") && unwritable.stderr.contains("directory"))
    }

    @Test func withoutPathsTheDefaultDatabaseIsReportedOrItsAbsenceIsAnError() throws {
        let directory = try CheckCommandTests.fixture()
        let missing = try Self.run(["report", "-o", "r.html"], directory)
        #expect(missing.status == 2)
        #expect(missing.stderr == "lifeline.db: error: no such database; give trace files or run 'lifeline import' first\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("r.html").path))
        #expect(try Self.run(["import", "legal.ndjson"], directory).status == 0)
        let found = try Self.run(["report", "-o", "r.html"], directory)
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.hasSuffix("wrote r.html (1 launch timeline)\n"))
    }

    @Test func rulesThatDoNotLoadExitTwoWithTheirLocatedError() throws {
        let directory = try CheckCommandTests.fixture()
        try "rule broken per launch: never\n".write(to: directory.appendingPathComponent("x.rules"), atomically: true, encoding: .utf8)
        let result = try Self.run(["report", "legal.ndjson", "--rules", "x.rules", "-o", "r.html"], directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("x.rules:2:1: error: expected an event name"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("r.html").path))
    }
}
