import LifelineFormat
import LifelineRules
import Testing

@testable import LifelineReports

/// What fails a check and how each format says so: the gate, the status, and input problems.
@Suite("the check gate and input problems")
struct CheckGateTests {
    /// One launch that violates an error rule, a warning rule and an info rule, and leaves an error
    /// obligation pending, with the given input problems.
    static func report(_ diagnostics: [Diagnostic] = []) throws -> CheckReport {
        let rules = try RuleSet(
            parsing: """
                rule e.never per session: never sceneDidBecomeActive
                rule w.never warning per session: never sceneWillEnterForeground
                rule i.never info per session: never sceneWillResignActive
                rule p.save: sceneDidBecomeActive leads to state.save

                """, file: "x.rules")
        let collector = CheckCollector()
        let checker = collector.checker(for: rules)
        checker.beginLaunch(LaunchRecord(launch: "L", lifecycle: .scene), trace: "t.ndjson", file: "t.ndjson", line: 1)
        for (index, name) in ["sceneWillEnterForeground", "sceneDidBecomeActive", "sceneWillResignActive"].enumerated() {
            checker.check(
                EventRecord(seq: Int64(index + 1), t: Int64(index + 1), event: EventName(name), session: "S", scene: "a"), line: index + 2)
        }
        let summary = checker.finish()
        return CheckReport(
            rules: rules.rules, ruleSources: [RuleSource(.file, name: "x.rules", ruleCount: 4)], findings: collector.findings,
            summary: summary, traces: ["t.ndjson"], diagnostics: diagnostics, applied: collector.applied)
    }

    static let torn = Diagnostic(.warning, file: "t.ndjson", line: 9, column: 12, "last line is not terminated")
    static let missing = Diagnostic(.error, file: "nope.ndjson", "no such file or directory")

    @Test func theGateFailsWhatIsAtOrAboveFailOnAndPendingOnlyWhenAskedTo() throws {
        let report = try Self.report()
        func failing(_ gate: CheckGate) -> [String] { report.findings.filter(gate.fails).map(\.ruleID).sorted() }
        #expect(failing(.standard) == ["e.never"])
        #expect(failing(CheckGate(failOn: .warning)) == ["e.never", "w.never"])
        #expect(failing(CheckGate(failOn: .info)) == ["e.never", "i.never", "w.never"])
        #expect(failing(CheckGate(failOn: nil, pendingFails: true)) == [])
        #expect(failing(CheckGate(failOn: .error, pendingFails: true)) == ["e.never", "p.save"])
        #expect(report.status(.standard) == .failed)
        #expect(report.status(CheckGate(failOn: nil)) == .passed)
    }

    @Test func inputErrorsOutrankFindingsAndAllowedWarningsDoNot() throws {
        #expect(try Self.report([Self.missing]).status(CheckGate(failOn: nil)) == .inputError)
        #expect(try Self.report([Self.missing]).status(.standard).exitCode == 2)
        #expect(try Self.report([Self.torn]).status(CheckGate(failOn: nil)) == .passed)
        #expect(try Self.report([Self.torn]).summaryLine.hasSuffix("1 pending; 1 skipped line allowed"))
        #expect(try Self.report([Self.missing]).summaryLine.hasSuffix("; 1 input error: the check is incomplete"))
    }

    @Test func diagnosticsRenderCompilerStyleLeavingOutWhatIsUnknown() {
        #expect(Self.torn.description == "t.ndjson:9:12: warning: last line is not terminated")
        #expect(Self.missing.description == "nope.ndjson: error: no such file or directory")
        #expect(Diagnostic(.error, file: "a", line: 3, "m").description == "a:3: error: m")
        #expect(Self.torn.with(severity: .error).description == "t.ndjson:9:12: error: last line is not terminated")
    }

    @Test(arguments: ReportFormat.allCases)
    func everyFormatCarriesTheInputProblems(_ format: ReportFormat) throws {
        let text = format.render(try Self.report([Self.missing, Self.torn]))
        switch format {
        case .text:
            #expect(text.hasPrefix("nope.ndjson: error: no such file or directory\nt.ndjson:9:12: warning: last line"))
            #expect(text.contains("rules: x.rules (--rules, 4 rules)\n"))
        case .json:
            #expect(text.contains(#""errors" : ["#) && text.contains(#""file" : "nope.ndjson""#))
            #expect(text.contains(#""warnings" : ["#) && text.contains(#""column" : 12"#))
            #expect(text.contains(#""status" : "inputError""#))
        case .jsonl:
            let lines = text.split(separator: "\n").map(String.init)
            #expect(lines.count == 7, "two problems, four findings, the summary")
            #expect(lines.first?.contains(#""file":"nope.ndjson""#) == true && lines.first?.contains(#""type":"error""#) == true)
            #expect(lines.dropFirst().first?.contains(#""column":12"#) == true)
            #expect(lines.dropFirst().first?.contains(#""type":"warning""#) == true)
            #expect(lines.last?.contains(#""status":"inputError""#) == true && lines.last?.contains(#""type":"summary""#) == true)
        case .junit:
            #expect(text.contains("<testsuite name=\"lifeline input\""))
            #expect(text.contains("<error message=\"1 input error: no such file or directory\" type=\"input\">"))
            #expect(text.contains("<system-out>t.ndjson:9:12: warning: last line is not terminated</system-out>"))
            #expect(text.contains("<testsuites name=\"lifeline check\" tests=\"6\" failures=\"1\" errors=\"1\">"))
        case .sarif:
            #expect(text.contains("\"executionSuccessful\" : false"))
            #expect(text.contains("\"exitCode\" : 2"))
            #expect(text.contains("\"startColumn\" : 12"))
        case .github:
            #expect(
                text.hasPrefix(
                    "::error file=nope.ndjson,title=input error::no such file or directory\n"
                        + "::warning file=t.ndjson,line=9,col=12,title=skipped line::last line is not terminated\n"))
        case .html:
            #expect(text.contains(#"["error","nope.ndjson: error: no such file or directory"]"#))
            #expect(text.contains(#"["warning","t.ndjson:9:12: warning: last line is not terminated"]"#))
            #expect(text.contains(#""status":"inputError""#))
        }
    }

    @Test func belowTheGateFindingsAreReportedWithoutFailing() throws {
        let report = try Self.report()
        let junit = ReportFormat.junit.render(report, gate: .standard)
        #expect(junit.contains("failures=\"1\""))
        #expect(junit.contains("(warning, below --fail-on; does not fail the check)"))
        #expect(junit.contains("(pending; does not fail the check)"))
        let github = ReportFormat.github.render(report, gate: CheckGate(failOn: nil))
        #expect(!github.contains("::error"))
        #expect(github.contains("::warning file=t.ndjson,line=3,title=e.never::"))
        #expect(github.contains("::notice file=t.ndjson,line=4,title=i.never::"))
        let sarif = ReportFormat.sarif.render(report, gate: CheckGate(failOn: .error, pendingFails: true))
        #expect(!sarif.contains("\"kind\" : \"open\""), "a pending finding that fails is a failed result")
    }
}
