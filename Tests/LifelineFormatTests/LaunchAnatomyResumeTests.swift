import LifelineCore
import Testing

@testable import LifelineFormat

/// Resumes from the background (hot starts) on hand-written traces (docs/launches.md, "Resumes"):
/// per scene, an app without scenes, a scene iOS released and connected again, and the sequences
/// that are not resumes.
@Suite("Launch resumes")
struct LaunchAnatomyResumeTests {
    static func anatomy(_ lines: String) throws -> LaunchAnatomy { try LaunchAnatomyTests.anatomy(lines) }

    /// `LaunchAnatomyTests.cold` then events numbered on from 8, one per line: `event scene t(ms)`.
    static func cold(then events: [(String, String?, Int64)]) -> String {
        LaunchAnatomyTests.cold
            + events.enumerated().map { index, event in
                let scene = event.1.map { #","session":"S\#($0)","scene":"\#($0)""# } ?? ""
                return "\n{\"seq\":\(index + 8),\"t\":\(event.2 * 1_000_000),\"event\":\"\(event.0)\"\(scene)}"
            }.joined()
    }

    @Test("a scene that goes home and comes back is one resume: time away and time to active again")
    func sceneResume() throws {
        let anatomy = try Self.anatomy(
            Self.cold(then: [
                ("sceneWillResignActive", "s1", 1_000), ("sceneDidEnterBackground", "s1", 1_010),
                ("sceneWillEnterForeground", "s1", 31_010), ("sceneDidBecomeActive", "s1", 31_035),
            ]))
        #expect(anatomy.kind == .cold)
        #expect(
            anatomy.resumes == [
                LaunchAnatomy.Resume(scene: "s1", background: 1_010_000_000, foreground: 31_010_000_000, active: 31_035_000_000)
            ])
        #expect(anatomy.resumes.first?.inBackground == 30_000_000_000)
        #expect(anatomy.resumes.first?.toActive == 25_000_000)
        #expect(anatomy.resumeSummary == "1 resume from the background: scene s1 after 30.0 s, active in 25.0 ms")
        // The launch's own phases and time to active are unchanged by what came later.
        #expect(anatomy.timeToActive == 500_000_000)
    }

    @Test("resumes are per scene: one window coming back while another stays in the foreground")
    func perScene() throws {
        let anatomy = try Self.anatomy(
            Self.cold(then: [
                ("willConnectTo", "s2", 200), ("sceneWillEnterForeground", "s2", 210), ("sceneDidBecomeActive", "s2", 220),
                ("sceneWillResignActive", "s1", 1_000), ("sceneDidEnterBackground", "s1", 1_010),
                ("sceneWillEnterForeground", "s1", 5_000), ("sceneWillResignActive", "s2", 5_001),
                ("sceneDidBecomeActive", "s1", 5_040), ("sceneWillResignActive", "s1", 6_000), ("sceneDidEnterBackground", "s1", 6_010),
                ("sceneDidEnterBackground", "s2", 6_020), ("sceneWillEnterForeground", "s2", 9_000), ("sceneDidBecomeActive", "s2", 9_100),
            ]))
        #expect(anatomy.resumes.map(\.scene) == ["s1", "s2"])
        #expect(anatomy.resumes.map(\.toActive) == [40_000_000, 100_000_000])
        #expect(anatomy.resumes.map(\.inBackground) == [3_990_000_000, 2_980_000_000])
        #expect(anatomy.slowestResume?.scene == "s2")
        #expect(anatomy.resumeSummary == "2 resumes from the background, the slowest: scene s2 after 2.98 s, active in 100.0 ms")
    }

