import LifelineFormat
import LifelineSupport
import Testing

@Suite("Console text import")
struct ConsoleTextDecoderTests {
    static func decode(_ text: String, options: InterchangeOptions = InterchangeOptions()) -> DecodedTrace {
        ConsoleTextDecoder.decode(Array(text.utf8), options: options)
    }

    @Test(arguments: [
        ("application(_:didFinishLaunchingWithOptions:)", Callback.didFinishLaunching),
        ("SceneDelegate - sceneDidBecomeActive(_:)", .sceneDidBecomeActive),
        ("[AppDelegate] applicationWillTerminate(_:)", .applicationWillTerminate),
        ("SceneDelegate: sceneWillResignActive(_:)", .sceneWillResignActive),
        ("SceneDelegate.sceneDidEnterBackground(_:)", .sceneDidEnterBackground),
        ("-[SceneDelegate scene:willConnectToSession:options:]", .willConnectTo),
        ("+[AppDelegate applicationDidReceiveMemoryWarning:]", .applicationDidReceiveMemoryWarning),
        ("sceneWillEnterForeground", .sceneWillEnterForeground),
        ("Notes.SceneDelegate.sceneDidDisconnect(_:) called", .sceneDidDisconnect),
        ("lifecycle: entering application:didFinishLaunchingWithOptions: now", .didFinishLaunching),
    ])
    func everyShapeAppsPrintNamesItsCallback(_ line: String, _ callback: Callback) throws {
        let decoded = Self.decode(line + "\n")
        let event = try #require(decoded.launches.first?.events.first)
        #expect(event.event.callback == callback)
        #expect(event.phase == .instant)
        #expect(decoded.ignored == 0)
    }

    @Test(arguments: [
        "Loaded 42 notes", "did the user open the app?", "openURL failed", "2026-11-21 10:00:00.1+0900 Notes[1:2] nothing here",
        "SceneDelegate - somethingElse(_:)", "Active", "",
    ])
    func linesThatNameNoCallbackAreSkippedAndCounted(_ line: String) {
        let decoded = Self.decode("application(_:didFinishLaunchingWithOptions:)\n" + line + "\n")
        #expect(decoded.launches.first?.events.count == 1)
        #expect(decoded.ignored == (line.isEmpty ? 0 : 1))
    }

    @Test func aTimestampAndProcessColumnGiveTimePidAndThread() throws {
        let decoded = Self.decode(
            "2026-11-21 10:00:00.123456+0900 Notes[4711:1a2b] SceneDelegate - sceneDidBecomeActive(_:) <UIWindowScene: 0x10270b110; role: r>\n"
        )
        let launch = try #require(decoded.launches.first)
        #expect(launch.record.pid == 4711)
        #expect(launch.record.app == "Notes")
        #expect(launch.record.started == "2026-11-21T01:00:00.123Z")
        let event = try #require(launch.events.first)
        #expect(event.t == Timestamp.parse("2026-11-21T01:00:00.123456Z"))
        #expect(event.thread == "1a2b")
        #expect(event.scene == "0x10270b110")
        #expect(event.session == "0x10270b110")
        #expect(!launch.namesSessions)
    }

    @Test func aPrintedPersistentIdentifierIsTheSession() throws {
        let decoded = Self.decode(
            "sceneDidBecomeActive(_:) <UIWindowScene: 0x1; role: UIWindowSceneSessionRoleApplication; persistentIdentifier: ABC-1; activationState: x>\n"
        )
        let launch = try #require(decoded.launches.first)
        #expect(launch.events.first?.session == "ABC-1")
        #expect(launch.namesSessions)
    }

    @Test func aNewPidOrASecondLaunchCallbackWithoutAPidStartsANewLaunch() {
        let decoded = Self.decode(
            """
            2026-11-21 10:00:00.000000+0000 Notes[1:1] application(_:willFinishLaunchingWithOptions:)
            2026-11-21 10:00:00.100000+0000 Notes[1:1] application(_:didFinishLaunchingWithOptions:)
            2026-11-21 10:00:01.000000+0000 Notes[1:1] sceneDidBecomeActive(_:)
            2026-11-21 10:00:02.000000+0000 Notes[2:1] sceneDidBecomeActive(_:)
            2026-11-21 10:00:03.000000+0000 Notes[2:1] application(_:didFinishLaunchingWithOptions:)
            application(_:didFinishLaunchingWithOptions:)

            """)
        // Line 5 is pid 2's first didFinishLaunching, late but in its process: the same launch, to be
        // judged. Line 6 names no pid and repeats a launch callback of the launch: a new launch.
        #expect(decoded.launches.map { $0.events.count } == [3, 2, 1])
        #expect(decoded.launches.map(\.record.pid) == [1, 2, nil])
        #expect(decoded.launches.map(\.line) == [1, 4, 6])
        // Pid 2's launch showed a launch callback, late: the log covers its start, so it is no excerpt.
        #expect(decoded.launches.map(\.record.excerpt) == [nil, nil, nil])
    }

