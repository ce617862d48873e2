import Foundation
import LifelineFormat
import Testing

@_spi(Reference) @testable import LifelineRules

/// Traces that record only some callbacks (`records` in the launch record): rules that need an
/// unrecorded callback are not applicable, machines follow the recorded callbacks through the others.
@Suite("Partial instrumentation")
struct PartialRecordsTests {
    /// What checking `trace` against `rules` gave: findings, rules not applicable, the summary.
    struct Outcome {
        var findings: [Finding] = []
        var inapplicable: [Inapplicability] = []
        var summary: CheckSummary?
    }

    private func check(_ rules: String, _ trace: String, assumed: CallbackSet? = nil) throws -> Outcome {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("partial-\(UUID().uuidString).ndjson")
        try trace.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        var outcome = Outcome()
        let ruleSet = try RuleSet(parsing: rules, file: "t.rules")
        let checker = RuleChecker(
            rules: ruleSet, onFinding: { outcome.findings.append($0) }, onNotApplicable: { outcome.inapplicable.append($0) })
        checker.assumedRecords = assumed
        try checker.check(file: url.path, label: "t.ndjson")
        outcome.summary = checker.finish()
        return outcome
    }

    static let scene = #""session":"S1","scene":"0x1""#

    /// A launch record with `records` (or none) followed by scene callbacks, one per line.
    static func trace(records: String?, _ callbacks: [String]) -> String {
        var text = #"{"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene""#
        if let records { text += #","records":"# + records }
        text += "}\n"
        for (index, callback) in callbacks.enumerated() {
            text += #"{"seq":\#(index + 1),"t":\#(index * 10),"event":"\#(callback)",\#(scene)}"# + "\n"
        }
        return text
    }

    @Test func aPrecedenceRuleNeedingAnUnrecordedCauseIsNotApplicableRatherThanViolated() throws {
        let rules = "rule connect-first per scene: willConnectTo precedes sceneDidBecomeActive"
        let events = ["sceneWillEnterForeground", "sceneDidBecomeActive"]
        let partial = try check(rules, Self.trace(records: #"["sceneWillEnterForeground","sceneDidBecomeActive"]"#, events))
        #expect(partial.findings.isEmpty)
        #expect(
            partial.inapplicable.map(\.headline) == [
                "t.ndjson:1: not applicable[connect-first]: needs 'willConnectTo', which this trace does not record"
            ])
        #expect(partial.summary?.rules.first?.tally.notApplicable == 1)
        #expect(partial.summary?.rules.first?.tally.instances == 0)
        // The same events in a trace that records everything: the violation they give today.
        let complete = try check(rules, Self.trace(records: nil, events))
        #expect(complete.inapplicable.isEmpty)
        #expect(complete.findings.map(\.ruleID) == ["connect-first"])
    }

    @Test func aRuleIsApplicableWhenTheLaunchRecordsEveryCallbackItNames() throws {
        let rules = "rule fg-first per scene: sceneWillEnterForeground precedes sceneDidBecomeActive"
        let outcome = try check(
            rules, Self.trace(records: #"["sceneWillEnterForeground","sceneDidBecomeActive"]"#, ["sceneDidBecomeActive"]))
        #expect(outcome.inapplicable.isEmpty)
        #expect(outcome.findings.map(\.reason) == [.unpreceded])
    }

    @Test(
        "a rule is not applicable exactly when nothing it could raise is provable or observable",
        arguments: [
            // A bounded response whose response may go unseen: every trigger may have been answered.
            ("sceneDidBecomeActive within 1s after sceneWillEnterForeground", ["sceneWillEnterForeground"], ["sceneDidBecomeActive"]),
            // Its trigger unrecorded: nothing can raise a finding.
            ("sceneDidBecomeActive within 1s after sceneWillEnterForeground", ["sceneDidBecomeActive"], ["sceneWillEnterForeground"]),
            // An unrecorded opener: the scope never opens in what the trace shows.
            ("after willConnectTo until sceneDidDisconnect: never db.open", ["sceneDidDisconnect"], ["willConnectTo"]),
            // An unrecorded closer: one just before any event takes it out of scope.
            (
                "between sceneWillEnterForeground and sceneDidEnterBackground: eventually sceneDidBecomeActive", ["sceneDidBecomeActive"],
                ["sceneWillEnterForeground", "sceneDidEnterBackground"]
            ),
            ("never willConnectTo", [], ["willConnectTo"]),
            // One alternative of a response's trigger unrecorded: the recorded one's findings stand.
            ("sceneWillEnterForeground | willConnectTo leads to sceneDidBecomeActive", ["willConnectTo", "sceneDidBecomeActive"], []),
            // One alternative of a forbidden event unrecorded (openURLContexts): a recorded one is a violation whatever it did.
            (
                "after sceneDidDisconnect until willConnectTo: never sceneDidBecomeActive | sceneOpenURLContexts",
                ["sceneDidDisconnect", "willConnectTo", "sceneDidBecomeActive"], []
            ),
            // A precedence whose cause may go unseen proves nothing; its effect alone unrecorded is unobservable.
            ("willConnectTo precedes sceneDidBecomeActive", ["sceneDidBecomeActive"], ["willConnectTo"]),
            ("willConnectTo precedes sceneDidBecomeActive", ["willConnectTo"], ["sceneDidBecomeActive"]),
        ])
    func judged(body: String, recorded: [String], blocking: [String]) throws {
        let rule = try #require(try RuleSet(parsing: "rule r per scene: \(body)", file: "t.rules").rules.first)
        let launch = LaunchRecord(records: CallbackSet(recorded.compactMap(Callback.init(named:))))
        #expect(Set(rule.unrecordedCallbacks(in: launch)) == Set(blocking.compactMap(Callback.init(named:))))
        #expect(rule.unrecordedCallbacks(in: LaunchRecord()).isEmpty, "no records field: every callback is recorded")
        #expect(rule.unrecordedCallbacks(in: LaunchRecord(records: rule.callbacks)).isEmpty)
    }

    @Test func aLogThatBeginsMidRunProvesNothingThatMayHaveHappenedBeforeItsFirstLine() throws {
        let rule = { (body: String) throws -> Rule in
            try #require(try RuleSet(parsing: "rule r per scene: \(body)", file: "t.rules").rules.first)
        }
        let excerpt = LaunchRecord(excerpt: true)
        #expect(try rule("before willConnectTo: never sceneDidBecomeActive").unrecordedCallbacks(in: excerpt) == [.willConnectTo])
        #expect(try rule("willConnectTo precedes sceneDidBecomeActive").unrecordedCallbacks(in: excerpt) == [.willConnectTo])
        #expect(
            try rule("after sceneDidDisconnect until willConnectTo: never sceneDidBecomeActive").unrecordedCallbacks(in: excerpt).isEmpty)
        #expect(try rule("at most 1 didFinishLaunching").unrecordedCallbacks(in: excerpt).isEmpty)
    }

    @Test func severalMissingCallbacksAreNamedInTheReason() throws {
        let outcome = try check(
            "rule chain per scene: didFinishLaunching then willConnectTo precedes sceneDidBecomeActive",
            Self.trace(records: #"["sceneDidBecomeActive"]"#, ["sceneDidBecomeActive"]))
        #expect(
            outcome.inapplicable.map(\.reason) == [
                "needs 'didFinishLaunching' and 'willConnectTo', which this trace does not record"
            ])
    }

    @Test func assumedRecordsApplyOnlyToLaunchesThatDoNotSay() throws {
        let rules = "rule connect-first per scene: willConnectTo precedes sceneDidBecomeActive"
        let assumed = CallbackSet([.sceneDidBecomeActive])
        let silent = try check(rules, Self.trace(records: nil, ["sceneDidBecomeActive"]), assumed: assumed)
        #expect(silent.findings.isEmpty)
        #expect(silent.inapplicable.count == 1)
        let declared = try check(
            rules, Self.trace(records: #"["willConnectTo","sceneDidBecomeActive"]"#, ["sceneDidBecomeActive"]), assumed: assumed)
        #expect(declared.inapplicable.isEmpty)
        #expect(declared.findings.count == 1)
    }

    // MARK: - Machines

    static let machine = """
        rule active-once per scene: never x.none
        machine states per scene {
          initial unattached
          unattached -> connected on willConnectTo
          connected, background -> inactive on sceneWillEnterForeground
          inactive -> active on sceneDidBecomeActive
          active -> active on sceneDidBecomeActive { reported by active-once }
          active -> inactive on sceneWillResignActive
          inactive -> background on sceneDidEnterBackground
          active -> background on sceneDidEnterBackground { severity warning }
          * -> gone on sceneDidDisconnect
        }
        """

    static let withoutConnect =
        #"["sceneWillEnterForeground","sceneDidBecomeActive","sceneWillResignActive","sceneDidEnterBackground","sceneDidDisconnect"]"#

    @Test func aMachineFollowsTheRecordedCallbacksThroughAnUnrecordedOne() throws {
        let events = [
            "sceneWillEnterForeground", "sceneDidBecomeActive", "sceneWillResignActive", "sceneDidEnterBackground",
            "sceneWillEnterForeground", "sceneDidBecomeActive", "sceneWillResignActive", "sceneDidEnterBackground",
            "sceneDidDisconnect",
        ]
        let partial = try check(Self.machine, Self.trace(records: Self.withoutConnect, events))
        #expect(partial.findings.isEmpty)
        #expect(partial.inapplicable.isEmpty)
        // Recording everything, the scene never connected: every callback but the `*` disconnect is an error.
        let complete = try check(Self.machine, Self.trace(records: nil, events))
        #expect(complete.findings.map(\.reason) == Array(repeating: .undeclaredTransition(state: "unattached"), count: 8))
    }

    @Test func aMachineStillReportsWhatNoPossibleStateAccepts() throws {
        let events = ["sceneWillEnterForeground", "sceneWillEnterForeground", "sceneDidBecomeActive", "sceneDidEnterBackground"]
        let outcome = try check(Self.machine, Self.trace(records: Self.withoutConnect, events))
        #expect(
            outcome.findings.map(\.headline) == [
                "t.ndjson:3: error[states]: sceneWillEnterForeground(_:) for scene 0x1 (session S1) in launch L1 came in state 'inactive', where it is not expected",
                "t.ndjson:5: warning[states]: sceneDidEnterBackground(_:) for scene 0x1 (session S1) in launch L1 came in state 'active', moving to 'background'",
            ])
    }

    @Test func aMachineLeavesToItsRuleWhatThatRuleReports() throws {
        let events = ["sceneWillEnterForeground", "sceneDidBecomeActive", "sceneDidBecomeActive"]
        let outcome = try check(Self.machine, Self.trace(records: Self.withoutConnect, events))
        #expect(outcome.findings.isEmpty, "active -> active is reported by active-once, not by the machine")
    }

    @Test func aMachineNamingOnlyUnrecordedCallbacksIsNotApplicable() throws {
        let outcome = try check(Self.machine, Self.trace(records: #"["applicationDidBecomeActive"]"#, []))
        #expect(outcome.inapplicable.map(\.ruleID) == ["states"])
        #expect(outcome.inapplicable.first?.reason.hasPrefix("names only callbacks this trace does not record ('willConnectTo'") == true)
    }

    @Test func theReferenceEvaluatorAgreesOnTheMachineExamples() throws {
        let rules = try RuleSet(parsing: Self.machine, file: "t.rules")
        for events in [
            ["sceneWillEnterForeground", "sceneWillEnterForeground", "sceneDidBecomeActive", "sceneDidEnterBackground"],
            ["sceneWillEnterForeground", "sceneDidBecomeActive", "sceneDidBecomeActive", "sceneDidDisconnect", "sceneWillEnterForeground"],
        ] {
            let text = Self.trace(records: Self.withoutConnect, events)
            let outcome = try check(Self.machine, text)
            var launches: [ReferenceEvaluator.Launch] = []
            for (number, line) in text.split(separator: "\n").enumerated() {
                switch try TraceRecord(parsing: String(line), lineNumber: number + 1) {
                case .launch(let record):
                    launches.append(
                        ReferenceEvaluator.Launch(record: record, trace: "t.ndjson", file: "t.ndjson", line: number + 1, events: []))
                case .event(let event):
                    launches[launches.count - 1].events.append((event, number + 1))
                }
            }
            let reference = ReferenceEvaluator.evaluate(rules, launches: launches).findings.sorted()
            #expect(outcome.findings.map(ReferenceFinding.init).sorted() == reference)
            #expect(!reference.isEmpty)
        }
    }
}