    @Test("an app without scenes resumes as the app")
    func appLifecycle() throws {
        let anatomy = try Self.anatomy(
            """
            {"lifeline":1,"type":"launch","app":"A","lifecycle":"app"}
            {"seq":1,"t":0,"event":"didFinishLaunching"}
            {"seq":2,"t":10000000,"event":"applicationDidBecomeActive"}
            {"seq":3,"t":900000000,"event":"applicationWillResignActive"}
            {"seq":4,"t":910000000,"event":"applicationDidEnterBackground"}
            {"seq":5,"t":60910000000,"event":"applicationWillEnterForeground"}
            {"seq":6,"t":60930000000,"event":"applicationDidBecomeActive"}
            """)
        #expect(
            anatomy.resumes == [
                LaunchAnatomy.Resume(scene: nil, background: 910_000_000, foreground: 60_910_000_000, active: 60_930_000_000)
            ])
        #expect(anatomy.resumeSummary == "1 resume from the background: the app after 1 min, active in 20.0 ms")
    }

    @Test("a scene app's own application callbacks (a recorder of notifications) do not count each resume twice")
    func sceneAppIgnoresApplicationCallbacks() throws {
        let anatomy = try Self.anatomy(
            Self.cold(then: [
                ("sceneDidEnterBackground", "s1", 1_010), ("applicationDidEnterBackground", nil, 1_011),
                ("sceneWillEnterForeground", "s1", 2_000), ("applicationWillEnterForeground", nil, 2_001),
                ("sceneDidBecomeActive", "s1", 2_030), ("applicationDidBecomeActive", nil, 2_031),
            ]))
        #expect(anatomy.resumes.map(\.scene) == ["s1"])
    }

    @Test("a scene released in the background and connected again when the user returns is a reconnected resume")
    func reconnected() throws {
        let anatomy = try Self.anatomy(
            Self.cold(then: [
                ("sceneWillResignActive", "s1", 1_000), ("sceneDidEnterBackground", "s1", 1_010), ("sceneDidDisconnect", "s1", 60_000),
                ("willConnectTo", "s9", 901_010), ("sceneWillEnterForeground", "s9", 901_100), ("sceneDidBecomeActive", "s9", 901_150),
            ]))
        #expect(
            anatomy.resumes == [
                LaunchAnatomy.Resume(
                    scene: "s9", background: 1_010_000_000, foreground: 901_010_000_000, active: 901_150_000_000, reconnected: true)
            ])
        #expect(
            anatomy.resumeSummary
                == "1 resume from the background: scene s9 (released in the background, connected again) after 15 min, active in 140.0 ms")
    }

    @Test(
        "not resumes: the launch's own open after a background launch, a new window beside a foreground one, a scene connected after a swipe-kill"
    )
    func notResumes() throws {
        // Launched in the background with its scene connected there, then opened: a warm launch.
        let warm = try Self.anatomy(
            """
            {"lifeline":1,"type":"launch","app":"A"}
            {"seq":1,"t":0,"event":"didFinishLaunching"}
            {"seq":2,"t":10000000,"event":"willConnectTo","session":"S1","scene":"s1"}
            {"seq":3,"t":20000000,"event":"sceneDidEnterBackground","session":"S1","scene":"s1"}
            {"seq":4,"t":90000000000,"event":"sceneWillEnterForeground","session":"S1","scene":"s1"}
            {"seq":5,"t":90050000000,"event":"sceneDidBecomeActive","session":"S1","scene":"s1"}
            """)
        #expect(warm.kind == .warm)
        #expect(warm.resumes.isEmpty)
        #expect(warm.resumeSummary == nil)
        // A second window opened while the first is in the foreground connects, it does not resume.
        let beside = try Self.anatomy(
            Self.cold(then: [("willConnectTo", "s2", 200), ("sceneWillEnterForeground", "s2", 210), ("sceneDidBecomeActive", "s2", 220)]))
        #expect(beside.resumes.isEmpty)
        // The fast swipe-kill (Apple forums thread 732170): disconnect from the foreground, then a
        // new scene object enters the foreground and the background. The app never went home.
        let swiped = try Self.anatomy(
            Self.cold(then: [
                ("sceneWillResignActive", "s1", 5_000), ("sceneDidDisconnect", "s1", 6_000), ("willConnectTo", "s2", 6_005),
                ("sceneWillEnterForeground", "s2", 6_070), ("sceneDidEnterBackground", "s2", 6_075),
            ]))
        #expect(swiped.resumes.isEmpty)
    }

    @Test("a resume that goes back before it is active has no time to active, and is said so")
    func neverActive() throws {
        let anatomy = try Self.anatomy(
            Self.cold(then: [
                ("sceneDidEnterBackground", "s1", 1_010), ("sceneWillEnterForeground", "s1", 2_000),
                ("sceneDidEnterBackground", "s1", 2_010),
            ]))
        #expect(anatomy.resumes.count == 1)
        #expect(anatomy.resumes.first?.active == nil)
        #expect(anatomy.slowestResume == nil)
        #expect(anatomy.resumeSummary == "1 resume from the background, none became active again in the trace")
    }

    @Test("a trace of days of use keeps the first resumes and counts the rest")
    func bounded() throws {
        var events: [(String, String?, Int64)] = []
        for index in 0..<(LaunchAnatomy.Builder.keptResumes + 5) {
            let t = Int64(1_000 + index * 100)
            events += [
                ("sceneDidEnterBackground", "s1", t), ("sceneWillEnterForeground", "s1", t + 50), ("sceneDidBecomeActive", "s1", t + 60),
            ]
        }
        let anatomy = try Self.anatomy(Self.cold(then: events))
        #expect(anatomy.resumes.count == LaunchAnatomy.Builder.keptResumes)
        #expect(anatomy.resumesOmitted == 5)
        #expect(anatomy.resumeSummary?.hasPrefix("\(LaunchAnatomy.Builder.keptResumes + 5) resumes from the background") == true)
    }
}
