import Foundation
import LifelineFormat
import Testing

@testable import LifelineRules

/// The built-in catalogs: each rule cited, each accepting a legal sequence and flagging a bad one.
@Suite("Built-in catalogs")
struct CatalogTests {
    @Test(arguments: BuiltinCatalog.allCases)
    func everyRuleHasAMessageAReferenceAndALifecycle(_ catalog: BuiltinCatalog) throws {
        let rules = try RuleSet(parsing: catalog.text, file: catalog.file).rules
        #expect(rules.count >= (catalog == .swiftUI ? 3 : 9))
        for rule in rules {
            #expect(rule.reference?.isEmpty == false, "\(rule.id) has no reference")
            #expect(rule.message != Rule.describe(rule.body), "\(rule.id) has no message of its own")
            let lifecycle = catalog == .uikitApp ? "app" : "scene"
            #expect(rule.conditions.map(\.description) == [#"lifecycle = "\#(lifecycle)""#], "\(rule.id)")
        }
    }

    /// (rule, legal events, bad events, the explanation the bad events produce). Events are
    /// `name[@session/scene][:phase][+ms]`, timed 10 ms apart unless `+ms` says otherwise.
    static let cases: [(String, [String], [String], String)] = [
        (
            "scene.launch-once", ["didFinishLaunching"], ["didFinishLaunching", "didFinishLaunching"],
            "application(_:didFinishLaunchingWithOptions:) in launch L happened 2 times, at most 1 allowed"
        ),
        (
            "scene.will-finish-first", ["willFinishLaunching", "didFinishLaunching"], ["didFinishLaunching", "willFinishLaunching"],
            "application(_:willFinishLaunchingWithOptions:) in launch L came after application(_:didFinishLaunchingWithOptions:) (seq 1)"
        ),
        (
            "scene.connect-after-launch", ["didFinishLaunching", "willConnectTo@S1/a"], ["willConnectTo@S1/a", "didFinishLaunching"],
            "scene(_:willConnectTo:options:) for session S1 in launch L came before application(_:didFinishLaunchingWithOptions:) (seq 2)"
        ),
        (
            "scene.sessions-after-launch", ["didFinishLaunching", "configurationForConnecting@S1"],
            ["configurationForConnecting@S1", "didFinishLaunching"],
            "application(_:configurationForConnecting:options:) for session S1 in launch L came before application(_:didFinishLaunchingWithOptions:) (seq 2)"
        ),
        (
            "scene.config-before-connect", ["configurationForConnecting@S1", "willConnectTo@S1/a"],
            ["willConnectTo@S1/a", "configurationForConnecting@S1"],
            "application(_:configurationForConnecting:options:) for session S1 in launch L came after scene(_:willConnectTo:options:) (seq 1) with no sceneDidDisconnect(_:) in between"
        ),
        // A new scene object may reuse the address (the `scene` id) of one that disconnected and was freed.
        (
            "scene.connect-once", ["willConnectTo@S1/a", "sceneDidDisconnect@S1/a", "willConnectTo@S1/a"],
            ["willConnectTo@S1/a", "willConnectTo@S1/a"],
            "scene(_:willConnectTo:options:) for scene a (session S1) in launch L came after scene(_:willConnectTo:options:) (seq 1) with no sceneDidDisconnect(_:) in between"
        ),
        (
            "scene.callbacks-after-connect", ["willConnectTo@S1/a", "sceneDidBecomeActive@S1/a"],
            ["sceneDidBecomeActive@S1/a", "willConnectTo@S1/a"],
            "sceneDidBecomeActive(_:) for scene a (session S1) in launch L came before scene(_:willConnectTo:options:) (seq 2)"
        ),
        (
            "scene.nothing-after-disconnect", ["sceneDidDisconnect@S1/a", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a"],
            ["sceneDidDisconnect@S1/a", "sceneWillEnterForeground@S1/a"],
            "sceneWillEnterForeground(_:) for scene a (session S1) in launch L came after sceneDidDisconnect(_:) (seq 1) with no scene(_:willConnectTo:options:) in between"
        ),
        (
            "scene.foreground-before-active",
            ["sceneDidEnterBackground@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a"],
            ["sceneDidEnterBackground@S1/a", "sceneDidBecomeActive@S1/a"],
            "sceneDidBecomeActive(_:) for scene a (session S1) in launch L came after sceneDidEnterBackground(_:) (seq 1) with no sceneWillEnterForeground(_:) or sceneDidDisconnect(_:) in between"
        ),
        (
            "scene.nothing-after-terminate", ["sceneDidBecomeActive@S1/a", "applicationWillTerminate"],
            ["applicationWillTerminate", "sceneDidBecomeActive@S1/a"],
            "sceneDidBecomeActive(_:) in launch L came after applicationWillTerminate(_:) (seq 1)"
        ),
        (
            "scene.foreground-then-active", ["sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a", "sceneDidEnterBackground@S1/a"],
            ["sceneWillEnterForeground@S1/a", "sceneDidEnterBackground@S1/a"],
            "no sceneDidBecomeActive(_:) for scene a (session S1) in launch L between sceneWillEnterForeground(_:) (seq 1) and sceneDidEnterBackground(_:) (seq 2)"
        ),
        (
            "scene.first-active-in-foreground", ["willConnectTo@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a"],
            ["willConnectTo@S1/a", "sceneDidBecomeActive@S1/a"],
            "sceneDidBecomeActive(_:) for scene a (session S1) in launch L came after scene(_:willConnectTo:options:) (seq 1) with no sceneWillEnterForeground(_:), sceneWillResignActive(_:), sceneDidEnterBackground(_:) or sceneDidDisconnect(_:) in between"
        ),
        (
            "scene.resign-before-background", ["sceneDidBecomeActive@S1/a", "sceneWillResignActive@S1/a", "sceneDidEnterBackground@S1/a"],
            ["sceneDidBecomeActive@S1/a", "sceneDidEnterBackground@S1/a"],
            "sceneDidEnterBackground(_:) for scene a (session S1) in launch L came after sceneDidBecomeActive(_:) (seq 1) with no sceneWillResignActive(_:), sceneWillEnterForeground(_:) or sceneDidDisconnect(_:) in between"
        ),
        (
            "scene.background-before-disconnect",
            ["sceneWillEnterForeground@S1/a", "sceneDidEnterBackground@S1/a", "sceneDidDisconnect@S1/a"],
            ["sceneWillEnterForeground@S1/a", "sceneDidDisconnect@S1/a"],
            "sceneDidDisconnect(_:) for scene a (session S1) in launch L came after sceneWillEnterForeground(_:) (seq 1) with no sceneDidEnterBackground(_:) or scene(_:willConnectTo:options:) in between"
        ),
        (
            "scene.active-once", ["sceneDidBecomeActive@S1/a", "sceneWillResignActive@S1/a", "sceneDidBecomeActive@S1/a"],
            ["sceneDidBecomeActive@S1/a", "sceneDidBecomeActive@S1/a"],
            "sceneDidBecomeActive(_:) for scene a (session S1) in launch L came after sceneDidBecomeActive(_:) (seq 1) with no sceneWillResignActive(_:), sceneDidEnterBackground(_:) or sceneDidDisconnect(_:) in between"
        ),
        (
            "scene.background-once", ["sceneDidEnterBackground@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidEnterBackground@S1/a"],
            ["sceneDidEnterBackground@S1/a", "sceneDidEnterBackground@S1/a"],
            "sceneDidEnterBackground(_:) for scene a (session S1) in launch L came after sceneDidEnterBackground(_:) (seq 1) with no sceneWillEnterForeground(_:) or sceneDidDisconnect(_:) in between"
        ),
        (
            "scene.background-within-5s", ["sceneDidEnterBackground@S1/a:begin", "sceneDidEnterBackground@S1/a:end+4900"],
            ["sceneDidEnterBackground@S1/a:begin", "sceneDidEnterBackground@S1/a:end+5100"],
            "sceneDidEnterBackground(_:) (seq 1) for scene a (session S1) in launch L lasted 5.100s, at most 5s allowed"
        ),
        // Apple's 400 ms target: a launch's first frame, counted here from its first event (no process start).
        (
            "scene.first-frame-within-400ms",
            [
                "willFinishLaunching", "didFinishLaunching", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a",
                "sceneDidBecomeActive@S1/a", "lifeline.firstFrame",
            ],
            [
                "willFinishLaunching", "didFinishLaunching", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a",
                "sceneDidBecomeActive@S1/a+500", "lifeline.firstFrame",
            ],
            #"unexpected the launch's anatomy whose 'kind' is not "unknown" and whose 'launchTime' is more than 400ms in launch L: launch time 540.0 ms to the first frame (cold), slowest phase entering foreground 500.0 ms"#
        ),
        (
            "scene.launch-within-20s", ["didFinishLaunching:begin", "didFinishLaunching:end+1000"],
            ["didFinishLaunching:begin", "didFinishLaunching:end+21000"],
            "application(_:didFinishLaunchingWithOptions:) (seq 1) in launch L lasted 21.000s, at most 20s allowed"
        ),
        (
            "scene.no-app-state-callbacks", ["applicationDidBecomeActive[via=notification]"], ["applicationDidBecomeActive"],
            "unexpected applicationDidBecomeActive(_:) whose 'via' is not \"notification\" in launch L"
        ),
        (
            "app.state-after-launch", ["didFinishLaunching", "applicationDidBecomeActive"],
            ["applicationDidBecomeActive", "didFinishLaunching"],
            "applicationDidBecomeActive(_:) in launch L came before application(_:didFinishLaunchingWithOptions:) (seq 2)"
        ),
        (
            "app.no-scene-callbacks", ["applicationDidBecomeActive"], ["willConnectTo@S1/a"],
            "unexpected scene(_:willConnectTo:options:) in launch L"
        ),
        (
            "app.foreground-before-active",
            ["applicationDidEnterBackground", "applicationWillEnterForeground", "applicationDidBecomeActive"],
            ["applicationDidEnterBackground", "applicationDidBecomeActive"],
            "applicationDidBecomeActive(_:) in launch L came after applicationDidEnterBackground(_:) (seq 1) with no applicationWillEnterForeground(_:) in between"
        ),
        (
            "app.nothing-after-terminate", ["applicationDidBecomeActive", "applicationWillTerminate"],
            ["applicationWillTerminate", "applicationDidBecomeActive"],
            "applicationDidBecomeActive(_:) in launch L came after applicationWillTerminate(_:) (seq 1)"
        ),
        (
            "app.background-within-5s", ["applicationDidEnterBackground:begin", "applicationDidEnterBackground:end+100"],
            ["applicationDidEnterBackground:begin", "applicationDidEnterBackground:end+7000"],
            "applicationDidEnterBackground(_:) (seq 1) in launch L lasted 7.000s, at most 5s allowed"
        ),
        (
            "app.launch-once", ["didFinishLaunching"], ["didFinishLaunching", "didFinishLaunching"],
            "application(_:didFinishLaunchingWithOptions:) in launch L happened 2 times, at most 1 allowed"
        ),
        (
            "app.will-finish-first", ["willFinishLaunching", "didFinishLaunching"], ["didFinishLaunching", "willFinishLaunching"],
            "application(_:willFinishLaunchingWithOptions:) in launch L came after application(_:didFinishLaunchingWithOptions:) (seq 1)"
        ),
        (
            "app.first-frame-within-400ms",
            ["willFinishLaunching", "didFinishLaunching", "applicationDidBecomeActive", "lifeline.firstFrame"],
            ["willFinishLaunching", "didFinishLaunching", "applicationDidBecomeActive+500", "lifeline.firstFrame"],
            #"unexpected the launch's anatomy whose 'kind' is not "unknown" and whose 'launchTime' is more than 400ms in launch L: launch time 520.0 ms to the first frame (cold), slowest phase didFinishLaunching 500.0 ms"#
        ),
        (
            "app.launch-within-20s", ["didFinishLaunching:begin", "didFinishLaunching:end+19000"],
            ["didFinishLaunching:begin", "didFinishLaunching:end+20001"],
            "application(_:didFinishLaunchingWithOptions:) (seq 1) in launch L lasted 20.001s, at most 20s allowed"
        ),
        (
            "app.active-once", ["applicationDidBecomeActive", "applicationWillResignActive", "applicationDidBecomeActive"],
            ["applicationDidBecomeActive", "applicationDidBecomeActive"],
            "applicationDidBecomeActive(_:) in launch L came after applicationDidBecomeActive(_:) (seq 1) with no applicationWillResignActive(_:) or applicationDidEnterBackground(_:) in between"
        ),
        (
            "scene.terminate-within-5s", ["applicationWillTerminate:begin", "applicationWillTerminate:end+4000"],
            ["applicationWillTerminate:begin", "applicationWillTerminate:end+6000"],
            "applicationWillTerminate(_:) (seq 1) in launch L lasted 6.000s, at most 5s allowed"
        ),
        (
            "swiftui.launch-starts-inactive",
            [
                "didFinishLaunching", "swiftui.scenePhase[phase=inactive,scope=scene,initial=true]",
                "swiftui.scenePhase[phase=active,scope=scene]",
            ],
            // Read when already active: what came before it is not in the trace.
            ["didFinishLaunching", "swiftui.scenePhase[phase=active,scope=scene,initial=true]"],
            #"swiftui.scenePhase whose 'phase' is "active" and whose 'initial' is true in launch L came after the launch record with no swiftui.scenePhase whose 'phase' is not "active" or swiftui.scenePhase whose 'initial' is not true in between"#
        ),
        (
            "swiftui.foreground-through-inactive",
            [
                "swiftui.scenePhase[phase=active,scope=app]", "swiftui.scenePhase[phase=inactive,scope=app]",
                "swiftui.scenePhase[phase=background,scope=app]", "swiftui.scenePhase[phase=inactive,scope=app]",
                "swiftui.scenePhase[phase=active,scope=app]",
            ],
            [
                "swiftui.scenePhase[phase=active,scope=app]", "swiftui.scenePhase[phase=inactive,scope=app]",
                "swiftui.scenePhase[phase=background,scope=app]", "swiftui.scenePhase[phase=active,scope=app]",
            ],
            #"swiftui.scenePhase whose 'phase' is "active" and whose 'scope' is "app" in launch L came after swiftui.scenePhase (seq 3) with no swiftui.scenePhase whose 'phase' is "inactive" and whose 'scope' is "app" in between"#
        ),
        (
            "swiftui.background-through-inactive",
            [
                "swiftui.scenePhase[phase=active,scope=app]", "swiftui.scenePhase[phase=inactive,scope=app]",
                "swiftui.scenePhase[phase=background,scope=app]",
            ],
            ["swiftui.scenePhase[phase=active,scope=app]", "swiftui.scenePhase[phase=background,scope=app]"],
            #"swiftui.scenePhase whose 'phase' is "background" and whose 'scope' is "app" in launch L came after swiftui.scenePhase (seq 1) with no swiftui.scenePhase whose 'phase' is "inactive" and whose 'scope' is "app" in between"#
        ),
    ]

    /// Builds events from the compact notation (`name[key=value,key=true]` for attributes).
    static func events(_ specs: [String]) -> [EventRecord] {
        var t: Int64 = 1_000_000_000
        return specs.enumerated().map { index, spec in
            var text = spec
            var delay: Int64 = 10
            if let plus = text.firstIndex(of: "+") {
                delay = Int64(text[text.index(after: plus)...])!
                text = String(text[..<plus])
            }
            t += delay * 1_000_000
            var phase = Phase.instant
            if text.hasSuffix(":begin") { phase = .begin; text.removeLast(6) }
            if text.hasSuffix(":end") { phase = .end; text.removeLast(4) }
            var attrs: Attributes = [:]
            if let bracket = text.firstIndex(of: "[") {
                for pair in text[text.index(after: bracket)..<text.index(before: text.endIndex)].split(separator: ",") {
                    let parts = pair.split(separator: "=")
                    attrs[String(parts[0])] = parts[1] == "true" ? .bool(true) : .string(String(parts[1]))
                }
                text = String(text[..<bracket])
            }
            var session: String?
            var scene: String?
            if let at = text.firstIndex(of: "@") {
                let identity = text[text.index(after: at)...].split(separator: "/")
                session = String(identity[0])
                scene = identity.count > 1 ? String(identity[1]) : nil
                text = String(text[..<at])
            }
            return EventRecord(
                seq: Int64(index + 1), t: t, event: EventName(text), phase: phase, session: session, scene: scene, attrs: attrs)
        }
    }

    static func findings(_ ruleID: String, _ specs: [String]) -> [Finding] {
        let rules = RuleSet(BuiltinCatalog.all.rules.filter { $0.id == ruleID })
        var findings: [Finding] = []
        let checker = RuleChecker(rules: rules, onFinding: { findings.append($0) })
        let lifecycle: Lifecycle = ruleID.hasPrefix("app.") ? .app : .scene
        // Not prewarmed, as a device's recorder writes it (the launch budget counts from the process start).
        checker.beginLaunch(LaunchRecord(launch: "L", lifecycle: lifecycle, prewarm: false), trace: "t", file: "t", line: 1)
        for (index, event) in events(specs).enumerated() { checker.check(event, line: index + 2) }
        _ = checker.finish()
        return findings
    }

    @Test(arguments: cases)
    func acceptsTheLegalSequenceAndFlagsTheBadOne(_ rule: String, legal: [String], bad: [String], explanation: String) throws {
        #expect(BuiltinCatalog.all.rules.contains { $0.id == rule })
        #expect(Self.findings(rule, legal).isEmpty, "\(rule) flags a legal sequence")
        let flagged = Self.findings(rule, bad)
        #expect(flagged.map(\.explanation) == [explanation])
        #expect(flagged.first?.status == .violated)
    }

    @Test func everyCatalogRuleHasACase() {
        let covered = Set(Self.cases.map(\.0))
        let missing = BuiltinCatalog.all.rules.map(\.id).filter { !covered.contains($0) }
        // The one launch-spanning rule has its own two-launch test below; the machines have
        // CatalogMachineTests, which visit every cell of their tables.
        #expect(missing == ["scene.discarded-stays-gone", "scene.lifecycle", "app.lifecycle"])
    }

    /// SwiftUI's phases as apps record them: the app's changes only (its first is to active), a window's
    /// readings beside them, a second window's interleaved (a view may skip inactive: zenn.dev/hokuron,
    /// not judged), a view that appears once the app is active, and a console log's phases.
    @Test func theSwiftUIRulesAcceptWhatAppsRecord() {
        let iPad = [
            "didFinishLaunching", "swiftui.scenePhase[phase=inactive,scope=scene,initial=true]",
            "swiftui.scenePhase[phase=active,scope=app]",
            "swiftui.scenePhase[phase=active,scope=scene]", "swiftui.scenePhase[phase=inactive,scope=scene,initial=true]",
            "swiftui.scenePhase[phase=active,scope=scene]", "swiftui.scenePhase[phase=background,scope=scene]",
            "swiftui.scenePhase[phase=active,scope=scene,initial=true]", "swiftui.scenePhase[phase=inactive,scope=app]",
            "swiftui.scenePhase[phase=background,scope=app]",
        ]
        let appOnly = [
            "didFinishLaunching", "swiftui.scenePhase[phase=active,scope=app]", "swiftui.scenePhase[phase=active,scope=scene,initial=true]",
        ]
        // Tkafka's iOS 16.4 log (real-logs 15): a view's changes, no initial reading.
        let log = ["active", "inactive", "background", "inactive", "active"].map { "swiftui.scenePhase[phase=\($0)]" }
        for rule in BuiltinCatalog.swiftUI.rules.rules {
            for sequence in [iPad, appOnly, log] {
                #expect(Self.findings(rule.id, sequence).isEmpty, "\(rule.id) flags \(sequence)")
            }
        }
    }

    /// The 400 ms budget judges what the anatomy measures: a launch that waited for the user from the
    /// user's open, a launch the trace cannot measure (an excerpt, one never active) not at all.
    @Test func theFirstFrameBudgetCountsFromTheOpenAndSkipsWhatItCannotMeasure() {
        let rule = "scene.first-frame-within-400ms"
        func findings(_ record: LaunchRecord, _ specs: [String]) -> [Finding] {
            var found: [Finding] = []
            let checker = RuleChecker(rules: RuleSet(BuiltinCatalog.all.rules.filter { $0.id == rule }), onFinding: { found.append($0) })
            checker.beginLaunch(record, trace: "t", file: "t", line: 1)
            for (index, event) in Self.events(specs).enumerated() { checker.check(event, line: index + 2) }
            _ = checker.finish()
            return found
        }
        let slow = [
            "willFinishLaunching", "didFinishLaunching", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a",
            "sceneDidBecomeActive@S1/a+500",
        ]
        let measured = findings(LaunchRecord(launch: "L", lifecycle: .scene, prewarm: false), slow)
        #expect(measured.map(\.status) == [.violated], "to the first active state without a first frame")
        #expect(
            measured.first?.explanation.hasSuffix(
                "launch time 530.0 ms to the first active state (cold), slowest phase entering foreground 500.0 ms") == true)
        // Neither prewarm nor the task role recorded (a console log): it may have been prewarmed, so the finding is pending.
        let unknown = findings(LaunchRecord(launch: "L", lifecycle: .scene), slow)
        #expect(unknown.map(\.status) == [.pending])
        #expect(
            unknown.first?.explanation.contains(
                "(not proven: the launch record says neither whether iOS prewarmed the process nor its task role") == true)
        #expect(findings(LaunchRecord(launch: "L", lifecycle: .scene, taskRole: "foreground"), slow).map(\.status) == [.violated])
        #expect(findings(LaunchRecord(launch: "L", lifecycle: .scene, excerpt: true), slow).isEmpty, "an excerpt's kind is unknown")
        #expect(findings(LaunchRecord(launch: "L", lifecycle: .scene), ["willFinishLaunching", "didFinishLaunching"]).isEmpty)
        // Prewarmed 45 minutes before the user opened it: the wait is not launch time.
        let prewarmed = [
            "willFinishLaunching", "didFinishLaunching", "willConnectTo@S1/a+2700000", "sceneWillEnterForeground@S1/a",
            "sceneDidBecomeActive@S1/a", "lifeline.firstFrame",
        ]
        #expect(findings(LaunchRecord(launch: "L", lifecycle: .scene, prewarm: true), prewarmed).isEmpty)
        // A team's tighter budget is a rule of its own, on the same measures.
        let tighter = try! RuleSet(
            parsing: "rule team.fast per launch: never lifeline.anatomy[launchTime > 30ms, timeToFirstFrame >= 40ms]", file: "team.rules")
        var found: [Finding] = []
        let checker = RuleChecker(rules: tighter, onFinding: { found.append($0) })
        checker.beginLaunch(LaunchRecord(launch: "L", lifecycle: .scene, prewarm: false), trace: "t", file: "t", line: 1)
        for (index, event) in Self.events(
            Array(prewarmed.prefix(2)) + [
                "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a", "lifeline.firstFrame",
            ]
        ).enumerated() {
            checker.check(event, line: index + 2)
        }
        _ = checker.finish()
        #expect(found.map(\.witnesses.first?.line) == [1], "located at the launch record")
        #expect(
            found.first?.explanation.hasSuffix("launch time 50.0 ms to the first frame (cold), slowest phase willFinishLaunching 10.0 ms")
                == true)
    }

    /// The recorder identifies a scene by its address; after a disconnect UIKit frees the object, and the
    /// new scene object of a reconnection may be allocated at the same address.
    @Test func aSceneAddressReusedAfterADisconnectIsANewScene() {
        let sequence = [
            "didFinishLaunching", "configurationForConnecting@S1", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a",
            "sceneDidBecomeActive@S1/a", "sceneWillResignActive@S1/a", "sceneDidEnterBackground@S1/a:begin",
            "sceneDidEnterBackground@S1/a:end", "sceneDidDisconnect@S1/a", "willConnectTo@S1/a",
            "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a",
        ]
        for rule in BuiltinCatalog.uikitScene.rules.rules {
            #expect(Self.findings(rule.id, sequence).isEmpty, "\(rule.id) flags a reconnection at a reused address")
        }
    }

    /// UIKit documents that a discarded session never returns, but a launch's discards can name the
    /// session it restored (NativeScript#11376), so a reconnection is a warning, not an error.
    @Test func aDiscardedSessionReconnectingInALaterLaunchIsAWarning() throws {
        func check(_ second: [EventRecord]) -> [Finding] {
            var findings: [Finding] = []
            let checker = RuleChecker(
                rules: RuleSet(BuiltinCatalog.all.rules.filter { $0.id == "scene.discarded-stays-gone" }),
                onFinding: { findings.append($0) })
            checker.beginLaunch(LaunchRecord(launch: "L1", lifecycle: .scene), trace: "t", file: "t", line: 1)
            checker.check(EventRecord(seq: 1, t: 1, event: "didFinishLaunching"), line: 2)
            checker.check(EventRecord(seq: 2, t: 2, event: "didDiscardSceneSessions", attrs: ["sessions": ["S1"]]), line: 3)
            checker.beginLaunch(LaunchRecord(launch: "L2", lifecycle: .scene), trace: "t", file: "t", line: 4)
            for (index, event) in second.enumerated() { checker.check(event, line: 5 + index) }
            _ = checker.finish()
            return findings
        }
        #expect(check([EventRecord(seq: 1, t: 1, event: "willConnectTo", session: "S2", scene: "b")]).isEmpty)
        let flagged = check([EventRecord(seq: 1, t: 1, event: "willConnectTo", session: "S1", scene: "a")])
        #expect(
            flagged.map(\.headline) == [
                "t:5: warning[scene.discarded-stays-gone]: scene(_:willConnectTo:options:) for session S1 in trace t came after application(_:didDiscardSceneSessions:) (seq 2)"
            ])
    }
}
