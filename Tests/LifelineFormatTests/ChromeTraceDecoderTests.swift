import LifelineFormat
import LifelineSupport
import Testing

@Suite("Chrome trace import")
struct ChromeTraceDecoderTests {
    @Test func anExportDecodesToTheSameLaunchesAndEvents() throws {
        var second = ChromeTraceEncoderTests.launch
        second.record.launch = "second"
        // The launch evidence a device's recorder writes comes back as written.
        second.record.processStart = -40_000_000
        second.record.moduleLoad = -12_000_000
        second.record.prewarm = true
        second.record.taskRole = "darwinBG"
        second.events.append(EventRecord(seq: 9, t: 5_000_000_000, event: EventName(.sceneDidEnterBackground), phase: .end, session: "S2"))
        second.lines.append(10)
        let decoded = ChromeTraceDecoder.decode(ChromeTraceEncoder.encode([ChromeTraceEncoderTests.launch, second]))
        #expect(decoded.fatal == nil)
        #expect(decoded.diagnostics.isEmpty)
        #expect(decoded.launches.map(\.record) == [ChromeTraceEncoderTests.launch.record, second.record])
        #expect(decoded.launches.map(\.events) == [ChromeTraceEncoderTests.launch.events, second.events])
    }

    @Test func randomLaunchesRoundTrip() throws {
        var random = SplitMix64(seed: 7)
        let names: [EventName] = [EventName(.willConnectTo), EventName(.sceneDidBecomeActive), "db.open", EventName(.didFinishLaunching)]
        for _ in 0..<50 {
            var launch = InterchangeLaunch(record: LaunchRecord(launch: "L\(random.next() % 1000)", pid: Int64(random.next() % 99_999)))
            var t = Int64(random.next() % 1_000_000)
            for _ in 0..<Int(random.next() % 40) {
                t += Int64(random.next() % 5_000_000)
                let phase = [Phase.begin, .end, .instant][Int(random.next() % 3)]
                let session = random.next() % 3 == 0 ? nil : "S\(random.next() % 3)"
                var event = EventRecord(
                    seq: 0, t: t, event: names[Int(random.next() % 4)], phase: phase, session: session,
                    scene: session.map { "0x\($0)" }, thread: random.next() % 2 == 0 ? "main" : nil)
                if random.next() % 2 == 0 { event.attrs = ["n": .int(Int64(random.next() % 100)), "s": .string("v\"\\"), "b": true] }
                launch.append(event, line: launch.events.count + 2)
            }
            let decoded = ChromeTraceDecoder.decode(ChromeTraceEncoder.encode([launch]))
            #expect(decoded.launches.first?.events == launch.events)
        }
    }

    @Test func anotherToolsTraceBecomesALaunchPerProcessInTimeOrder() throws {
        let trace = """
            {"traceEvents":[
            {"ph":"M","name":"process_name","pid":7,"tid":7,"args":{"name":"Notes"}},
            {"ph":"M","name":"thread_name","pid":7,"tid":1,"args":{"name":"main"}},
            {"ph":"X","name":"sceneDidBecomeActive","pid":7,"tid":1,"ts":100,"dur":50,"args":{"session":"S1","depth":2}},
            {"ph":"X","name":"application(_:didFinishLaunchingWithOptions:)","pid":7,"tid":1,"ts":10,"dur":5.5},
            {"ph":"i","name":"db.open","pid":7,"tid":1,"ts":20,"s":"t","cat":"io"},
            {"ph":"C","name":"memory","pid":7,"ts":30,"args":{"mb":12}},
            {"ph":"B","name":"other","pid":8,"tid":2,"ts":"5"},
            {"ph":"i","name":"bad","pid":7,"tid":1,"ts":"soon"}
            ]}
            """
        let decoded = ChromeTraceDecoder.decode(Array(trace.utf8))
        #expect(decoded.launches.count == 2)
        let notes = try #require(decoded.launches.first)
        #expect(notes.record.app == "Notes")
        #expect(notes.record.pid == 7)
        #expect(notes.record.lifecycle == .scene)
        #expect(
            notes.events.map(\.event.name) == [
                Callback.didFinishLaunching.name, Callback.didFinishLaunching.name, "db.open", Callback.sceneDidBecomeActive.name,
                Callback.sceneDidBecomeActive.name,
            ])
        #expect(notes.events.map(\.phase) == [.begin, .end, .instant, .begin, .end])
        #expect(notes.events.map(\.seq) == [1, 2, 3, 4, 5])
        #expect(notes.events.map(\.t) == [10_000, 15_500, 20_000, 100_000, 150_000])
        #expect(notes.events[0].thread == "main")
        #expect(notes.events[2].attrs == ["cat": "io"])
        #expect(notes.events[3].session == "S1")
        #expect(notes.events[3].attrs == ["depth": 2])
        #expect(notes.lines == [5, 5, 6, 4, 4])
        #expect(decoded.ignored == 1)
        #expect(decoded.malformed == 1)
        #expect(decoded.diagnostics == [Diagnostic(.warning, line: 9, column: 1, "trace event without a readable \"ts\" (skipped)")])
    }

    @Test func theArrayFormMayEndWithoutItsBracket() {
        let decoded = ChromeTraceDecoder.decode(Array(#"[{"ph":"i","name":"db.open","pid":1,"tid":1,"ts":1},"#.utf8) + [0x0A])
        #expect(decoded.fatal == nil)
        #expect(decoded.launches.first?.events.count == 1)
    }

    @Test(arguments: [
        (#"{"traceEvents":[{"ph":"i",}]}"#, 1, 27, "expected a string key"),
        ("{\"traceEvents\":\n[\"x\"\n", 3, 1, "unexpected end of input, expected ',' or ']'"),
        (#"{"events":[]}"#, 1, 1, "expected a \"traceEvents\" array"),
        (String(repeating: "[", count: 100), 1, 65, "JSON nested deeper than 64 levels"),
    ])
    func aDocumentThatDoesNotParseIsOneLocatedError(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        let decoded = ChromeTraceDecoder.decode(Array(text.utf8))
        #expect(decoded.fatal?.header == Diagnostic(.error, line: line, column: column, message).header)
        #expect(decoded.launches.isEmpty)
    }
}
