import LifelineFormat
import LifelineSimulator
import Testing

/// The callbacks each scenario makes, in order: the model's contract (docs/scenarios.md),
/// sourced in docs/research/uikit-lifecycle.md.
@Suite("Simulator call orders")
struct CallOrderTests {
    static let launchNew = [
        "willFinishLaunching", "didFinishLaunching", "configurationForConnecting S1", "willConnectTo S1",
        "sceneWillEnterForeground S1", "sceneDidBecomeActive S1",
    ]
    static let launchRestored = [
        "willFinishLaunching", "didFinishLaunching", "willConnectTo S1",
        "sceneWillEnterForeground S1", "sceneDidBecomeActive S1",
    ]
    static let launchNewS2 = [
        "willFinishLaunching", "didFinishLaunching", "didDiscardSceneSessions",
        "configurationForConnecting S2", "willConnectTo S2", "sceneWillEnterForeground S2",
        "sceneDidBecomeActive S2",
    ]

    static let cases: [(script: String, calls: [String])] = [
        // §1: a new session gets a configuration; WEF also for a freshly connected scene.
        ("launch cold", launchNew),
        // §1, SO 63520008: a restored session reconnects without configurationForConnecting.
        ("launch restored", launchRestored),
        // §4: home and back.
        (
            "launch cold; home; return",
            launchNew + [
                "sceneWillResignActive S1", "sceneDidEnterBackground S1", "sceneWillEnterForeground S1", "sceneDidBecomeActive S1",
            ]
        ),
        // §4: a temporary interruption.
        ("launch cold; interrupt 1s", launchNew + ["sceneWillResignActive S1", "sceneDidBecomeActive S1"]),
        // §6, forum 732170: no DEB before the disconnect; the discard comes at the next launch, after didFinish.
        (
            "launch cold; swipe-kill; launch cold",
            launchNew + [
                "sceneWillResignActive S1", "sceneDidDisconnect S1", "applicationWillTerminate", "--",
            ] + launchNewS2
        ),
        // FB9855914: the session survives the kill and is restored.
        (
            "launch cold; swipe-kill keep-session; launch cold",
            launchNew + [
                "sceneWillResignActive S1", "sceneDidDisconnect S1", "applicationWillTerminate", "--",
            ] + launchRestored
        ),
        // Forum 732170's fast kill: a new scene object of the same session enters the foreground and the background.
        (
            "launch cold; swipe-kill fast",
            launchNew + [
                "sceneWillResignActive S1", "sceneDidDisconnect S1", "willConnectTo S1", "sceneWillEnterForeground S1",
                "sceneDidEnterBackground S1",
            ]
        ),
        // §6 scenario 11: killing a suspended app calls nothing.
        (
            "launch cold; home; swipe-kill; launch cold",
            launchNew + [
                "sceneWillResignActive S1", "sceneDidEnterBackground S1", "--",
            ] + launchNewS2
        ),
        // §5: released under memory pressure, reconnected without a configuration.
        (
            "launch cold; home; memory-pressure; return",
            launchNew + [
                "sceneWillResignActive S1", "sceneDidEnterBackground S1", "sceneDidDisconnect S1", "willConnectTo S1",
                "sceneWillEnterForeground S1", "sceneDidBecomeActive S1",
            ]
        ),
        // §2 (4a): no scene during a background launch; it connects when the user opens the app.
        (
            "launch background push; open",
            [
                "willFinishLaunching", "didFinishLaunching", "applicationDidReceiveRemoteNotification",
                "configurationForConnecting S1", "willConnectTo S1", "sceneWillEnterForeground S1", "sceneDidBecomeActive S1",
            ]
        ),
        // §2 (4b): a system-requested scene connects in the background.
        (
            "launch background fetch connect; open",
            [
                "willFinishLaunching", "didFinishLaunching", "configurationForConnecting S1", "willConnectTo S1",
                "applicationPerformFetch", "sceneDidEnterBackground S1", "sceneWillEnterForeground S1",
                "sceneDidBecomeActive S1",
            ]
        ),
        // §3: prewarm runs the launch up to didFinish; the scene connects when the user opens the app.
        (
            "launch prewarm; open",
            [
                "willFinishLaunching", "didFinishLaunching", "applicationProtectedDataDidBecomeAvailable",
                "configurationForConnecting S1", "willConnectTo S1", "sceneWillEnterForeground S1", "sceneDidBecomeActive S1",
            ]
        ),
        // §6 scenario 12: the system terminates a running app; the session survives.
        (
            "launch cold; terminate; launch cold",
            launchNew + [
                "sceneWillResignActive S1", "sceneDidEnterBackground S1", "sceneDidDisconnect S1", "applicationWillTerminate",
                "--",
            ] + launchRestored
        ),
        // willTerminate is not called for a suspended app.
        ("launch cold; home; terminate", launchNew + ["sceneWillResignActive S1", "sceneDidEnterBackground S1"]),
        ("launch cold; kill; launch cold", launchNew + ["--"] + launchRestored),
        // §8: the legacy life cycle; no applicationWillEnterForeground on a cold launch.
        (
            "app legacy; launch cold; interrupt 1s; home; return; swipe-kill",
            [
                "willFinishLaunching", "didFinishLaunching", "applicationDidBecomeActive", "applicationWillResignActive",
                "applicationDidBecomeActive", "applicationWillResignActive", "applicationDidEnterBackground",
                "applicationWillEnterForeground", "applicationDidBecomeActive", "applicationWillResignActive",
                "applicationDidEnterBackground", "applicationWillTerminate",
            ]
        ),
        // §2/§8 (jigarm): WEF without a prior DEB after a background launch; forum 732170: WEF before DEB on a fast kill.
        (
            "app legacy; launch background push; open; swipe-kill fast",
            [
                "willFinishLaunching", "didFinishLaunching", "applicationDidReceiveRemoteNotification",
                "applicationWillEnterForeground", "applicationDidBecomeActive", "applicationWillResignActive",
                "applicationWillEnterForeground", "applicationDidEnterBackground",
            ]
        ),
        // §7: windows in different states; a closed window is discarded at once, a swiped last window at the next launch.
        (
            "device iPad13,4; launch cold; open-window S2; hide S1; open-window S1; close-window S2; swipe-kill S1; launch cold",
            launchNew + [
                "configurationForConnecting S2", "willConnectTo S2", "sceneWillEnterForeground S2", "sceneDidBecomeActive S2",
                "sceneWillResignActive S1", "sceneDidEnterBackground S1", "sceneWillEnterForeground S1",
                "sceneDidBecomeActive S1", "sceneWillResignActive S2", "sceneDidEnterBackground S2", "sceneDidDisconnect S2",
                "didDiscardSceneSessions", "sceneWillResignActive S1", "sceneDidDisconnect S1", "applicationWillTerminate",
                "--", "willFinishLaunching", "didFinishLaunching", "didDiscardSceneSessions", "configurationForConnecting S3",
                "willConnectTo S3", "sceneWillEnterForeground S3", "sceneDidBecomeActive S3",
            ]
        ),
        // One window of several swiped away: disconnect only; its discard waits for the next launch.
        (
            "device iPad13,4; launch cold; open-window S2; swipe-kill S2; home; kill; launch cold",
            launchNew + [
                "configurationForConnecting S2", "willConnectTo S2", "sceneWillEnterForeground S2", "sceneDidBecomeActive S2",
                "sceneWillResignActive S2", "sceneDidDisconnect S2", "sceneWillResignActive S1", "sceneDidEnterBackground S1",
                "--", "willFinishLaunching", "didFinishLaunching", "didDiscardSceneSessions", "willConnectTo S1",
                "sceneWillEnterForeground S1", "sceneDidBecomeActive S1",
            ]
        ),
    ]

