import Foundation
import LifelineFormat
import Testing

@testable import LifelineRules

@Suite("Rule checker")
struct RuleCheckerTests {
    /// Checks NDJSON text written to a temporary file; returns findings and the summary.
    private func check(_ rules: String, _ trace: String, label: String = "t.ndjson") throws -> ([Finding], CheckSummary) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString).ndjson")
        try trace.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        var findings: [Finding] = []
        let checker = RuleChecker(rules: try RuleSet(parsing: rules, file: "t.rules"), onFinding: { findings.append($0) })
        try checker.check(file: url.path, label: label)
        let summary = checker.finish()  // pending findings arrive here
        return (findings, summary)
    }

    @Test func aMachineTransitionWithASeverityIsTakenAndReportedAtItsOwnSeverityAndMessage() throws {
        let (findings, summary) = try check(
            """
            rule quiet per scene: never x.never
            machine m per scene {
              message "scene states"
              reference "the machine's source"
              initial unattached
              unattached -> connected on willConnectTo
              connected -> active on sceneDidBecomeActive {
                severity warning
                message "a scene becomes active without entering the foreground"
                reference "W2"
              }
              active -> active on sceneDidBecomeActive { reported by quiet }
              connected -> inactive on sceneWillEnterForeground
            }
            """,
            """
            {"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}
            {"seq":1,"t":10,"event":"willConnectTo","session":"S1","scene":"a"}
            {"seq":2,"t":20,"event":"sceneDidBecomeActive","session":"S1","scene":"a"}
            {"seq":3,"t":30,"event":"sceneDidBecomeActive","session":"S1","scene":"a"}
            {"seq":4,"t":40,"event":"sceneWillEnterForeground","session":"S1","scene":"a"}

            """)
        #expect(
            findings.map(\.headline) == [
                "t.ndjson:3: warning[m]: sceneDidBecomeActive(_:) for scene a (session S1) in launch L1 came in state 'connected', moving to 'active'",
                "t.ndjson:5: error[m]: sceneWillEnterForeground(_:) for scene a (session S1) in launch L1 came in state 'active', where it is not expected",
            ])
        #expect(findings.map(\.message) == ["a scene becomes active without entering the foreground", "scene states"])
        #expect(findings.map(\.reference) == ["W2", "the machine's source"])
        #expect(findings.map(\.reason) == [.flaggedTransition(state: "connected"), .undeclaredTransition(state: "active")])
        // The trigger is the event that entered the state the transition left.
        #expect(findings.first?.witnesses.map(\.role) == [.trigger, .offending])
        #expect(findings.first?.witnesses.first?.line == 2)
        #expect(summary.violations == 2)
    }

    @Test func aBareFieldHoldsWhenTheEventHasItWhateverItsValue() throws {
        let (findings, _) = try check(
            """
            rule named per launch: never configurationForConnecting[session]
            rule sized per launch: never db.write[bytes, thread = main]
            """,
            """
            {"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}
            {"seq":1,"t":10,"event":"configurationForConnecting"}
            {"seq":2,"t":20,"event":"configurationForConnecting","session":"S1"}
            {"seq":3,"t":30,"event":"db.write","thread":"main"}
            {"seq":4,"t":40,"event":"db.write","thread":"main","attrs":{"bytes":0}}
            {"seq":5,"t":50,"event":"db.write","thread":"io","attrs":{"bytes":10}}

            """)
        #expect(
            findings.map(\.headline) == [
                "t.ndjson:3: error[named]: unexpected application(_:configurationForConnecting:options:) in launch L1",
                "t.ndjson:5: error[sized]: unexpected db.write with a 'bytes' and whose thread is \"main\" in launch L1",
            ])
    }

    /// `swiftui.scenePhase` carries its phase as the attribute `phase`, which the record's own field shadows.
    @Test func attrsDotNamesTheAttributeARecordFieldShadows() throws {
        let (findings, _) = try check(
            """
            rule shadowed per launch: never swiftui.scenePhase[phase = instant]
            rule attribute per launch: never swiftui.scenePhase[attrs.phase = background, attrs.scope != scene]
            """,
            """
            {"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}
            {"seq":1,"t":10,"event":"swiftui.scenePhase","phase":"instant","attrs":{"phase":"background","scope":"scene"}}
            {"seq":2,"t":20,"event":"swiftui.scenePhase","phase":"instant","attrs":{"phase":"background","scope":"app"}}
            {"seq":3,"t":30,"event":"swiftui.scenePhase","phase":"instant","attrs":{"phase":"active"}}

            """)
        #expect(
            findings.map(\.headline) == [
                "t.ndjson:2: error[shadowed]: unexpected swiftui.scenePhase in launch L1",
                "t.ndjson:3: error[shadowed]: unexpected swiftui.scenePhase in launch L1",
                "t.ndjson:3: error[attribute]: unexpected swiftui.scenePhase whose 'phase' is \"background\" and whose 'scope' is not \"scene\" in launch L1",
                "t.ndjson:4: error[shadowed]: unexpected swiftui.scenePhase in launch L1",
            ])
    }

    @Test func violationsNameTheRuleTheSliceAndLocatedWitnesses() throws {
        let (findings, summary) = try check(
            "rule scene.connect-after-launch per session: didFinishLaunching precedes willConnectTo",
            """
            {"lifeline":1,"type":"launch","launch":"3F2A9C1E-5B7D-4E8F-9A0B-1C2D3E4F5A6B","lifecycle":"scene"}
            {"seq":1,"t":10,"event":"willConnectTo","session":"S1","scene":"a"}
            {"seq":2,"t":20,"event":"didFinishLaunching"}

            """, label: "traces/notes.ndjson")
        let finding = try #require(findings.first)
        #expect(findings.count == 1 && summary.violations == 1)
        #expect(finding.ruleID == "scene.connect-after-launch")
        #expect(finding.slice == SliceKey(trace: "traces/notes.ndjson", launch: "3F2A9C1E-5B7D-4E8F-9A0B-1C2D3E4F5A6B", session: "S1"))
        #expect(finding.primary?.location == "traces/notes.ndjson:2")
        #expect(finding.primary?.seq == 1)
        #expect(
            finding.headline
                == "traces/notes.ndjson:2: error[scene.connect-after-launch]: scene(_:willConnectTo:options:) for session S1 in launch 3F2A9C1E… with no application(_:didFinishLaunchingWithOptions:) before it"
        )
    }

    @Test func appEventsBeforeASessionAppearsReachItsSlice() throws {
        // didFinishLaunching happens before S1 is known; S1's slice must still contain it.
        let (findings, summary) = try check(
            "rule r per session: didFinishLaunching precedes willConnectTo",
            """
            {"lifeline":1,"type":"launch","launch":"L"}
            {"seq":1,"t":10,"event":"didFinishLaunching"}
            {"seq":2,"t":20,"event":"willConnectTo","session":"S1","scene":"a"}
            {"seq":3,"t":30,"event":"willConnectTo","session":"S2","scene":"b"}

            """)
        #expect(findings.isEmpty)
        #expect(summary.rules[0].tally.satisfied == 2)
    }

    @Test func discardedSessionsReachOnlyTheSlicesTheyName() throws {
        let (findings, _) = try check(
            "rule r per session: never didDiscardSceneSessions",
            """
            {"lifeline":1,"type":"launch","launch":"L"}
            {"seq":1,"t":10,"event":"willConnectTo","session":"S1","scene":"a"}
            {"seq":2,"t":20,"event":"willConnectTo","session":"S2","scene":"b"}
            {"seq":3,"t":30,"event":"didDiscardSceneSessions","attrs":{"sessions":["S2","S9"]}}

            """)
        #expect(findings.map(\.slice.session).sorted { ($0 ?? "") < ($1 ?? "") } == ["S2", "S9"])
    }

    @Test func aRotatedPartContinuesItsLaunch() throws {
        // Part 2 restates the launch record; a per-launch rule sees one launch, not two.
        let (findings, summary) = try check(
            "rule r: at most 1 didFinishLaunching\nrule s: didFinishLaunching precedes sceneDidBecomeActive",
            """
            {"lifeline":1,"type":"launch","launch":"L"}
            {"seq":1,"t":10,"event":"didFinishLaunching"}
            {"lifeline":1,"type":"launch","launch":"L","part":2}
            {"seq":2,"t":20,"event":"sceneDidBecomeActive","session":"S1","scene":"a"}

            """)
        #expect(findings.isEmpty)
        #expect(summary.launches == 1)
    }

    @Test func pendingIsReportedApartFromViolations() throws {
        let (findings, summary) = try check(
            "rule r: sceneDidEnterBackground leads to state.save",
            """
            {"lifeline":1,"type":"launch","launch":"L"}
            {"seq":1,"t":10,"event":"sceneDidEnterBackground","session":"S1","scene":"a"}

            """)
        #expect(findings.map(\.status) == [.pending])
        #expect(summary.violations == 0 && summary.pendings == 1)
        #expect(summary.rules[0].tally.pending == 1)
        #expect(
            findings[0].headline.hasPrefix(
                "t.ndjson:2: pending[r]: sceneDidEnterBackground(_:) (seq 1) in launch L never followed by state.save"))
    }

    @Test func launchConditionsSelectLaunches() throws {
        let (findings, summary) = try check(
            "rule r {\n when lifecycle = app\n never willConnectTo\n}",
            """
            {"lifeline":1,"type":"launch","launch":"A","lifecycle":"scene"}
            {"seq":1,"t":10,"event":"willConnectTo","session":"S1","scene":"a"}
            {"lifeline":1,"type":"launch","launch":"B","lifecycle":"app"}
            {"seq":1,"t":10,"event":"willConnectTo","session":"S1","scene":"a"}

            """)
        #expect(findings.map(\.slice.launch) == ["B"])
        #expect(summary.rules[0].tally.instances == 1)
    }

    @Test func eventConditionsTestAttributesAndRecordFields() throws {
        let (findings, _) = try check(
            #"rule r: never db.write[thread = main, bytes >= 1024]"#,
            """
            {"lifeline":1,"type":"launch","launch":"L"}
            {"seq":1,"t":10,"event":"db.write","thread":"main","attrs":{"bytes":10}}
            {"seq":2,"t":20,"event":"db.write","thread":"io","attrs":{"bytes":4096}}
            {"seq":3,"t":30,"event":"db.write","thread":"main","attrs":{"bytes":4096}}

            """)
        #expect(findings.map { $0.primary?.seq } == [3])
    }

    @Test func malformedLinesAreReturnedAndSkipped() throws {
        let (findings, summary) = try check(
            "rule r: never didFinishLaunching",
            """
            {"lifeline":1,"type":"launch","launch":"L"}
            {"seq":1,"t":10,"event":"didFinishLaunching"
            {"seq":2,"t":20,"event":"didFinishLaunching"}

            """)
        #expect(summary.events == 1)
        #expect(findings.map { $0.primary?.line } == [3])
    }

    @Test func memoryIsBoundedByLiveSlicesNotTraceLength() throws {
        // 2,000 launches with one session each: instances end with their launch.
        var findings = 0
        var peak = 0
        let checker = RuleChecker(
            rules: try RuleSet(parsing: "rule r per session: didFinishLaunching precedes willConnectTo", file: "t.rules"),
            onFinding: { _ in findings += 1 })
        for launch in 0..<2_000 {
            checker.beginLaunch(LaunchRecord(launch: "L\(launch)"), trace: "t", file: "t", line: 1)
            checker.check(EventRecord(seq: 1, t: 1, event: EventName(.didFinishLaunching)), line: 2)
            checker.check(EventRecord(seq: 2, t: 2, event: EventName(.willConnectTo), session: "S\(launch)", scene: "x"), line: 3)
            peak = max(peak, checker.liveInstances)
        }
        let summary = checker.finish()
        #expect(findings == 0)
        #expect(summary.rules[0].tally.satisfied == 2_000)
        #expect(peak == 1)
    }
}
