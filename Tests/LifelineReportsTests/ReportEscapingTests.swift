import LifelineFormat
import LifelineRules
import Testing

@testable import LifelineReports

/// A trace is input from an app: what a report prints from it must not drive the terminal or the CI log.
@Suite("escaping trace values in reports")
struct ReportEscapingTests {
    /// A check of one violation whose session id carries an OSC title change and a cursor move.
    static func report() throws -> CheckReport {
        let rules = try RuleSet(parsing: "rule x.never per session: never sceneDidBecomeActive\n", file: "x.rules")
        let collector = CheckCollector()
        let checker = collector.checker(for: rules)
        checker.beginLaunch(LaunchRecord(launch: "L", lifecycle: .scene), trace: "t.ndjson", file: "t.ndjson", line: 1)
        checker.check(
            EventRecord(seq: 1, t: 1, event: "sceneDidBecomeActive", session: "S\u{1B}]0;pwned\u{07}\u{1B}[2A", scene: "a"),
            line: 2)
        let summary = checker.finish()
        return CheckReport(
            rules: rules.rules, findings: collector.findings, summary: summary, traces: ["t.ndjson"], diagnostics: [],
            applied: collector.applied)
    }

    @Test func theTextReportShowsControlCharactersInsteadOfObeyingThem() throws {
        let text = ReportFormat.text.render(try Self.report())
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(text.contains("session S\\x1b]0;pwned\\x07\\x1b[2A in launch L"))
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count > 3, "line structure kept")
    }

    @Test func gitHubAnnotationsEscapeControlsAndKeepNewlinesAsPercentEscapes() throws {
        let text = ReportFormat.github.render(try Self.report())
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        let annotation = try #require(text.split(separator: "\n").first)
        #expect(annotation.hasPrefix("::error file=t.ndjson,line=2,title=x.never::"))
        #expect(annotation.contains("session S\\x1b]0;pwned\\x07\\x1b[2A in launch L"))
        #expect(annotation.contains("%0A"))
    }

    @Test func jsonCarriesTheExactValue() throws {
        let text = ReportFormat.json.render(try Self.report())
        #expect(text.contains(#""session" : "S\u001b]0;pwned\u0007\u001b[2A""#))
    }
}