    @Test("each scenario makes UIKit's calls in the documented or observed order", arguments: cases)
    func callOrder(_ script: String, _ calls: [String]) throws {
        #expect(try SimulatedTrace(script).calls == calls)
    }

    @Test("a legacy launch says lifecycle 'app'; a scene launch 'scene'; an iPad says iPadOS")
    func launchRecords() throws {
        let legacy = try SimulatedTrace("app legacy; launch cold").launches
        #expect(legacy.map(\.lifecycle) == [.app])
        let pad = try SimulatedTrace("device iPad13,4; os 18.2; launch cold; kill; wait 1h; launch cold").launches
        #expect(pad.map(\.lifecycle) == [.scene, .scene])
        #expect(pad.map(\.platform) == ["iPadOS", "iPadOS"])
        #expect(pad.map(\.os) == ["18.2", "18.2"])
        #expect(pad[0].started == "2026-03-02T09:00:00.000Z")
        #expect(pad[1].started!.hasPrefix("2026-03-02T10:00:0"))
        #expect(Set(pad.map(\.launch)).count == 2)
    }

    @Test("discarded sessions are listed in attrs.sessions; restored scenes say so; every event is on main")
    func attributes() throws {
        let trace = try SimulatedTrace("device iPad13,4; launch cold; open-window S2; home; swipe-kill; launch cold")
        let discard = trace.events(ofLaunch: 2).first { $0.event == EventName(.didDiscardSceneSessions) }
        #expect(discard?.discardedSessions == ["S1", "S2"])
        let restored = try SimulatedTrace("launch restored").events(ofLaunch: 1)
            .first { $0.event == EventName(.willConnectTo) && $0.phase == .begin }
        #expect(restored?.attrs["restored"] == .bool(true))
        #expect(trace.file.events.allSatisfy { $0.thread == "main" })
    }

