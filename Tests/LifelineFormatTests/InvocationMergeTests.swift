import Foundation
import LifelineFormat
import Testing

/// One invocation logged on several lines is one event; the same line again is a second invocation
/// (docs/interchange.md#one-invocation-one-event).
@Suite("One invocation, one event")
struct InvocationMergeTests {
    static func decode(_ text: String) -> DecodedTrace { ConsoleTextDecoder.decode(Array(text.utf8)) }

    static func fixture(_ name: String) throws -> DecodedTrace {
        let bytes = Array(try Data(contentsOf: ConsoleLineShapeTests.realLogs.appendingPathComponent(name)))
        return ConsoleTextDecoder.decode(bytes)
    }

    /// Each event's lines, launch by launch: `[[1, 2], [3, 4]]`.
    static func lines(_ launch: InterchangeLaunch) -> [[Int]] {
        launch.lines.enumerated().map { index, line in [line] + (launch.mergedLines[index] ?? []) }
    }

    /// Fixture 02: Keybase logs two messages per callback.
    @Test func twoMessagesOfOneCallbackAreOneEvent() throws {
        let decoded = try Self.fixture("02-keybase-nslog-with-line-numbers.txt")
        #expect(
            decoded.launches.map { $0.events.compactMap(\.event.callback) } == [
                [.applicationWillResignActive, .applicationDidEnterBackground], [.applicationDidBecomeActive],
            ])
        // Line 6 (`hideCover: …`) names no callback: it does not separate lines 5 and 7.
        #expect(decoded.launches.map(Self.lines) == [[[1, 2], [3, 4]], [[5, 7]]])
        #expect(decoded.merged == 3)
    }

    /// Fixture 12: Signal's begin and "completed" lines, and MainAppContext observing the notification
    /// UIKit posts right after the delegate call.
    @Test func aNotificationObserversLineAfterTheDelegatesIsTheSameTransition() throws {
        let decoded = try Self.fixture("12-signal-debug-log-foreground.txt")
        let launch = try #require(decoded.launches.first)
        #expect(launch.events.compactMap(\.event.callback) == [.applicationWillEnterForeground, .applicationDidBecomeActive])
        #expect(Self.lines(launch) == [[1, 2], [6, 9, 10]])
    }

    /// Fixture 11: the Flutter tool echoes the device's line without its columns.
    @Test func aToolsEchoOfAFrameworkStateIsOneEvent() throws {
        let decoded = try Self.fixture("11-flutter-device-log-background-relaunch.txt")
        let launch = try #require(decoded.launches.first)
        #expect(launch.events.map { $0.attrs["state"] } == [.string("inactive"), .string("paused")])
        #expect(Self.lines(launch) == [[4, 5], [6, 7]])
    }

    /// Synthetic lines: Unity's line (no time, no pid) and the app's own NSLog line for the same call.
    @Test func unitysLineAndTheAppsOwnAreOneEvent() throws {
        let decoded = Self.decode(
            """
            -> applicationDidBecomeActive()
            2021-08-28 20:18:26.146872+0900 Game[5777:1443837] -[GameAppController applicationDidBecomeActive:]

            """)
        #expect(decoded.launches.map { $0.events.count } == [1])
        #expect(decoded.launches.first?.record.pid == 5777)
    }

    /// Synthetic lines in fixture 12's shape, with the launch callback that names the app delegate:
    /// another class's line for an app state callback, not next to the delegate's, is the notification.
    @Test func anotherClassesStateLineIsMarkedAsTheNotification() throws {
        let decoded = Self.decode(
            """
            -[AppDelegate application:didFinishLaunchingWithOptions:]
            -[AppDelegate applicationDidBecomeActive:]
            db.open
            -[MainAppContext applicationDidBecomeActive:]

            """)
        let events = try #require(decoded.launches.first?.events)
        #expect(events.map { $0.attrs["via"] } == [nil, nil, nil, .string("notification")])
    }

    /// Synthetic lines: what is two invocations however close.
    @Test(arguments: [
        // The same message again: the same statement ran twice (iOS 11–12's double applicationDidBecomeActive).
        "Notes[1:1] -[AppDelegate applicationDidBecomeActive:]\nNotes[1:1] -[AppDelegate applicationDidBecomeActive:]\n",
        "applicationDidBecomeActive(_:)\napplicationDidBecomeActive(_:)\n",
        // More than 50 ms apart.
        "2026-11-21 10:00:00.000+0000 Notes[1:1] applicationDidBecomeActive: start\n"
            + "2026-11-21 10:00:00.060+0000 Notes[1:1] applicationDidBecomeActive: done\n",
        // Two threads, two processes, two scenes.
        "Notes[1:1] applicationDidBecomeActive: start\nNotes[1:2] applicationDidBecomeActive: done\n",
        "Notes[1:1] applicationDidBecomeActive: start\nNotes[2:1] applicationDidBecomeActive: done\n",
        "sceneDidBecomeActive(_:) <UIWindowScene: 0x1>\nsceneDidBecomeActive(_:) <UIWindowScene: 0x2>\n",
        // An event between them.
        "applicationDidBecomeActive: start\ndb.open\napplicationDidBecomeActive: done\n",
    ])
    func linesThatAreTwoInvocationsStayTwoEvents(_ text: String) {
        let decoded = Self.decode(text)
        #expect(decoded.launches.flatMap(\.events).filter { $0.event.callback != nil }.count == 2)
        #expect(decoded.merged == 0)
    }

    /// A second didFinishLaunching message in lines without pids is the same launch start, not a relaunch.
    @Test func twoMessagesOfOneLaunchCallbackDoNotStartASecondLaunch() {
        let decoded = Self.decode(
            "application(_:didFinishLaunchingWithOptions:) start\napplication(_:didFinishLaunchingWithOptions:) done\nsceneDidBecomeActive(_:)\n"
        )
        #expect(decoded.launches.map { $0.events.count } == [2])
    }
}
