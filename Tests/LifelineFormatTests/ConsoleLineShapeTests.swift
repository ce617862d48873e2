import Foundation
import LifelineFormat
import Testing

/// The line shapes apps really print (issue 27), each from the real logs in Fixtures/real-logs
/// where one shows it, else from lines in the shape a source shows (marked synthetic).
@Suite("Console lines apps really print")
struct ConsoleLineShapeTests {
    static let realLogs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/real-logs")

    static func decode(_ text: String) -> DecodedTrace { ConsoleTextDecoder.decode(Array(text.utf8)) }

    static func decodeFixture(_ name: String) throws -> DecodedTrace {
        let bytes = Array(try Data(contentsOf: realLogs.appendingPathComponent(name)))
        #expect(TraceShape.detect(bytes) == .text)
        return ConsoleTextDecoder.decode(bytes)
    }

    /// Every line's event name, launch by launch.
    static func names(_ decoded: DecodedTrace) -> [[String]] {
        decoded.launches.map { launch in launch.events.map { $0.event.callback.map { "\($0)" } ?? $0.event.name } }
    }

    /// Synthetic lines in the shapes of the sources named beside them.
    @Test(arguments: [
        // NSLog with its time trimmed (fixture 02's prefix without the counter and the time).
        ("Keybase[10914:3793552] -[AppDelegate applicationDidBecomeActive:]", Callback.applicationDidBecomeActive),
        // Unity's app controller (Pushwoosh/pushwoosh-unity#3, ampxagency/ios-unity5#33).
        ("-> applicationDidFinishLaunching()", .didFinishLaunching),
        ("-> applicationDidBecomeActive()", .applicationDidBecomeActive),
        ("-> applicationWillResignActive()", .applicationWillResignActive),
        ("WARNING -> applicationDidReceiveMemoryWarning()", .applicationDidReceiveMemoryWarning),
        // Selector fragments and a type, a space and the name.
        ("didFinishLaunchingWithOptions", .didFinishLaunching),
        ("AppDelegate willFinishLaunchingWithOptions", .willFinishLaunching),
        ("SceneDelegate sceneDidBecomeActive", .sceneDidBecomeActive),
        ("SceneDelegate sceneWillEnterForeground <UIWindowScene: 0x10270b110>", .sceneWillEnterForeground),
        // The notification-center delegate methods and the app's willContinueUserActivity.
        ("AppDelegate - userNotificationCenter(_:willPresent:withCompletionHandler:)", .userNotificationCenterWillPresent),
        ("-[AppDelegate userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:]", .userNotificationCenterDidReceive),
        ("application(_:willContinueUserActivityWithType:) NSUserActivityTypeBrowsingWeb", .applicationWillContinueUserActivity),
    ])
    func aShapeAppsPrintNamesItsCallback(_ line: String, _ callback: Callback) throws {
        let decoded = Self.decode(line + "\n")
        let event = try #require(decoded.launches.first?.events.first, "\(line)")
        #expect(event.event.callback == callback)
        #expect(decoded.ignored == 0)
    }

    @Test func nslogWithoutItsTimeStillGivesThePidAndThread() throws {
        let decoded = Self.decode("Keybase[10914:3793552] -[AppDelegate applicationDidBecomeActive:]\n")
        let launch = try #require(decoded.launches.first)
        #expect(launch.record.pid == 10914)
        #expect(launch.record.app == "Keybase")
        #expect(launch.events.first?.thread == "3793552")
        #expect(launch.events.first?.t == 0)
        // A message that starts like a process column but has no thread is a message, not a process.
        let message = Self.decode("application(_:didFinishLaunchingWithOptions:)\nArray[3] applicationDidBecomeActive\n")
        #expect(message.launches.first?.record.pid == nil)
    }

    @Test func wordsOfProseAreStillNotCallbacks() {
        let decoded = Self.decode("application(_:didFinishLaunchingWithOptions:)\nopenURL failed\nperformFetch later\nActive\n")
        #expect(Self.names(decoded) == [["didFinishLaunching"]])
        #expect(decoded.ignored == 3)
    }

