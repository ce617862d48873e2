import LifelineCore
import Testing

@testable import LifelineFormat

/// A SwiftUI app without a scene delegate: its `@UIApplicationDelegateAdaptor` gets `didFinishLaunching`
/// and `applicationWillTerminate` only (jessesquires.com/blog/2024/06/29/swiftui-scene-phase), so its
/// scene phases are what the anatomy reads for the foreground, the background and the ending.
@Suite("Launch anatomy from SwiftUI's scene phases")
struct LaunchAnatomyScenePhaseTests {
    static let record =
        #"{"lifeline":1,"type":"launch","app":"A","lifecycle":"scene","processStart":-100000000,"prewarm":false,"taskRole":"foreground"}"#

    /// The record, then one event a line: `name t(ms)` or `phase scope t(ms)` (scope `app`, `scene`,
    /// `scene+initial`, or `-` for none, as a console log).
    static func anatomy(_ events: [(String, String?, Int64)]) throws -> LaunchAnatomy {
        let lines = events.enumerated().map { index, event -> String in
            let t = event.2 * 1_000_000
            guard let scope = event.1 else { return #"{"seq":\#(index + 1),"t":\#(t),"event":"\#(event.0)"}"# }
            var attrs = #""phase":"\#(event.0)""#
            if scope != "-" { attrs += #","scope":"\#(scope.hasPrefix("scene") ? "scene" : scope)""# }
            if scope.hasSuffix("+initial") { attrs += #","initial":true"# }
            return #"{"seq":\#(index + 1),"t":\#(t),"event":"swiftui.scenePhase","attrs":{\#(attrs)}}"#
        }
        return try LaunchAnatomyTests.anatomy(([record] + lines).joined(separator: "\n"))
    }

    /// Launch, a view's first reading, the app's change to active, the first frame; home and back after
    /// 30 s; home again, where the trace ends (as a force-quit or a jetsam leaves it).
    static let launchResumeAndHome: [(String, String?, Int64)] = [
        ("swiftui.app.init", nil, 5), ("didFinishLaunching", nil, 10), ("inactive", "scene+initial", 60),
        ("active", "app", 90), ("active", "scene", 91), ("lifeline.firstFrame", nil, 100),
        ("inactive", "app", 1_000), ("inactive", "scene", 1_001), ("background", "app", 1_500), ("background", "scene", 1_501),
        ("inactive", "app", 31_500), ("inactive", "scene", 31_501), ("active", "app", 31_520), ("active", "scene", 31_521),
        ("inactive", "app", 40_000), ("background", "app", 40_400),
    ]

    @Test("without delegate callbacks a launch's foreground, first active state, resumes and ending come from its phases")
    func phasesStandInForTheCallbacks() throws {
        let anatomy = try Self.anatomy(Self.launchResumeAndHome)
        #expect(anatomy.kind == .cold)
        #expect(anatomy.reason == "the process started for this launch and came to the foreground (scenePhase inactive) first")
        // The view's first reading (inactive) is the way in, the app's change to active the end.
        #expect(
            anatomy.phases.map { "\($0.name) \($0.duration / 1_000_000)" } == [
                "pre-main and UIKit start 110", "didFinishLaunching 50", "entering foreground 30", "first frame 10",
            ])
        #expect(anatomy.timeToActive == 190_000_000)
        // Resumes from the app's own phase, which names no scene.
        #expect(
            anatomy.resumes == [
                LaunchAnatomy.Resume(scene: nil, background: 1_500_000_000, foreground: 31_500_000_000, active: 31_520_000_000)
            ])
        #expect(anatomy.ending == .background)
        #expect(
            anatomy.endingReason.hasPrefix(
                "scenePhase background came last: SwiftUI changes no phase when an app in the background is force-quit"))
        #expect(
            anatomy.evidence.last
                == "scene phases: SwiftUI's scenePhase, the app's (scope app), shows the foreground and the background: no delegate callback records them"
        )
    }

    @Test("a view's readings (or a log's) are read when the app's phase is not recorded")
    func windowReadingsAlone() throws {
        let anatomy = try Self.anatomy(Self.launchResumeAndHome.filter { $0.1 != "app" })
        #expect(anatomy.kind == .cold)
        #expect(anatomy.timeToActive == 191_000_000)
        #expect(anatomy.resumes.map(\.toActive) == [20_000_000])
        // The last trip home was the app's phase alone.
        #expect(anatomy.endingReason.hasPrefix("the trace stops in the foreground (scenePhase active last)"))
        #expect(anatomy.evidence.last?.contains("a view's (scope scene) or a log's") == true)
    }

    @Test("delegate callbacks, when recorded, are read and the phases beside them are not")
    func callbacksWin() throws {
        let withCallbacks = try Self.anatomy([
            ("didFinishLaunching", nil, 10), ("willConnectTo", nil, 20), ("inactive", "scene+initial", 30),
            ("sceneWillEnterForeground", nil, 40), ("sceneDidBecomeActive", nil, 50), ("active", "app", 55),
            ("sceneWillResignActive", nil, 1_000), ("inactive", "app", 1_001), ("background", "app", 1_100),
        ])
        #expect(withCallbacks.reason.hasSuffix("(sceneWillEnterForeground) first"))
        #expect(withCallbacks.timeToActive == 150_000_000)
        // The scene resigned and the trace stops: the callbacks' reading, not the app phase's background.
        #expect(withCallbacks.ending == .unknown)
        #expect(withCallbacks.endingReason.hasPrefix("the trace stops in the foreground (sceneWillResignActive last)"))
        #expect(!withCallbacks.evidence.contains { $0.hasPrefix("scene phases:") })
    }

    @Test("a push before the first phase is a background launch the user opened later; one after it is not how it launched")
    func backgroundLaunch() throws {
        let warm = try Self.anatomy([
            ("didFinishLaunching", nil, 10), ("applicationDidReceiveRemoteNotification", nil, 20), ("inactive", "app", 60_020),
            ("active", "app", 60_050),
        ])
        #expect(warm.kind == .warm)
        #expect(
            warm.reason == "launched in the background (applicationDidReceiveRemoteNotification first), then opened by the user 1 min later"
        )
        let cold = try Self.anatomy([
            ("didFinishLaunching", nil, 10), ("active", "app", 60), ("applicationDidReceiveRemoteNotification", nil, 5_000),
        ])
        #expect(cold.kind == .cold)
        // A scene connected in the background: its first reading is the background.
        let background = try Self.anatomy([("didFinishLaunching", nil, 10), ("background", "scene+initial", 30)])
        #expect(background.kind == .background)
        #expect(background.reason == "launched in the background: scenePhase background came before any foreground callback")
    }

    @Test("applicationWillTerminate after the phases ends the launch; a trace that stops in the foreground says its last phase")
    func endings() throws {
        let terminated = try Self.anatomy([
            ("didFinishLaunching", nil, 10), ("active", "app", 60), ("inactive", "app", 900), ("background", "app", 950),
            ("applicationWillTerminate", nil, 960),
        ])
        #expect(terminated.ending == .terminated)
        let stopped = try Self.anatomy([("didFinishLaunching", nil, 10), ("active", "-", 60)])
        #expect(stopped.ending == .unknown)
        #expect(stopped.endingReason == "the trace stops in the foreground (scenePhase active last)")
    }

    @Test("a phase attribute SwiftUI does not have is not read")
    func unknownPhase() throws {
        let anatomy = try Self.anatomy([("didFinishLaunching", nil, 10), ("foreground", "app", 60)])
        #expect(anatomy.kind == .unknown)
        #expect(
            LaunchAnatomy.ScenePhaseReading(attrs: ["phase": "active", "scope": "scene", "initial": true])
                == LaunchAnatomy.ScenePhaseReading(phase: .active, scope: .window, initial: true))
        #expect(LaunchAnatomy.ScenePhaseReading(attrs: ["phase": .int(1)]) == nil)
    }
}