    @Test("a scene object is new after every reconnect; the session stays")
    func sceneIdentity() throws {
        let events = try SimulatedTrace("launch cold; home; memory-pressure; return").events(ofLaunch: 1)
        let connects = events.filter { $0.event == EventName(.willConnectTo) && $0.phase == .begin }
        #expect(connects.map(\.session) == ["S1", "S1"])
        #expect(connects[0].scene != connects[1].scene)
        let disconnect = events.first { $0.event == EventName(.sceneDidDisconnect) }
        #expect(disconnect?.scene == connects[0].scene)
    }

    @Test("every trace is valid format v1, with spans closed, times non-decreasing and the background budget respected")
    func validTraces() throws {
        let trace = try SimulatedTrace(
            """
            device iPad13,4; launch cold; open-window S2; interrupt 3s; hide S2; home; wait 2m; memory-pressure
            return; swipe-kill; launch background fetch connect; open; terminate; launch prewarm split; wait 1h; open
            """)
        #expect(trace.file.errors.isEmpty)
        #expect(!trace.file.hasUnterminatedLastLine)
        var open: [String: Int] = [:]
        for event in trace.file.events where event.phase != .instant {
            let key = "\(event.event.name) \(event.session ?? "") \(event.scene ?? "")"
            open[key, default: 0] += event.phase == .begin ? 1 : -1
            #expect(open[key]! >= 0)
        }
        #expect(open.values.allSatisfy { $0 == 0 })
        let backgroundBegins = trace.file.events.filter { $0.event == EventName(.sceneDidEnterBackground) }
        for (begin, end) in zip(backgroundBegins, backgroundBegins.dropFirst()) where begin.phase == .begin && end.phase == .end {
            #expect(end.t - begin.t < 5_000_000_000)
        }
        for launch in 1...trace.launches.count {
            let events = trace.events(ofLaunch: launch)
            #expect(events.map(\.seq) == Array(1...Int64(events.count)))
            #expect(zip(events, events.dropFirst()).allSatisfy { $0.t <= $1.t })
        }
    }

    static let impossible: [(script: String, line: Int, column: Int, message: String)] = [
        ("home", 1, 1, "'home' needs a running app; start one with 'launch cold'"),
        ("launch cold\nlaunch cold", 2, 1, "the app is already running (launch 1); end it with 'swipe-kill', 'terminate' or 'kill'"),
        ("launch cold; return", 1, 14, "the app is already in the foreground"),
        ("launch cold; open-window S2", 1, 14, "'open-window' needs an iPad (say 'device iPad13,4' first): an iPhone shows one window"),
        ("app legacy; launch restored", 1, 13, "'launch restored' needs a scene app: a legacy app has no scene sessions"),
        ("launch cold; device iPad13,4", 1, 14, "'device' must come before the first 'launch'"),
        ("device iPad13,4; launch cold; close-window S2", 1, 31, "window 'S2' is not connected"),
        (
            "device iPad13,4; launch cold; open-window S2; close-window S2; open-window S2", 1, 64,
            "session 'S2' was discarded and cannot return; open a new window instead"
        ),
        ("launch cold; memory-pressure", 1, 14, "no background window to release"),
        ("launch cold; home; interrupt", 1, 20, "no window is active"),
        ("wait 1s", 1, 1, "the script never launches the app (start it with 'launch cold')"),
        ("app legacy; launch cold; swipe-kill S1", 1, 26, "'swipe-kill S1' needs a scene app: a legacy app has one window"),
    ]

    @Test("a step the model cannot perform is an error at that step", arguments: impossible)
    func impossibleStep(_ script: String, _ line: Int, _ column: Int, _ message: String) {
        #expect {
            try SimulatedTrace(script)
        } throws: { error in
            guard let error = error as? ScenarioError else { return false }
            return error.code == .impossibleStep && error.location == SourceLocation(line: line, column: column)
                && error.message == message
        }
    }
}
