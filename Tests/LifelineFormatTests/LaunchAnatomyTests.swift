import LifelineCore
import Testing

@testable import LifelineFormat

/// Launch kinds, phases and endings on hand-written traces (docs/launches.md): each kind and
/// ending, and evidence that contradicts itself.
@Suite("Launch anatomy")
struct LaunchAnatomyTests {
    /// The anatomy of a one-launch trace written as NDJSON lines.
    static func anatomy(_ lines: String) throws -> LaunchAnatomy {
        var builder: LaunchAnatomy.Builder?
        for line in lines.split(separator: "\n") {
            switch try TraceRecord(parsing: String(line)) {
            case .launch(let record): builder = LaunchAnatomy.Builder(record: record)
            case .event(let event): builder?.note(event)
            }
        }
        return try #require(builder).finish()
    }

    static let cold = """
        {"lifeline":1,"type":"launch","app":"A","device":"D","processStart":-400000000,"prewarm":false,"taskRole":"foreground"}
        {"seq":1,"t":0,"event":"willFinishLaunching"}
        {"seq":2,"t":10000000,"event":"didFinishLaunching","phase":"begin"}
        {"seq":3,"t":60000000,"event":"didFinishLaunching","phase":"end"}
        {"seq":4,"t":70000000,"event":"configurationForConnecting"}
        {"seq":5,"t":80000000,"event":"willConnectTo","session":"S1","scene":"s1"}
        {"seq":6,"t":90000000,"event":"sceneWillEnterForeground","session":"S1","scene":"s1"}
        {"seq":7,"t":100000000,"event":"sceneDidBecomeActive","session":"S1","scene":"s1"}
        """