    /// Fixture 02: a log file's line number before each NSLog line.
    @Test func aLineCounterBeforeTheTimeKeepsTheTimeAndThePid() throws {
        let decoded = try Self.decodeFixture("02-keybase-nslog-with-line-numbers.txt")
        #expect(decoded.launches.map(\.record.pid) == [10914, 10915])
        #expect(decoded.launches.map(\.record.app) == ["Keybase", "Keybase"])
        let first = try #require(decoded.launches.first?.events.first)
        #expect(first.t == Timestamp.parse("2018-06-08T10:21:15.453Z"))
        #expect(first.thread == "3793552")
    }

    /// Fixture 12: Signal's logger, `yyyy/MM/dd HH:mm:ss:SSS`, an emoji, then `[File.m:line -[Class selector]]:`.
    @Test func signalsLoggerLinesNameTheirCallbacks() throws {
        let decoded = try Self.decodeFixture("12-signal-debug-log-foreground.txt")
        let events = try #require(decoded.launches.first?.events)
        #expect(events.first?.event.callback == .applicationWillEnterForeground)
        #expect(events.first?.t == Timestamp.parse("2022-08-31T13:33:54.129Z"))
        #expect(events.contains { $0.event.callback == .applicationDidBecomeActive })
        // `-[AppDelegate handleActivation]`, `Bench(title:…)` and the background task lines name no callback.
        #expect(!events.contains { $0.event.callback == nil })
    }

    /// Fixtures 10 and 11: `flutter run -v` output, whose lines start with `[`; and 06, 07: `print(state)`.
    @Test func flutterLifecycleStatesAreAppEvents() throws {
        let verbose = try Self.decodeFixture("10-flutter-run-verbose-lifecycle.txt")
        let states = verbose.launches.flatMap(\.events).map { $0.attrs["state"] }
        #expect(verbose.launches.flatMap(\.events).allSatisfy { $0.event.name == "flutter.lifecycle" })
        #expect(states == ["inactive", "paused", "inactive", "resumed", "inactive", "paused"].map { .string($0) })
        for name in ["06-flutter-resumed-while-locking.txt", "07-flutter-lock-inactive-resumed-inactive.txt"] {
            let decoded = try Self.decodeFixture(name)
            #expect(decoded.ignored == 0, "\(name)")
            #expect(decoded.launches.flatMap(\.events).first?.attrs["state"] == .string("inactive"), "\(name)")
        }
    }

    /// Fixture 16: an app's own logger prints the time of day (`14:33:41.817`): the events' times, no
    /// date for the launch; a handler's later words about the same phase are the same event however late.
    @Test func aTimeOfDayGivesTheEventsTimesButNoDate() throws {
        let decoded = try Self.decodeFixture("16-swiftui-ipad-scenephase-raw-log.txt")
        let launch = try #require(decoded.launches.first)
        #expect(launch.record.started == nil)
        let second: Int64 = 1_000_000_000
        let events = launch.events.map { ($0.t, $0.attrs["phase"]) }
        #expect(events.count == 8)
        #expect(events.first?.0 == ((14 * 60 + 33) * 60 + 41) * second + 817_000_000)
        #expect(events.first?.1 == .string("inactive"))
        // `scenePhase: inactive → active` at 14:34:18.694, `scenePhase active: gate open` 537 ms later: one event.
        #expect(events.map(\.0).contains(((14 * 60 + 34) * 60 + 18) * second + 694_000_000))
        #expect(!events.map(\.0).contains(((14 * 60 + 34) * 60 + 19) * second + 231_000_000))
    }

    @Test(arguments: [
        // Past midnight: the next day's time of day, not a clock that steps back.
        (
            "23:59:59.900 [scenePhase] scenePhase: active\n00:00:00.150 [scenePhase] scenePhase: inactive\n",
            [86_399_900_000_000, 86_400_150_000_000]
        ),
        (
            "09:05:01 [scenePhase] scenePhase: active\n09:05:02.5 [scenePhase] scenePhase: inactive\n",
            [32_701_000_000_000, 32_702_500_000_000]
        ),
    ])
    func timesOfDayAreRead(_ text: String, _ times: [Int64]) {
        #expect(Self.decode(text).launches.flatMap(\.events).map(\.t) == times)
    }

