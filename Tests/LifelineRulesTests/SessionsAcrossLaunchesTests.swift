import LifelineFormat
import LifelineSupport
import LifelineTestSupport
import Testing

@_spi(Reference) @testable import LifelineRules

/// `per session across launches` rules over traces of many launches and many sessions, most of
/// which never leave the state they start in: the checker keeps a monitor only for the instances
/// that differ from a fresh one, and must still agree with the reference evaluator on every finding
/// and verdict, count a session that comes back as one instance, and find a discarded session that
/// reconnects.
@Suite("Sessions across launches: many sessions, few monitors")
struct SessionsAcrossLaunchesTests {
    static let rulesText = """
        rule a.discarded-stays-gone per session across launches: after didDiscardSceneSessions: never willConnectTo
        rule a.only-lifecycle per session across launches: only willConnectTo | sceneDidBecomeActive | sceneDidEnterBackground | didFinishLaunching | didDiscardSceneSessions
        rule a.no-crash-in-background per session across launches: after sceneDidEnterBackground: never app.crash
        rule a.connect-first per session across launches: willConnectTo precedes sceneDidBecomeActive
        rule a.backgrounds per session across launches: eventually sceneDidEnterBackground
        rule a.connects-once per session across launches: at most 1 willConnectTo
        rule a.gone-until-connect per session across launches: between didDiscardSceneSessions and willConnectTo: never sceneDidBecomeActive
        rule a.launch-leads-on per session across launches: didFinishLaunching leads to sceneDidBecomeActive
        rule l.connects per launch: eventually willConnectTo
        machine a.states per session across launches {
          initial idle
          idle -> connected on willConnectTo
          connected -> active on sceneDidBecomeActive
          active -> background on sceneDidEnterBackground
          background -> active on sceneDidBecomeActive
          * -> idle on didDiscardSceneSessions
        }
        """