    @Test("a launch that starts and comes to the foreground is cold, its phases run from the process start to active")
    func coldLaunch() throws {
        let anatomy = try Self.anatomy(Self.cold)
        #expect(anatomy.kind == .cold)
        #expect(anatomy.reason.contains("sceneWillEnterForeground"))
        #expect(
            anatomy.phases.map(\.name) == [
                "pre-main and UIKit start", "willFinishLaunching", "didFinishLaunching", "after didFinishLaunching",
                "scene connection", "entering foreground",
            ])
        #expect(anatomy.phases.map(\.duration) == [400_000_000, 10_000_000, 50_000_000, 20_000_000, 10_000_000, 10_000_000])
        #expect(anatomy.timeToActive == 500_000_000)
        #expect(anatomy.slowestPhase?.name == "pre-main and UIKit start")
        #expect(
            anatomy.evidence == [
                "prewarm: not set", "task role: foreground (iOS started it for the user)", "process start: 400.0 ms before the first event",
                "module load: not recorded",
            ])
        #expect(anatomy.ending == .unknown)
        #expect(anatomy.endingReason.hasPrefix("the trace stops in the foreground"))
    }

    @Test("the first frame and the app's fully displayed mark are phases after active, with their own times")
    func firstFrameAndFullyDisplayed() throws {
        let anatomy = try Self.anatomy(
            Self.cold + """

                {"seq":8,"t":104000000,"event":"lifeline.firstFrame"}
                {"seq":9,"t":500000000,"event":"lifeline.fullyDisplayed"}
                """)
        #expect(anatomy.phases.suffix(2).map(\.name) == ["first frame", "fully displayed"])
        #expect(anatomy.phases.suffix(2).map(\.duration) == [4_000_000, 396_000_000])
        #expect(anatomy.timeToActive == 500_000_000)
        #expect(anatomy.timeToFirstFrame == 504_000_000)
        #expect(anatomy.timeToFullyDisplayed == 900_000_000)
        // The content the app loads after its first frame is not the launch's slowest phase.
        #expect(anatomy.slowestPhase?.name == "pre-main and UIKit start")
        #expect(
            anatomy.slowReason
                == "504.0 ms to the first frame, over Apple's 400 ms target for the first frame: pre-main and UIKit start took 400.0 ms (79%)"
        )
    }

    @Test("a frame before the first active state is not the launch's; full display reported before the first frame counts at it")
    func marksOutOfPlace() throws {
        let anatomy = try Self.anatomy(
            Self.cold.replacingOccurrences(
                of: #"{"seq":7,"#, with: #"{"seq":6,"t":95000000,"event":"lifeline.firstFrame"}"# + "\n" + #"{"seq":7,"#)
                    + """

                    {"seq":8,"t":101000000,"event":"lifeline.fullyDisplayed"}
                    {"seq":9,"t":108000000,"event":"lifeline.firstFrame"}
                    {"seq":10,"t":120000000,"event":"lifeline.firstFrame"}
                    """)
        #expect(anatomy.phases.suffix(2).map(\.name) == ["first frame", "fully displayed"])
        #expect(anatomy.phases.suffix(2).map(\.duration) == [8_000_000, 0])
        #expect(anatomy.timeToFirstFrame == 508_000_000)
        #expect(anatomy.timeToFullyDisplayed == 508_000_000)
    }

    @Test("the slow reason names the app's span that ran longest in the slowest phase, when it took a tenth of it or more")
    func slowReasonNamesTheAppSpan() throws {
        let slow = Self.cold.replacingOccurrences(of: "-400000000", with: "-10000000")
            .replacingOccurrences(
                of: #"{"seq":3,"t":60000000,"event":"didFinishLaunching","phase":"end"}"#,
                with: """
                    {"seq":3,"t":12000000,"event":"db.open","phase":"begin"}
                    {"seq":3,"t":14000000,"event":"state.restore","phase":"begin"}
                    {"seq":3,"t":15000000,"event":"state.restore","phase":"end"}
                    {"seq":3,"t":30000000,"event":"db.open","phase":"end"}
                    {"seq":3,"t":30000000,"event":"db.migrate","phase":"begin"}
                    {"seq":3,"t":930000000,"event":"db.migrate","phase":"end"}
                    {"seq":3,"t":940000000,"event":"didFinishLaunching","phase":"end"}
                    """
            )
            .replacingOccurrences(of: #""t":70000000"#, with: #""t":950000000"#)
            .replacingOccurrences(of: #""t":80000000"#, with: #""t":960000000"#)
            .replacingOccurrences(of: #""t":90000000"#, with: #""t":970000000"#)
            .replacingOccurrences(of: #""t":100000000"#, with: #""t":980000000"#)
        let anatomy = try Self.anatomy(slow)
        #expect(anatomy.appSpans.map(\.name) == ["db.open", "state.restore", "db.migrate"])
        #expect(
            anatomy.slowReason
                == "990.0 ms to the first active state, over Apple's 400 ms target for the first frame: didFinishLaunching took 930.0 ms (93%), 900.0 ms of it in db.migrate"
        )
        // A span shorter than a tenth of the phase is not named.
        let short = try Self.anatomy(
            slow.replacingOccurrences(of: #""t":930000000,"event":"db.migrate""#, with: #""t":100000000,"event":"db.migrate""#))
        #expect(short.slowReason?.hasSuffix("didFinishLaunching took 930.0 ms (93%)") == true)
    }

    @Test("a launch within 400 ms has no slow reason; without a first frame the time to active stands for it")
    func slowReasonWithoutFirstFrame() throws {
        let quick = try Self.anatomy(Self.cold.replacingOccurrences(of: "-400000000", with: "-250000000"))
        #expect(quick.timeToActive == 350_000_000)
        #expect(quick.slowReason == nil)
        let slow = try Self.anatomy(Self.cold)
        #expect(slow.timeToFirstFrame == nil)
        #expect(
            slow.slowReason
                == "500.0 ms to the first active state, over Apple's 400 ms target for the first frame: pre-main and UIKit start took 400.0 ms (80%)"
        )
    }

    @Test(
        "the marks' names, as strings and as bytes",
        arguments: ["lifeline.firstFrame", "lifeline.fullyDisplayed", "lifeline.firstFramex", "db.open", ""])
    func markNames(_ name: String) {
        let fromBytes = Array(name.utf8).withUnsafeBytes { LaunchAnatomy.Mark(bytes: $0) }
        #expect(fromBytes == LaunchAnatomy.Mark(name: name))
        #expect((fromBytes != nil) == (name == "lifeline.firstFrame" || name == "lifeline.fullyDisplayed"))
    }

    @Test("without a process start the phases begin at the first event, and an unrecorded prewarm is said")
    func noProcessStart() throws {
        let anatomy = try Self.anatomy(Self.cold.replacingOccurrences(of: #","processStart":-400000000,"prewarm":false"#, with: ""))
        #expect(anatomy.kind == .cold)
        #expect(anatomy.reason.contains("prewarm is not recorded"))
        #expect(anatomy.phases.first?.name == "willFinishLaunching")
        #expect(anatomy.timeToActive == 100_000_000)
        #expect(
            anatomy.evidence == [
                "prewarm: not recorded", "task role: foreground (iOS started it for the user)", "process start: not recorded",
                "module load: not recorded",
            ])
    }

    @Test("the recorder's module load splits the time before the first event into pre-main and UIKit's start")
    func moduleLoadSplitsPreMain() throws {
        let anatomy = try Self.anatomy(
            Self.cold.replacingOccurrences(of: #""prewarm":false"#, with: #""moduleLoad":-150000000,"prewarm":false"#))
        #expect(anatomy.phases.prefix(3).map(\.name) == ["pre-main", "UIKit start", "willFinishLaunching"])
        #expect(anatomy.phases.prefix(2).map(\.duration) == [250_000_000, 150_000_000])
        #expect(anatomy.timeToActive == 500_000_000, "the split moves no time")
        #expect(anatomy.slowestPhase?.name == "pre-main")
        #expect(anatomy.evidence.last == "module load: 250.0 ms after the process start, 150.0 ms before the first event")
        #expect(
            anatomy.slowReason
                == "500.0 ms to the first active state, over Apple's 400 ms target for the first frame: pre-main took 250.0 ms (50%)")
    }

    @Test("a module load without the process start begins the phases; one outside process start to first event is not used")
    func moduleLoadAloneOrContradictory() throws {
        let alone = try Self.anatomy(
            Self.cold.replacingOccurrences(of: #""processStart":-400000000,"#, with: #""moduleLoad":-150000000,"#))
        #expect(alone.phases.first?.name == "UIKit start")
        #expect(alone.timeToActive == 250_000_000)
        #expect(
            alone.evidence.last
                == "module load: recorded without the process start (pre-main not measured), 150.0 ms before the first event")
        for (moduleLoad, said) in [
            ("-500000000", "module load: 100.0 ms before the process start: contradictory, not used"),
            ("20000000", "module load: 20.0 ms after the first event: contradictory, not used"),
        ] {
            let anatomy = try Self.anatomy(
                Self.cold.replacingOccurrences(of: #""prewarm":false"#, with: #""moduleLoad":\#(moduleLoad),"prewarm":false"#))
            #expect(anatomy.phases.first?.name == "pre-main and UIKit start")
            #expect(anatomy.phases.first?.duration == 400_000_000)
            #expect(anatomy.evidence.last == said)
        }
    }

    @Test("a prewarmed launch waits for the user, and the wait is neither launch time nor its slowest phase")
    func prewarmed() throws {
        let anatomy = try Self.anatomy(
            """
            {"lifeline":1,"type":"launch","app":"A","processStart":0,"prewarm":true}
            {"seq":1,"t":5000000,"event":"willFinishLaunching"}
            {"seq":2,"t":6000000,"event":"didFinishLaunching"}
            {"seq":3,"t":2700006000000,"event":"willConnectTo","session":"S1","scene":"s1"}
            {"seq":4,"t":2700010000000,"event":"sceneWillEnterForeground","session":"S1","scene":"s1"}
            {"seq":5,"t":2700020000000,"event":"sceneDidBecomeActive","session":"S1","scene":"s1"}
            """)
        #expect(anatomy.kind == .prewarmed)
        #expect(anatomy.reason == "iOS prewarmed the process (ActivePrewarm=1); the user opened it 45 min after it finished launching")
        #expect(anatomy.phases.map(\.name).contains(LaunchAnatomy.Builder.waiting))
        #expect(anatomy.timeToActive == Int64(5_000_000 + 1_000_000 + 4_000_000 + 10_000_000))
        #expect(anatomy.slowestPhase?.name == "entering foreground")
    }

    @Test("a prewarmed launch is slow or not from the user's open: what ran before it was out of sight")
    func prewarmedSlowFromTheOpen() throws {
        // 600 ms of pre-main and launching before the wait do not count; 450 ms after the open do.
        let anatomy = try Self.anatomy(
            """
            {"lifeline":1,"type":"launch","app":"A","processStart":-500000000,"prewarm":true}
            {"seq":1,"t":0,"event":"willFinishLaunching"}
            {"seq":2,"t":100000000,"event":"didFinishLaunching"}
            {"seq":3,"t":2700000000000,"event":"willConnectTo","session":"S1","scene":"s1"}
            {"seq":4,"t":2700350000000,"event":"sceneWillEnterForeground","session":"S1","scene":"s1"}
            {"seq":5,"t":2700400000000,"event":"sceneDidBecomeActive","session":"S1","scene":"s1"}
            {"seq":6,"t":2700450000000,"event":"lifeline.firstFrame"}
            """)
        #expect(anatomy.timeToFirstFrame == 1_050_000_000)
        #expect(
            anatomy.slowReason
                == "450.0 ms from the user's open to the first frame, over Apple's 400 ms target for the first frame: scene connection took 350.0 ms (77%)"
        )
        let quick = try Self.anatomy(
            """
            {"lifeline":1,"type":"launch","app":"A","processStart":-500000000,"prewarm":true}
            {"seq":1,"t":0,"event":"willFinishLaunching"}
            {"seq":2,"t":100000000,"event":"didFinishLaunching"}
            {"seq":3,"t":2700000000000,"event":"willConnectTo","session":"S1","scene":"s1"}
            {"seq":4,"t":2700100000000,"event":"sceneDidBecomeActive","session":"S1","scene":"s1"}
            """)
        #expect(quick.timeToActive == 700_000_000)
        #expect(quick.slowReason == nil)
    }

    @Test("a prewarmed process nobody opened stays prewarmed, with no phases to active")
    func prewarmedNeverOpened() throws {
        let anatomy = try Self.anatomy(
            """
            {"lifeline":1,"type":"launch","prewarm":true}
            {"seq":1,"t":5000000,"event":"didFinishLaunching"}
            """)
        #expect(anatomy.kind == .prewarmed)
        #expect(anatomy.reason.contains("nothing opened it"))
        #expect(anatomy.phases.isEmpty && anatomy.timeToActive == nil)
    }

    @Test("a push before any foreground is a background launch; opened later it is warm", arguments: [false, true])
    func backgroundAndWarm(opened: Bool) throws {
        var trace = """
            {"lifeline":1,"type":"launch","lifecycle":"app"}
            {"seq":1,"t":0,"event":"didFinishLaunching"}
            {"seq":2,"t":1000000,"event":"applicationDidReceiveRemoteNotification"}
            {"seq":3,"t":3000000,"event":"applicationDidEnterBackground"}
            """
        if opened {
            trace += """

                {"seq":4,"t":600000000000,"event":"applicationWillEnterForeground"}
                {"seq":5,"t":600020000000,"event":"applicationDidBecomeActive"}
                """
        }
        let anatomy = try Self.anatomy(trace)
        if opened {
            #expect(anatomy.kind == .warm)
            #expect(anatomy.reason.hasPrefix("launched in the background (applicationDidReceiveRemoteNotification first)"))
            #expect(anatomy.phases.map(\.name) == ["didFinishLaunching", LaunchAnatomy.Builder.waiting, "entering foreground"])
            #expect(anatomy.timeToActive == Int64(1_000_000 + 20_000_000))
        } else {
            #expect(anatomy.kind == .background)
            #expect(anatomy.ending == .background)
        }
    }

    @Test("a prewarm flag beside a background push: the record's flag decides, the push is not taken for a user")
    func prewarmAndPush() throws {
        let anatomy = try Self.anatomy(
            """
            {"lifeline":1,"type":"launch","prewarm":true}
            {"seq":1,"t":0,"event":"didFinishLaunching"}
            {"seq":2,"t":1000000,"event":"applicationDidReceiveRemoteNotification"}
            {"seq":3,"t":9000000,"event":"applicationDidBecomeActive"}
            """)
        #expect(anatomy.kind == .prewarmed)
    }

    @Test("the task role shows a background launch no callback reveals, and a prewarm the record's flag missed")
    func taskRole() throws {
        // iOS started the process without UI (a location update, a BGTask: no callback of the app's
        // shows it), and the user opened it later: warm, waiting from the end of didFinishLaunching.
        let openedLater = try Self.anatomy(
            """
            {"lifeline":1,"type":"launch","taskRole":"nonUI"}
            {"seq":1,"t":0,"event":"didFinishLaunching","phase":"begin"}
            {"seq":2,"t":20000000,"event":"didFinishLaunching","phase":"end"}
            {"seq":3,"t":60000000000,"event":"applicationWillEnterForeground"}
            {"seq":4,"t":60030000000,"event":"applicationDidBecomeActive"}
            """)
        #expect(openedLater.kind == .warm)
        #expect(openedLater.reason.hasPrefix("launched in the background (task role nonUI"))
        #expect(openedLater.reason.hasSuffix("opened by the user 1 min after it finished launching"))
        #expect(openedLater.evidence.contains("task role: nonUI (iOS started it without UI: a background launch)"))
        #expect(openedLater.phases.map(\.name).contains("waiting for the user"))
        #expect(openedLater.timeToActive == 50_000_000)
        // Without UI and never opened: a background launch, said to rest on the role alone.
        let stayed = try Self.anatomy(
            """
            {"lifeline":1,"type":"launch","taskRole":"nonUI"}
            {"seq":1,"t":0,"event":"didFinishLaunching"}
            """)
        #expect(stayed.kind == .background)
        #expect(stayed.reason.contains("though no background callback is in the trace"))
        // darwinBG with no ActivePrewarm in the record: prewarmed, by the role.
        let prewarmed = try Self.anatomy(
            """
            {"lifeline":1,"type":"launch","taskRole":"darwinBG"}
            {"seq":1,"t":0,"event":"didFinishLaunching"}
            {"seq":2,"t":5000000000,"event":"sceneWillEnterForeground","session":"S1","scene":"s1"}
            {"seq":3,"t":5040000000,"event":"sceneDidBecomeActive","session":"S1","scene":"s1"}
            """)
        #expect(prewarmed.kind == .prewarmed)
        #expect(prewarmed.reason.contains("task role darwinBG; ActivePrewarm not recorded"))
        // The record's own flag wins over the role: a process whose ActivePrewarm was read unset.
        let flagged = try Self.anatomy(
            """
            {"lifeline":1,"type":"launch","prewarm":false,"taskRole":"darwinBG"}
            {"seq":1,"t":0,"event":"didFinishLaunching"}
            {"seq":2,"t":40000000,"event":"sceneWillEnterForeground","session":"S1","scene":"s1"}
            {"seq":3,"t":50000000,"event":"sceneDidBecomeActive","session":"S1","scene":"s1"}
            """)
        #expect(flagged.kind == .cold)
        #expect(flagged.evidence.contains("task role: darwinBG (what iOS 15 and later give a prewarmed process)"))
        // A background callback decides without the role; a foreground role beside it is evidence, not the kind.
        let pushed = try Self.anatomy(
            """
            {"lifeline":1,"type":"launch","taskRole":"foreground"}
            {"seq":1,"t":0,"event":"didFinishLaunching"}
            {"seq":2,"t":1000000,"event":"applicationDidReceiveRemoteNotification"}
            """)
        #expect(pushed.kind == .background)
    }

    @Test("task roles are named as the kernel numbers them")
    func taskRoleNames() {
        #expect(
            (-1...9).map { TaskRole.name(of: Int32($0)) } == [
                "reniced", "unspecified", "foreground", "background", "control", "graphicsServer", "throttle", "nonUI", "default",
                "darwinBG", "role 9",
            ])
    }

    @Test(
        "what the evidence cannot decide is unknown, saying what was missing",
        arguments: [
            (#"{"lifeline":1,"type":"launch","excerpt":true}"#, "excerpt"),
            (#"{"lifeline":1,"type":"launch","records":["sceneDidBecomeActive"]}"#, "does not record didFinishLaunching"),
            (#"{"lifeline":1,"type":"launch"}"#, "no willFinishLaunching or didFinishLaunching"),
        ])
    func unknownKinds(_ record: String, _ because: String) throws {
        let anatomy = try Self.anatomy(record + "\n" + #"{"seq":1,"t":5,"event":"sceneDidBecomeActive","session":"S1"}"#)
        #expect(anatomy.kind == .unknown)
        #expect(anatomy.reason.contains(because), "\(anatomy.reason)")
    }

    @Test("a clock that jumps back orders the milestones by time: no phase runs backwards")
    func clockJump() throws {
        let anatomy = try Self.anatomy(
            """
            {"lifeline":1,"type":"launch"}
            {"seq":1,"t":50000000,"event":"didFinishLaunching"}
            {"seq":2,"t":10000000,"event":"willConnectTo","session":"S1"}
            {"seq":3,"t":90000000,"event":"sceneDidBecomeActive","session":"S1"}
            """)
        #expect(anatomy.phases.allSatisfy { $0.duration >= 0 })
        #expect(anatomy.phases.map(\.name) == ["scene connection", "didFinishLaunching"])
    }

    @Test("an excerpt (a trace that begins after its launch did) has no launch phases and no time to active, but its resumes")
    func excerptHasNoPhases() throws {
        let anatomy = try Self.anatomy(
            """
            {"lifeline":1,"type":"launch","excerpt":true}
            {"seq":1,"t":0,"event":"sceneWillEnterForeground","session":"S1"}
            {"seq":2,"t":300000000,"event":"sceneDidBecomeActive","session":"S1"}
            {"seq":3,"t":900000000,"event":"sceneDidEnterBackground","session":"S1"}
            {"seq":4,"t":5000000000,"event":"sceneWillEnterForeground","session":"S1"}
            {"seq":5,"t":5040000000,"event":"sceneDidBecomeActive","session":"S1"}
            """)
        #expect(anatomy.kind == .unknown)
        #expect(anatomy.phases.isEmpty && anatomy.timeToActive == nil)
        #expect(anatomy.resumes.map(\.toActive) == [40_000_000])
    }

    @Test("events that all carry one time (a log without timestamps) have no phases")
    func noTimes() throws {
        let anatomy = try Self.anatomy(
            """
            {"lifeline":1,"type":"launch"}
            {"seq":1,"t":0,"event":"didFinishLaunching"}
            {"seq":2,"t":0,"event":"sceneDidBecomeActive","session":"S1"}
            """)
        #expect(anatomy.kind == .cold)
        #expect(anatomy.phases.isEmpty && anatomy.timeToActive == nil)
    }

    static let foreground = """
        {"lifeline":1,"type":"launch"}
        {"seq":1,"t":0,"event":"didFinishLaunching"}
        {"seq":2,"t":1,"event":"sceneWillEnterForeground","session":"S1"}
        {"seq":3,"t":2,"event":"sceneDidBecomeActive","session":"S1"}
        """

    @Test(
        "endings from the last callbacks",
        arguments: [
            ("applicationWillTerminate", LaunchAnatomy.Ending.terminated),
            ("sceneWillResignActive sceneDidDisconnect", .swipeKilled),
            ("sceneWillResignActive sceneDidDisconnect applicationWillTerminate", .swipeKilled),
            ("sceneWillResignActive sceneDidEnterBackground sceneDidDisconnect", .background),
            ("sceneWillResignActive sceneDidEnterBackground", .background),
            ("sceneWillResignActive", .unknown),
        ])
    func endings(_ tail: String, _ ending: LaunchAnatomy.Ending) throws {
        var trace = Self.foreground
        for (index, name) in tail.split(separator: " ").enumerated() {
            trace += "\n" + #"{"seq":\#(index + 4),"t":\#(index + 4),"event":"\#(name)","session":"S1"}"#
        }
        #expect(try Self.anatomy(trace).ending == ending)
    }

    @Test("a launch that stops in the foreground ended without a callback when its trace has a later launch of the app")
    func foregroundExit() throws {
        let anatomy = try Self.anatomy(Self.foreground)
        func place(_ trace: String, _ version: String = "3.2", os: String = "17.5") -> LaunchAnatomy.Place {
            LaunchAnatomy.Place(trace: trace, app: "A", appVersion: version, os: os)
        }
        var launches = [
            (place: place("a"), anatomy: anatomy),
            (place: place("b"), anatomy: anatomy),  // another trace: another device, perhaps
            (place: place("a"), anatomy: anatomy),
            (place: place("a", "3.3", os: "18.0"), anatomy: anatomy),
        ]
        LaunchAnatomy.settleEndings(&launches)
        #expect(launches.map(\.anatomy.ending) == [.foregroundExit, .unknown, .foregroundExit, .unknown])
        #expect(launches[0].anatomy.endingReason.hasSuffix("a crash, a watchdog kill or out of memory"))
        #expect(launches[1].anatomy.endingReason.contains("may still run"))
        #expect(launches[2].anatomy.endingReason.hasSuffix("(or the update between them: the next launch runs app version 3.3 on OS 18.0)"))
    }

    @Test(
        "durations read as a person reads them",
        arguments: [
            (Int64(9_500_000), "9.5 ms"), (1_300_000_000, "1.30 s"), (1_084_999_999, "1.08 s"), (12_340_000_000, "12.3 s"),
            (2_700_000_000_000, "45 min"), (61_000_000_000, "1 min 1 s"),
            (7_500_000_000_000, "2 h 5 min"),
        ])
    func durations(_ nanoseconds: Int64, _ text: String) {
        #expect(LaunchAnatomy.Builder.duration(nanoseconds) == text)
    }
}
