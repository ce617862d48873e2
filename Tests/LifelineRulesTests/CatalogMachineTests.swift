import Foundation
import LifelineFormat
import Testing

@testable import LifelineRules

/// The catalogs' state machines (`scene.lifecycle`, `app.lifecycle`) together with the pairwise rules:
/// every real sequence is free of errors, and every transition UIKit does not make is reported once.
@Suite("Catalog state machines")
struct CatalogMachineTests {
    /// A machine of a catalog, with how to write its events in the compact notation of ``CatalogTests``.
    struct Subject: CustomStringConvertible, Sendable {
        var catalog: BuiltinCatalog
        var machineID: String
        /// Events that put the launch where the machine's table is explored from.
        var prelude: [String]
        /// The state `prelude` leads to; the initial state's own row is visited with no prelude.
        var start: String
        var lifecycle: Lifecycle

        var description: String { machineID }

        var machine: StateMachine {
            let rule = catalog.rules.rules.first { $0.id == machineID }
            guard case .machine(let machine)? = rule?.body else { preconditionFailure("\(machineID) is not a machine") }
            return machine
        }

        /// A callback in the notation: scene callbacks name session S1 and scene a, session callbacks S1.
        func spec(_ name: EventName) -> String {
            guard let callback = name.callback else { return name.name }
            if callback == .configurationForConnecting { return "\(callback)@S1" }
            return callback.scope == .scene ? "\(callback)@S1/a" : "\(callback)"
        }
    }

    static let subjects = [
        // The scene machine does not name didFinishLaunching; the launch rules want it first.
        Subject(
            catalog: .uikitScene, machineID: "scene.lifecycle", prelude: ["didFinishLaunching"], start: "unattached",
            lifecycle: .scene),
        // The app machine starts before didFinishLaunching; its other rows are reached after it.
        Subject(
            catalog: .uikitApp, machineID: "app.lifecycle", prelude: ["didFinishLaunching"], start: "launched",
            lifecycle: .app),
    ]

    /// Every finding of the whole catalog over one launch of compact events.
    static func check(_ specs: [String], lifecycle: Lifecycle) -> [Finding] {
        var findings: [Finding] = []
        let checker = RuleChecker(rules: BuiltinCatalog.all, onFinding: { findings.append($0) })
        checker.beginLaunch(LaunchRecord(launch: "L", lifecycle: lifecycle), trace: "t", file: "t", line: 1)
        for (index, event) in CatalogTests.events(specs).enumerated() { checker.check(event, line: index + 2) }
        _ = checker.finish()
        return findings
    }

    /// The events that reach each state: the prelude, then the shortest run of plain (unflagged,
    /// unowned) transitions from the start state. The initial state is reached by no event at all.
    static func paths(_ subject: Subject) -> [String: [String]] {
        let machine = subject.machine
        var paths = [machine.initial: [String]()]
        paths[subject.start] = subject.prelude
        var queue = [subject.start]
        while !queue.isEmpty {
            let state = queue.removeFirst()
            for name in names(machine) {
                guard let transition = machine.transition(from: state, where: { $0.names.contains(name) }),
                    transition.severity == nil, transition.reportedBy == nil, paths[transition.to] == nil
                else { continue }
                paths[transition.to] = paths[state, default: []] + [subject.spec(name)]
                queue.append(transition.to)
            }
        }
        return paths
    }

    static func names(_ machine: StateMachine) -> [EventName] {
        var names: [EventName] = []
        for transition in machine.transitions {
            for name in transition.on.names where !names.contains(name) { names.append(name) }
        }
        return names
    }

    @Test(arguments: subjects)
    func everyStateIsReachableByTransitionsUIKitMakes(_ subject: Subject) {
        let reachable = Set(Self.paths(subject).keys)
        #expect(reachable == Set(subject.machine.states), "unreachable: \(Set(subject.machine.states).subtracting(reachable))")
    }