    @Test func aTimeOfDayBeforeAProcessColumnKeepsThePid() throws {
        let launch = try #require(Self.decode("10:00:00.250 Notes[4711:88] -[AppDelegate applicationDidBecomeActive:]\n").launches.first)
        #expect(launch.record.pid == 4711)
        #expect(launch.record.started == nil)
        #expect(launch.events.map(\.t) == [36_000_250_000_000])
    }

    @Test(arguments: [
        "24:00:00.000 [scenePhase] scenePhase: active\n", "12:61:00 [scenePhase] scenePhase: active\n",
        "12:00:00.1234567890 [scenePhase] scenePhase: active\n", "12:00:00. [scenePhase] scenePhase: active\n",
        "12:00:00:[scenePhase] scenePhase: active\n",
    ])
    func whatIsNotATimeOfDayGivesNoTime(_ text: String) {
        #expect(Self.decode(text).launches.flatMap(\.events).map(\.t) == [0])
    }

    /// Fixture 11: the device's syslog line inside the Flutter tool's columns gives the time and the pid.
    @Test func aDeviceLogLineGivesTimeAndPid() throws {
        let decoded = try Self.decodeFixture("11-flutter-device-log-background-relaunch.txt")
        let launch = try #require(decoded.launches.first)
        #expect(launch.record.pid == 31898)
        #expect(launch.record.app == "Runner")
        #expect(launch.events.first?.t == Timestamp.parse("2020-03-11T15:33:52.713318+02:00"))
    }

    /// Fixtures 13 and 14: Unity's app controller prints its callbacks without a time among the app's
    /// NSLog lines; UIKit's warning names a protocol's method in prose, which is no callback.
    @Test func unitysUntimedLinesJoinTheProcessAndProseMethodsAreNotCallbacks() throws {
        for name in ["13-unity-embedded-launch-become-active.txt", "14-unity-pushwoosh-launch-warning.txt"] {
            let decoded = try Self.decodeFixture(name)
            #expect(Self.names(decoded) == [["didFinishLaunching", "applicationDidBecomeActive"]], "\(name)")
            // An untimed line among timed ones takes the time before it: no "time goes back" warning.
            #expect(decoded.diagnostics.isEmpty, "\(name)")
            #expect(decoded.launches.first?.record.excerpt == nil)
        }
    }

    /// Fixture 09: Unity's `OnApplicationFocus` / `OnApplicationPause` messages, with their argument.
    @Test func unityMessagesAreAppEventsWithTheirArgument() throws {
        let decoded = try Self.decodeFixture("09-unity-ios-power-button-focus-pause.txt")
        let events = decoded.launches.flatMap(\.events)
        #expect(events.map(\.event.name) == ["unity.focus", "unity.pause", "unity.focus", "unity.pause"])
        #expect(events.map { $0.attrs["hasFocus"] ?? $0.attrs["pauseStatus"] } == [false, true, true, false].map { .bool($0) })
    }

    /// SwiftUI scene phases, printed from `.onChange(of: scenePhase)` (synthetic, in the shape of
    /// Oztechan/CCC's `"Application onChange scenePhase \(phase)"` and of a plain `print`), read as the
    /// SwiftUI example app marks them.
    @Test(arguments: [
        ("scenePhase: active", "active"),
        ("scenePhase: .background", "background"),
        ("Application onChange scenePhase inactive", "inactive"),
        ("ScenePhase.active", "active"),
        ("swiftui.scenePhase phase=background", "background"),
        ("scenePhase changed from inactive to active", "active"),
        // Real-logs 15 and 16 and Jesse Squires' print (jessesquires.com/blog/2024/06/29/swiftui-scene-phase):
        // the app's own words after the phase end it.
        (" onChange(of: scenePhase): scenePhase=active, colorScheme=light", "active"),
        ("14:33:41.817 [scenePhase] scenePhase: active → inactive", "inactive"),
        ("14:33:44.806 [scenePhase] scenePhase active: gate open (prevPhase=inactive)", "active"),
        ("ScenePhase: inactive -> active", "active"),
    ])
    func scenePhaseChangesAreAppEvents(_ line: String, _ phase: String) throws {
        let event = try #require(Self.decode(line + "\n").launches.first?.events.first, "\(line)")
        #expect(event.event.name == "swiftui.scenePhase")
        #expect(event.attrs["phase"] == .string(phase))
    }
}
