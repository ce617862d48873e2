import LifelineFormat
import LifelineRules
import Testing

@testable import LifelineReports

/// Rules not applicable to some launches of a trace (partial instrumentation), as the reports say it.
@Suite("not applicable in the reports")
struct NotApplicableReportTests {
    /// Three launches in one trace: two record only `sceneDidBecomeActive`, one records everything.
    static func report() throws -> CheckReport {
        let rules = try RuleSet(
            parsing: """
                rule connect-first per scene: willConnectTo precedes sceneDidBecomeActive
                rule once per scene: at most 1 sceneDidBecomeActive

                """, file: "x.rules")
        let collector = CheckCollector()
        let checker = collector.checker(for: rules)
        let partial = CallbackSet([.sceneDidBecomeActive])
        for (index, records) in [partial, partial, nil].enumerated() {
            checker.beginLaunch(
                LaunchRecord(launch: "L\(index + 1)", lifecycle: .scene, records: records), trace: "t.ndjson", file: "t.ndjson",
                line: index * 2 + 1)
            checker.check(EventRecord(seq: 1, t: 1, event: EventName(.sceneDidBecomeActive), session: "S", scene: "a"), line: index * 2 + 2)
        }
        let summary = checker.finish()
        return CheckReport(
            rules: rules.rules, findings: collector.findings, summary: summary, traces: ["t.ndjson"], diagnostics: [],
            applied: collector.applied, notApplicable: collector.notApplicable)
    }

    @Test func launchesNotApplicableForTheSameReasonAreOneGroup() throws {
        let report = try Self.report()
        #expect(report.notApplicable.map(\.slice.launch) == ["L1", "L2"])
        #expect(
            report.notApplicableGroups.map(\.headline) == [
                "t.ndjson:1: not applicable[connect-first]: needs 'willConnectTo', which this trace does not record (2 launches)"
            ])
        #expect(report.summary.rules.first?.tally.notApplicable == 2)
        #expect(report.applies("connect-first", to: "t.ndjson"), "judged on the launch that records everything")
        #expect(report.findings.map(\.ruleID) == ["connect-first"], "the third launch's violation")
    }

    @Test func aRuleJudgedOnSomeLaunchesIsATestThatRanWithTheOthersInItsOutput() throws {
        let junit = JUnitReport.render(try Self.report(), gate: .standard)
        #expect(!junit.contains("<skipped"))
        #expect(junit.contains("skipped=\"0\""))
        #expect(
            junit.contains(
                "<system-out>t.ndjson:1: not applicable[connect-first]: needs &apos;willConnectTo&apos;, which this trace does not record (2 launches)</system-out>"
            ))
    }

    @Test func notApplicableNeverFailsTheCheck() throws {
        let report = try Self.report()
        #expect(report.status(CheckGate(failOn: nil)) == .passed)
        let sarif = SARIFReport.render(report, gate: CheckGate(failOn: nil))
        #expect(sarif.contains("\"kind\" : \"notApplicable\""))
        #expect(sarif.contains("\"launches\" : 2"))
        #expect(sarif.contains("\"exitCode\" : 0"))
    }
}