    /// `launchCount` launches over two trace files, each connecting one to four sessions: mostly new
    /// ones, sometimes one from any earlier launch (it comes back after that many launches), with app
    /// crashes (no session) now and then, and `didDiscardSceneSessions` naming sessions of earlier
    /// launches, some of which then reconnect.
    static func launches(seed: UInt64, launchCount: Int) -> [ReferenceEvaluator.Launch] {
        var random = SplitMix64(seed: seed)
        var launches: [ReferenceEvaluator.Launch] = []
        var earlier: [String] = []
        var discarded: [String] = []
        var nextSession = 0
        var line = 1
        var file = "first.ndjson"
        for index in 0..<launchCount {
            if index == launchCount / 2 {
                file = "second.ndjson"
                line = 1
            }
            let launchLine = line
            line += 1
            var events: [(event: EventRecord, line: Int)] = []
            var seq: Int64 = 0
            var t: Int64 = 0
            func emit(_ name: String, session: String? = nil, attrs: Attributes = [:]) {
                seq += 1
                t += Int64.random(in: 1...1_000_000, using: &random)
                events.append((EventRecord(seq: seq, t: t, event: EventName(name), session: session, scene: session, attrs: attrs), line))
                line += 1
            }
            emit(Callback.didFinishLaunching.name)
            if !earlier.isEmpty, Int.random(in: 0..<8, using: &random) == 0 {
                let named = (0..<Int.random(in: 1...2, using: &random)).map { _ in earlier.randomElement(using: &random)! }
                discarded += named
                emit(Callback.didDiscardSceneSessions.name, attrs: ["sessions": .strings(named)])
            }
            var sessions: [String] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0 where !earlier.isEmpty: sessions.append(earlier.randomElement(using: &random)!)
                case 1 where !discarded.isEmpty: sessions.append(discarded.randomElement(using: &random)!)
                default:
                    sessions.append("S\(nextSession)")
                    nextSession += 1
                }
            }
            for session in sessions {
                emit(Callback.willConnectTo.name, session: session)
                if Int.random(in: 0..<10, using: &random) > 0 { emit(Callback.sceneDidBecomeActive.name, session: session) }
                if Int.random(in: 0..<4, using: &random) == 0 { emit(Callback.sceneDidEnterBackground.name, session: session) }
                if Int.random(in: 0..<40, using: &random) == 0 { emit("app.crash") }
            }
            earlier += sessions
            launches.append(.init(record: LaunchRecord(launch: "L\(index)"), trace: file, file: file, line: launchLine, events: events))
        }
        return launches
    }

    @Test(arguments: 0..<6)
    func agreesWithTheReferenceOnManySessionsAcrossManyLaunches(_ seed: Int) throws {
        let rules = try RuleSet(parsing: Self.rulesText, file: "across.rules")
        let launches = Self.launches(seed: UInt64(seed) &* 0x9E37_79B9 &+ 17, launchCount: 300)
        let (streamed, streamedInstances) = RandomTraces.stream(rules, launches)
        let (expected, expectedInstances) = ReferenceEvaluator.evaluate(rules, launches: launches)
        #expect(DifferentialTests.counts(streamed) == DifferentialTests.counts(expected))
        #expect(DifferentialTests.counts(streamedInstances) == DifferentialTests.counts(expectedInstances))
        // The traces exercise what the rules are about: reconnected discarded sessions, crashes.
        #expect(streamed.contains { $0.ruleID == "a.discarded-stays-gone" })
        #expect(streamed.contains { $0.ruleID == "a.only-lifecycle" })
        #expect(streamed.contains { $0.ruleID == "a.connects-once" })
    }

    @Test func aSessionNamedInManyLaunchesIsOneInstanceAndOnlyChangedOnesKeepAMonitor() throws {
        let rules = try RuleSet(
            parsing: "rule gone per session across launches: after didDiscardSceneSessions: never willConnectTo",
            file: "t.rules")
        var findings: [Finding] = []
        let checker = RuleChecker(rules: rules, onFinding: { findings.append($0) })
        // 3,000 launches, each connecting a new session and S-back, which comes back every launch.
        for launch in 0..<3_000 {
            checker.beginLaunch(LaunchRecord(launch: "L\(launch)"), trace: "t", file: "t", line: launch * 10 + 1)
            checker.check(EventRecord(seq: 1, t: 1, event: EventName(.willConnectTo), session: "S\(launch)"), line: launch * 10 + 2)
            checker.check(EventRecord(seq: 2, t: 2, event: EventName(.willConnectTo), session: "S-back"), line: launch * 10 + 3)
            if launch == 100 {
                let discard = EventRecord(
                    seq: 3, t: 3, event: EventName(.didDiscardSceneSessions), attrs: ["sessions": .strings(["S7", "S50"])])
                checker.check(discard, line: launch * 10 + 4)
            }
        }
        // Only the two discarded sessions left the initial state.
        #expect(checker.liveInstances == 2)
        // S7 reconnects 2,500 launches after it was discarded.
        checker.beginLaunch(LaunchRecord(launch: "late"), trace: "t", file: "t", line: 30_001)
        checker.check(EventRecord(seq: 1, t: 9, event: EventName(.willConnectTo), session: "S7"), line: 30_002)
        let summary = checker.finish()
        let tally = summary.rules[0].tally
        #expect(tally.instances == 3_001)
        #expect(tally.violated == 1)
        #expect(tally.satisfied == 1)
        #expect(tally.vacuous == 2_999)
        #expect(findings.map(\.slice.session) == ["S7"])
        #expect(findings.first?.witnesses.map(\.role) == [.scopeOpener, .offending])
        #expect(findings.first?.witnesses.map(\.line) == [1_004, 30_002])
        #expect(checker.liveInstances == 0)
    }

    @Test func aSessionOfAnotherTraceIsAnotherInstance() throws {
        let rules = try RuleSet(parsing: "rule once per session across launches: at most 1 willConnectTo", file: "t.rules")
        var findings: [Finding] = []
        let checker = RuleChecker(rules: rules, onFinding: { findings.append($0) })
        for (launch, trace) in ["a", "a", "b"].enumerated() {
            checker.beginLaunch(LaunchRecord(launch: "L\(launch)"), trace: trace, file: trace, line: 1)
            checker.check(EventRecord(seq: 1, t: 1, event: EventName(.willConnectTo), session: "S1"), line: 2)
        }
        let summary = checker.finish()
        #expect(findings.map(\.slice) == [SliceKey(trace: "a", session: "S1")])
        #expect(summary.rules[0].tally.instances == 2)
    }

    @Test func findingsTheBaseRaisesComeForEverySessionInTheOrderTheSessionsCame() throws {
        // Crashes (no session) are not allowed: the base raises each one, for every session; the sessions'
        // own events are allowed and leave their instances as the base is.
        let rules = try RuleSet(
            parsing: "rule r per session across launches: only willConnectTo | didFinishLaunching", file: "t.rules")
        var findings: [Finding] = []
        var instances: [InstanceResult] = []
        let checker = RuleChecker(rules: rules, onFinding: { findings.append($0) }, onInstance: { instances.append($0) })
        checker.beginLaunch(LaunchRecord(launch: "L1"), trace: "t", file: "t", line: 1)
        for (index, session) in ["S3", "S1", "S2"].enumerated() {
            checker.check(EventRecord(seq: Int64(index + 1), t: 1, event: EventName(.willConnectTo), session: session), line: index + 2)
        }
        checker.check(EventRecord(seq: 4, t: 2, event: EventName("app.crash")), line: 5)
        checker.beginLaunch(LaunchRecord(launch: "L2"), trace: "t", file: "t", line: 6)
        // A session first seen after the crash inherits its finding; one seen before is not new.
        checker.check(EventRecord(seq: 1, t: 1, event: EventName(.willConnectTo), session: "S0"), line: 7)
        checker.check(EventRecord(seq: 2, t: 1, event: EventName(.willConnectTo), session: "S1"), line: 8)
        // Every instance is as the base is: none holds a monitor.
        #expect(checker.liveInstances == 0)
        _ = checker.finish()
        #expect(findings.map { $0.slice.session ?? "" } == ["S3", "S1", "S2", "S0"])
        #expect(findings.allSatisfy { $0.primary?.line == 5 })
        #expect(instances.map { $0.slice.session ?? "" } == ["S3", "S1", "S2", "S0"])
        #expect(instances.allSatisfy { $0.verdict == .violated })
    }
}
