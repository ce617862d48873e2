import LifelineFormat
import Testing

@Suite("Chrome trace export")
struct ChromeTraceEncoderTests {
    static let launch = InterchangeLaunch(
        record: LaunchRecord(launch: "3F2A9C1E-0000", pid: 4711, app: "com.example.Notes", device: "iPad13,4", lifecycle: .scene),
        line: 1,
        events: [
            EventRecord(seq: 1, t: 1_000, event: EventName(.didFinishLaunching), phase: .begin, thread: "main"),
            EventRecord(seq: 2, t: 2_010_000_125, event: "db.open", attrs: ["pages": 120]),
            EventRecord(seq: 3, t: 2_500_000_000, event: EventName(.didFinishLaunching), phase: .end, thread: "main"),
            EventRecord(seq: 4, t: 3_000_000_000, event: EventName(.willConnectTo), phase: .begin, session: "S1", scene: "0x1"),
            EventRecord(seq: 5, t: 3_000_500_000, event: EventName(.willConnectTo), phase: .end, session: "S1", scene: "0x1"),
            EventRecord(seq: 6, t: 3_100_000_000, event: EventName(.sceneWillEnterForeground), session: "S1", scene: "0x1"),
            EventRecord(seq: 7, t: 3_200_000_000, event: EventName(.sceneDidBecomeActive), session: "S1", scene: "0x1"),
            EventRecord(seq: 8, t: 4_000_000_000, event: EventName(.sceneWillResignActive), phase: .begin, session: "S1", scene: "0x1"),
        ],
        lines: [2, 3, 4, 5, 6, 7, 8, 9], file: "traces/a.ndjson")

    /// The trace events of an encoded document, each as a JSON object.
    static func events(_ bytes: [UInt8]) throws -> [JSONObject] {
        var reader = JSONReader(bytes)
        let document = try reader.read()
        return try #require(document.object?["traceEvents"]?.array).compactMap(\.object)
    }

    @Test func eachLaunchIsAProcessNamedAfterAppDeviceAndLaunch() throws {
        let events = try Self.events(ChromeTraceEncoder.encode([Self.launch]))
        let process = try #require(events.first { $0["name"]?.string == "process_name" })
        #expect(process["pid"]?.integer == 1)
        #expect(process["args"]?.object?["name"]?.string == "com.example.Notes on iPad13,4 launch 3F2A9C1E")
        #expect(process["args"]?.object?["lifeline"]?.object?["pid"]?.integer == 4711)
        let threads = events.filter { $0["name"]?.string == "thread_name" }.compactMap { $0["args"]?.object?["name"]?.string }
        #expect(threads == ["app", "app state", "session S1", "session S1 state"])
    }

    @Test func aBeginEndPairIsOneCompleteSliceWithItsDurationInMicroseconds() throws {
        let events = try Self.events(ChromeTraceEncoder.encode([Self.launch]))
        let slice = try #require(events.first { $0["ph"]?.string == "X" && $0["name"]?.string == Callback.didFinishLaunching.name })
        #expect(slice["ts"] == .number("1.000"))
        #expect(slice["dur"] == .number("2499999.000"))
        let args = try #require(slice["args"]?.object)
        #expect(args["seq"]?.integer == 1)
        #expect(args["end_seq"]?.integer == 3)
        #expect(args["file"]?.string == "traces/a.ndjson")
        #expect(args["line"]?.integer == 2)
        #expect(args["end_line"]?.integer == 4)
    }

    @Test func instantsKeepTheFractionOfAMicrosecondAndTheirAttrs() throws {
        let events = try Self.events(ChromeTraceEncoder.encode([Self.launch]))
        let mark = try #require(events.first { $0["name"]?.string == "db.open" })
        #expect(mark["ph"]?.string == "i")
        #expect(mark["s"]?.string == "t")
        #expect(mark["cat"]?.string == "app")
        #expect(mark["ts"] == .number("2010000.125"))
        #expect(mark["args"]?.object?["attrs"]?.object?["pages"]?.integer == 120)
    }

    @Test func sceneEventsAreOnTheirSessionsTrackAndAnOpenBeginStaysOpen() throws {
        let events = try Self.events(ChromeTraceEncoder.encode([Self.launch]))
        let connect = try #require(events.first { $0["name"]?.string == Callback.willConnectTo.name })
        #expect(connect["tid"]?.integer == 3)
        let resign = try #require(events.first { $0["name"]?.string == Callback.sceneWillResignActive.name })
        #expect(resign["ph"]?.string == "B")
    }

    @Test func theSceneStateIsSlicesOnTheSessionsStateTrack() throws {
        let events = try Self.events(ChromeTraceEncoder.encode([Self.launch]))
        let states = events.filter { $0["cat"]?.string == "state" }
        #expect(states.map { $0["name"]?.string } == ["unattached", "foregroundInactive", "foregroundActive"])
        #expect(states.allSatisfy { $0["tid"]?.integer == 4 })
        #expect(states.map { $0["ts"] } == [.number("3000500.000"), .number("3100000.000"), .number("3200000.000")])
        #expect(states.last?["dur"] == .number("800000.000"))
    }

    @Test func findingsAreInstantsOnTheTrackOfTheirSession() throws {
        let annotation = TraceAnnotation(
            launch: 0, session: "S1", t: 3_200_000_000, name: "error[scene.x]", args: ["rule": "scene.x", "message": "m"])
        let events = try Self.events(ChromeTraceEncoder.encode([Self.launch], annotations: [annotation]))
        let finding = try #require(events.first { $0["cat"]?.string == "violation" })
        #expect(finding["name"]?.string == "error[scene.x]")
        #expect(finding["tid"]?.integer == 3)
        #expect(finding["ph"]?.string == "i")
        #expect(finding["args"]?.object?["rule"]?.string == "scene.x")
    }

    @Test func hostileNamesStayInsideTheirJSONStrings() throws {
        var launch = Self.launch
        launch.events[1].event = EventName("\"},{\"ph\":\"X\u{0}\n")
        launch.events[1].attrs = ["k\"": .string("\u{1F}\\")]
        let events = try Self.events(ChromeTraceEncoder.encode([launch]))
        #expect(events.contains { $0["name"]?.string == "\"},{\"ph\":\"X\u{0}\n" })
    }
}