    @Test(arguments: subjects)
    func everyStateHasATransitionOnEveryCallbackTheMachineNames(_ subject: Subject) {
        // The table is complete: each cell is allowed, a warning, or reported by a named pairwise rule.
        let machine = subject.machine
        for state in machine.states {
            for name in Self.names(machine) {
                #expect(
                    machine.transition(from: state, where: { $0.names.contains(name) }) != nil,
                    "\(subject.machineID): no transition from '\(state)' on \(name.name)")
            }
        }
    }

    /// Each cell of the machine, reached by transitions UIKit makes, then its callback:
    /// - allowed: no rule of the catalog reports an error on it;
    /// - with a severity: the machine reports it at that severity, and no other rule reports an error;
    /// - reported by a rule: that rule reports it, the machine stays silent, and no third rule reports an error.
    @Test(arguments: subjects)
    func everyCellIsReportedOnceByTheRuleThatOwnsIt(_ subject: Subject) throws {
        let machine = subject.machine
        let paths = Self.paths(subject)
        var cells = 0
        for state in machine.states {
            let prefix = try #require(paths[state])
            let before = Self.check(prefix, lifecycle: subject.lifecycle)
            #expect(before.filter { $0.severity == .error }.isEmpty, "the path to '\(state)' has errors: \(before.map(\.headline))")
            for name in Self.names(machine) {
                guard let transition = machine.transition(from: state, where: { $0.names.contains(name) }) else { continue }
                cells += 1
                let specs = prefix + [subject.spec(name)]
                let line = specs.count + 1
                let onEvent = Self.check(specs, lifecycle: subject.lifecycle).filter { $0.primary?.line == line }
                let fromMachine = onEvent.filter { $0.ruleID == subject.machineID }
                let others = onEvent.filter { $0.ruleID != subject.machineID }
                let cell = "\(subject.machineID) '\(state)' on \(name.name)"
                if let severity = transition.severity {
                    #expect(fromMachine.map(\.severity) == [severity], "\(cell): \(onEvent.map(\.headline))")
                    #expect(fromMachine.first?.message == transition.message, "\(cell)")
                    #expect(others.filter { $0.severity == .error }.isEmpty, "\(cell): \(others.map(\.headline))")
                } else if let owner = transition.reportedBy {
                    #expect(fromMachine.isEmpty, "\(cell): \(fromMachine.map(\.headline))")
                    #expect(
                        others.filter { $0.ruleID == owner }.count == 1, "\(cell) is not reported by \(owner): \(onEvent.map(\.headline))")
                    let duplicates = others.filter { $0.ruleID != owner && $0.severity == .error }
                    #expect(duplicates.isEmpty, "\(cell): \(duplicates.map(\.headline))")
                } else {
                    #expect(onEvent.filter { $0.severity == .error }.isEmpty, "\(cell): \(onEvent.map(\.headline))")
                }
            }
        }
        #expect(cells == machine.states.count * Self.names(machine).count)
    }

    @Test(arguments: subjects)
    func everyTransitionCitesItsEvidence(_ subject: Subject) {
        for transition in subject.machine.transitions {
            let cited = transition.reportedBy != nil || transition.reference?.isEmpty == false
            #expect(cited, "\(subject.machineID): '\(transition.description)' cites nothing")
        }
    }

    // MARK: - Real sequences

    /// Sequences real devices produce (docs/research/uikit-lifecycle.md), each with the warnings it may
    /// raise. None may raise an error.
    static let realSequences: [(String, Lifecycle, [String], Set<String>)] = [
        (
            "cold launch, new session (section 1)", .scene,
            [
                "willFinishLaunching", "didFinishLaunching", "configurationForConnecting@S1", "willConnectTo@S1/a",
                "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a",
            ], []
        ),
        (
            "restored session: no configuration (N1)", .scene,
            ["didFinishLaunching", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a"], []
        ),
        (
            "home and return; interruptions; Control Center (section 4)", .scene,
            [
                "didFinishLaunching", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a",
                "sceneWillResignActive@S1/a", "sceneDidBecomeActive@S1/a", "sceneWillResignActive@S1/a",
                "sceneDidEnterBackground@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a",
            ], []
        ),
        (
            "Face ID lock screen: foreground, then background without becoming active (forum 91384)", .scene,
            [
                "didFinishLaunching", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a",
                "sceneWillResignActive@S1/a", "sceneDidEnterBackground@S1/a", "sceneWillEnterForeground@S1/a",
                "sceneDidEnterBackground@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a",
            ],
            ["scene.foreground-then-active"]
        ),
        (
            "swipe-kill from the foreground: no sceneDidEnterBackground (forum 732170)", .scene,
            [
                "didFinishLaunching", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a",
                "sceneWillResignActive@S1/a", "sceneDidDisconnect@S1/a", "applicationWillTerminate",
            ],
            ["scene.background-before-disconnect"]
        ),
        (
            "fast swipe-kill: a new scene object enters the foreground and the background (forum 732170)", .scene,
            [
                "didFinishLaunching", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a",
                "sceneWillResignActive@S1/a", "sceneDidDisconnect@S1/a", "willConnectTo@S1/b", "sceneWillEnterForeground@S1/b",
                "sceneDidEnterBackground@S1/b",
            ],
            ["scene.background-before-disconnect", "scene.foreground-then-active"]
        ),
        (
            "iPad swipe-kill without multiple windows: disconnect, discard, terminate (SO 71570813)", .scene,
            [
                "didFinishLaunching", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a",
                "sceneDidDisconnect@S1/a", "didDiscardSceneSessions[sessions=S1]", "applicationWillTerminate",
            ],
            ["scene.background-before-disconnect"]
        ),
        (
            "memory pressure: disconnect from the background, the same session reconnects (section 5)", .scene,
            [
                "didFinishLaunching", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a",
                "sceneWillResignActive@S1/a", "sceneDidEnterBackground@S1/a", "sceneDidDisconnect@S1/a",
                "willConnectTo@S1/b", "sceneWillEnterForeground@S1/b", "sceneDidBecomeActive@S1/b",
            ], []
        ),
        (
            "reconnection at a reused address, configured again before it reconnects (M4)", .scene,
            [
                "didFinishLaunching", "configurationForConnecting@S1", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a",
                "sceneDidBecomeActive@S1/a", "sceneWillResignActive@S1/a", "sceneDidEnterBackground@S1/a",
                "sceneDidDisconnect@S1/a", "configurationForConnecting@S1", "willConnectTo@S1/a",
                "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a",
            ], []
        ),
        (
            "prewarm: didFinishLaunching hours before any scene (section 3)", .scene,
            [
                "willFinishLaunching", "didFinishLaunching", "applicationProtectedDataDidBecomeAvailable+3600000",
                "configurationForConnecting@S1", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a",
                "sceneDidBecomeActive@S1/a",
            ], []
        ),
        ("prewarm ended by a kill: no scene at all (N7)", .scene, ["willFinishLaunching", "didFinishLaunching"], []),
        (
            "background launch: a scene connects in the background and never enters the foreground (section 2)", .scene,
            ["didFinishLaunching", "willConnectTo@S1/a", "applicationDidReceiveRemoteNotification"], []
        ),
        (
            "background launch: the system-requested scene enters the background, then is released (M2, M3)", .scene,
            ["didFinishLaunching", "willConnectTo@S1/a", "sceneDidEnterBackground@S1/a", "sceneDidDisconnect@S1/a"], []
        ),
        (
            "background scene later opened by the user (section 2, 4b)", .scene,
            [
                "didFinishLaunching", "willConnectTo@S1/a", "sceneDidEnterBackground@S1/a", "sceneWillEnterForeground@S1/a",
                "sceneDidBecomeActive@S1/a",
            ], []
        ),
        (
            "a launch's discard names the session it restored, whose scene later reconnects (NativeScript#11376, W10)", .scene,
            [
                "didFinishLaunching", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a",
                "didDiscardSceneSessions[sessions=S1]", "sceneWillResignActive@S1/a", "sceneDidEnterBackground@S1/a",
                "sceneDidDisconnect@S1/a", "willConnectTo@S1/b", "sceneWillEnterForeground@S1/b", "sceneDidBecomeActive@S1/b",
            ], ["scene.discarded-stays-gone"]
        ),
        (
            "never connected scene closed (M3)", .scene,
            ["didFinishLaunching", "willConnectTo@S1/a", "sceneDidDisconnect@S1/a"], []
        ),
        (
            "iPad: two windows in different states, one closed and discarded (section 7)", .scene,
            [
                "didFinishLaunching", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a",
                "configurationForConnecting@S2", "willConnectTo@S2/b", "sceneWillEnterForeground@S2/b", "sceneDidBecomeActive@S2/b",
                "sceneWillResignActive@S1/a", "sceneDidEnterBackground@S1/a", "sceneWillResignActive@S2/b",
                "sceneDidEnterBackground@S2/b", "sceneDidDisconnect@S2/b", "didDiscardSceneSessions[sessions=S2]",
                "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a",
            ], []
        ),
        (
            "iPad: a second window, with configurationForConnecting recorded without its session id (section 7)", .scene,
            [
                "didFinishLaunching", "configurationForConnecting", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a",
                "sceneDidBecomeActive@S1/a", "configurationForConnecting", "willConnectTo@S2/b", "sceneWillEnterForeground@S2/b",
                "sceneDidBecomeActive@S2/b",
            ], []
        ),
        (
            "Notification Center on iOS 11-12: a double didBecomeActive (rdar 49216830)", .scene,
            [
                "didFinishLaunching", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a",
                "sceneWillResignActive@S1/a", "sceneDidBecomeActive@S1/a", "sceneDidBecomeActive@S1/a",
            ], ["scene.active-once"]
        ),
        (
            "partial switcher gesture: didBecomeActive missing, the next resign finds the scene inactive (rdar 13677039)", .scene,
            [
                "didFinishLaunching", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidBecomeActive@S1/a",
                "sceneWillResignActive@S1/a", "sceneWillResignActive@S1/a", "sceneDidEnterBackground@S1/a",
            ], ["scene.lifecycle"]
        ),
        (
            "connected straight to active, as the BNR book tells it (W2)", .scene,
            ["didFinishLaunching", "willConnectTo@S1/a", "sceneDidBecomeActive@S1/a"], ["scene.first-active-in-foreground"]
        ),
        (
            "AirPlay scene: foreground without ever becoming active (SalesforceMobileSDK-iOS#3679)", .scene,
            [
                "didFinishLaunching", "willConnectTo@S1/a", "sceneWillEnterForeground@S1/a", "sceneDidEnterBackground@S1/a",
                "sceneWillEnterForeground@S1/a", "sceneDidEnterBackground@S1/a",
            ], ["scene.foreground-then-active"]
        ),
        (
            "legacy cold launch, interruption, home, return, swipe-kill (section 8)", .app,
            [
                "willFinishLaunching", "didFinishLaunching", "applicationDidBecomeActive", "applicationWillResignActive",
                "applicationDidBecomeActive", "applicationWillResignActive", "applicationDidEnterBackground",
                "applicationWillEnterForeground", "applicationDidBecomeActive", "applicationWillResignActive",
                "applicationDidEnterBackground", "applicationWillTerminate",
            ], []
        ),
        (
            "legacy background launch opened later: foreground with no background before it (N8)", .app,
            [
                "didFinishLaunching", "applicationDidReceiveRemoteNotification", "applicationWillEnterForeground",
                "applicationDidBecomeActive",
            ], []
        ),
        ("legacy background launch never opened (rdar 14295449)", .app, ["didFinishLaunching", "applicationPerformFetch"], []),
        (
            "legacy fast kill: willEnterForeground then didEnterBackground (forum 732170)", .app,
            [
                "didFinishLaunching", "applicationDidBecomeActive", "applicationWillResignActive", "applicationDidEnterBackground",
                "applicationWillEnterForeground", "applicationDidEnterBackground",
            ], []
        ),
        (
            "legacy Notification Center on iOS 11-12: a double didBecomeActive (rdar 49216830)", .app,
            [
                "didFinishLaunching", "applicationDidBecomeActive", "applicationWillResignActive", "applicationDidBecomeActive",
                "applicationDidBecomeActive",
            ], ["app.active-once"]
        ),
        (
            "legacy running app killed while in the background (applicationWillTerminate docs)", .app,
            [
                "didFinishLaunching", "applicationDidBecomeActive", "applicationWillResignActive", "applicationDidEnterBackground",
                "applicationWillTerminate",
            ], []
        ),
    ]

    @Test(arguments: realSequences.indices)
    func realSequencesRaiseNoErrorAndOnlyTheirKnownWarnings(_ index: Int) {
        let (name, lifecycle, specs, warnings) = Self.realSequences[index]
        let findings = Self.check(specs, lifecycle: lifecycle)
        #expect(findings.filter { $0.severity == .error && $0.status == .violated }.isEmpty, "\(name): \(findings.map(\.headline))")
        #expect(Set(findings.filter { $0.status == .violated }.map(\.ruleID)) == warnings, "\(name): \(findings.map(\.headline))")
    }

    /// The sample traces that show legal UIKit behaviour (`traces/`, all but `bug-*`).
    static let legalTraces: [String] = {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../traces")
            .standardizedFileURL
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".ndjson") && !$0.hasPrefix("bug-") }.sorted()
            .map { directory.appendingPathComponent($0).path }
    }()

    @Test func thereAreLegalSampleTraces() { #expect(Self.legalTraces.count >= 8) }

    @Test(arguments: legalTraces)
    func legalSampleTracesRaiseNoErrorAndNothingFromTheMachines(_ path: String) throws {
        var findings: [Finding] = []
        let checker = RuleChecker(rules: BuiltinCatalog.all, onFinding: { findings.append($0) })
        let problems = try checker.check(file: path, label: path)
        _ = checker.finish()
        #expect(problems.skipped.isEmpty)
        #expect(problems.events > 0)
        #expect(findings.filter { $0.severity == .error }.isEmpty, "\(findings.map(\.headline))")
        #expect(findings.filter { $0.ruleID.hasSuffix(".lifecycle") }.isEmpty, "\(findings.map(\.headline))")
    }

    // MARK: - The mission's example order

    @Test func configurationAfterTheSessionsSceneConnectedIsAnError() {
        let findings = Self.check(
            ["didFinishLaunching", "willConnectTo@S1/a", "configurationForConnecting@S1"], lifecycle: .scene)
        #expect(
            findings.map(\.headline) == [
                "t:4: error[scene.config-before-connect]: application(_:configurationForConnecting:options:) for session S1 in launch L came after scene(_:willConnectTo:options:) (seq 2) with no sceneDidDisconnect(_:) in between"
            ])
    }

    @Test func configurationOfAnotherSessionOrAfterADisconnectIsLegal() {
        let findings = Self.check(
            [
                "didFinishLaunching", "willConnectTo@S1/a", "configurationForConnecting@S2", "sceneDidEnterBackground@S1/a",
                "sceneDidDisconnect@S1/a", "configurationForConnecting@S1", "willConnectTo@S1/b", "sceneWillEnterForeground@S1/b",
                "sceneDidBecomeActive@S1/b",
            ],
            lifecycle: .scene)
        #expect(findings.isEmpty, "\(findings.map(\.headline))")
    }

    @Test func aSceneAppsLaunchOrderBackwardsIsAnErrorFromTheLaunchRulesOnly() {
        // configurationForConnecting then willConnectTo before didFinishLaunching: the pairwise launch
        // rules report it; the machine, which knows only the scene's own states, has nothing to add.
        let findings = Self.check(
            ["configurationForConnecting@S1", "willConnectTo@S1/a", "didFinishLaunching"], lifecycle: .scene)
        #expect(findings.map(\.ruleID).sorted() == ["scene.connect-after-launch", "scene.sessions-after-launch"])
        #expect(findings.allSatisfy { $0.severity == .error && $0.status == .violated })
    }
}