    /// Synthetic lines: what evidence starts a launch, and what does not.
    @Test func launchesFollowEvidenceNotTimeGaps() {
        // A scene connected before the app finished launching: one launch, in the order the log shows.
        let scrambled = Self.decode(
            "scene(_:willConnectTo:options:) <UIWindowScene: 0x1>\napplication(_:didFinishLaunchingWithOptions:)\nsceneDidBecomeActive(_:) <UIWindowScene: 0x1>\n"
        )
        #expect(scrambled.launches.map { $0.events.count } == [3])
        #expect(scrambled.launches.first?.record.excerpt == nil)
        // Days between two lines of one process: still one launch (apps sit suspended).
        let suspended = Self.decode(
            """
            2026-11-21 10:00:00.000000+0000 Notes[1:1] sceneDidEnterBackground(_:)
            2026-11-24 09:00:00.000000+0000 Notes[1:1] sceneWillEnterForeground(_:)

            """)
        #expect(suspended.launches.count == 1)
        // No launch callback at all: the log began after the app did.
        #expect(suspended.launches.first?.record.excerpt == true)
        // willFinishLaunching after the launch callbacks of a launch without pids: the app launching again.
        let twice = Self.decode(
            """
            application(_:willFinishLaunchingWithOptions:)
            application(_:didFinishLaunchingWithOptions:)
            sceneDidEnterBackground(_:)
            application(_:willFinishLaunchingWithOptions:)
            application(_:didFinishLaunchingWithOptions:)

            """)
        #expect(twice.launches.map { $0.events.count } == [3, 2])
        // A pid first named after the launch began is the launch's.
        let named = Self.decode("sceneDidBecomeActive(_:)\n2026-11-21 10:00:00.0+0000 Notes[7:1] sceneWillResignActive(_:)\n")
        #expect(named.launches.map(\.record.pid) == [7])
        #expect(named.launches.map(\.record.app) == ["Notes"])
    }

    @Test func appEventsTakeKeyValueAttrs() throws {
        let decoded = Self.decode("db.open path=notes.sqlite pages=120 wal=true\n")
        let event = try #require(decoded.launches.first?.events.first)
        #expect(event.event == "db.open")
        #expect(event.attrs == ["path": "notes.sqlite", "pages": 120, "wal": true])
    }

    @Test func timeThatGoesBackIsKeptInLogOrderWithAWarning() throws {
        let decoded = Self.decode(
            """
            2026-11-21 10:00:05.000000+0000 Notes[1:1] application(_:didFinishLaunchingWithOptions:)
            2026-11-21 10:00:01.000000+0000 Notes[1:1] sceneDidBecomeActive(_:)

            """)
        let events = try #require(decoded.launches.first?.events)
        #expect(events[1].t == events[0].t)
        #expect(
            decoded.diagnostics == [Diagnostic(.warning, line: 2, column: 1, "time goes back from the line before; kept in log order")]
        )
    }

    @Test func aPatternReadsAnyLayout() throws {
        let pattern = try ConsoleTextPattern(#"^T=(?<time>[0-9.]+) P=(?<pid>\S+) (?<event>\S+)(?: S=(?<session>\S+))?$"#)
        let decoded = Self.decode(
            "T=1.5 P=9 didFinishLaunching\nT=2 P=9 sceneDidBecomeActive S=S1\nT=3 P=x sceneDidBecomeActive\nnoise\n",
            options: InterchangeOptions(pattern: pattern))
        let launch = try #require(decoded.launches.first)
        #expect(launch.events.map(\.t) == [1_500_000_000, 2_000_000_000])
        #expect(launch.events.last?.session == "S1")
        #expect(launch.record.pid == 9)
        #expect(launch.record.started == nil)
        #expect(decoded.ignored == 1)
        #expect(decoded.malformed == 1)
        #expect(decoded.diagnostics.first?.line == 3)
    }

    @Test func aPatternsTimeMayBeATimeOfDayPastMidnight() throws {
        let pattern = try ConsoleTextPattern(#"^\[(?<time>[^\]]+)\] (?<event>\S+)$"#)
        let decoded = Self.decode(
            "[23:59:59.500] didFinishLaunching\n[23:59:59.75] sceneWillEnterForeground\n[00:00:00.250] sceneDidBecomeActive\n"
                + "[24:00:00] sceneWillResignActive\n[00:00:01 ] sceneDidEnterBackground\n",
            options: InterchangeOptions(pattern: pattern))
        let launch = try #require(decoded.launches.first)
        let midnight: Int64 = 24 * 3600 * 1_000_000_000
        #expect(launch.events.map(\.t) == [midnight - 500_000_000, midnight - 250_000_000, midnight + 250_000_000])
        #expect(launch.record.started == nil)
        #expect(decoded.malformed == 2)
        #expect(decoded.diagnostics.map(\.line) == [4, 5])
    }

    @Test func hostileBytesNeverCrashTheDecoder() {
        var random = SplitMix64(seed: 3)
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 300) {
                let pick = random.next() % 10
                bytes.append(
                    pick < 3
                        ? UInt8(ascii: "\n")
                        : pick < 5 ? Array("[]:-() <>0x".utf8)[Int(random.next() % 11)] : UInt8(truncatingIfNeeded: random.next()))
            }
            bytes += Array("2026-11-21 10:00:00.1+0900 N[9:1] -[A sceneDidBecomeActive:]\n".utf8).shuffled(using: &random).prefix(
                Int(random.next() % 60))
            _ = ConsoleTextDecoder.decode(bytes)
        }
    }
}
