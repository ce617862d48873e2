import LifelineFormat
import LifelineSupport
import LifelineTestSupport
import Testing

@Suite("Trace encoder")
struct TraceEncoderTests {
    @Test("the encoder writes fields in a fixed order and omits defaults")
    func fixedOrder() {
        var line: [UInt8] = []
        TraceEncoder.append(
            EventRecord(
                seq: 4, t: 2_010_000, event: "willConnectTo", phase: .begin, session: "S1", scene: "0x600001",
                thread: "main", attrs: ["z": 1, "a": "x"]), to: &line)
        TraceEncoder.append(EventRecord(seq: 5, t: 2_010_001, event: "db.open"), to: &line)
        #expect(
            String(decoding: line, as: UTF8.self) == """
                {"seq":4,"t":2010000,"event":"scene(_:willConnectTo:options:)","phase":"begin","session":"S1","scene":"0x600001","thread":"main","attrs":{"a":"x","z":1}}
                {"seq":5,"t":2010001,"event":"db.open"}

                """)
    }

    @Test("launch records round-trip")
    func launchRoundTrip() throws {
        let launch = LaunchRecord(
            launch: "L", pid: 1, app: "a", appVersion: "3.2 (beta \"1\")", platform: "iOS", os: "13.0", device: "iPhone12,1",
            lifecycle: .app, started: "2026-11-21T10:00:00.000Z", part: 3)
        var line: [UInt8] = []
        TraceEncoder.append(launch, to: &line)
        #expect(try TraceRecord(parsing: String(decoding: line.dropLast(), as: UTF8.self)) == .launch(launch))
    }

    @Test(
        "processStart, moduleLoad and prewarm round-trip, negative times and null included",
        arguments: [(Int64(-412_000_000), Int64(-12_500_000), true), (Int64(9_000_000_123), nil, false), (nil, Int64(-3), nil)]
            as [(Int64?, Int64?, Bool?)])
    func processStartAndPrewarmRoundTrip(_ processStart: Int64?, _ moduleLoad: Int64?, _ prewarm: Bool?) throws {
        let launch = LaunchRecord(launch: "L", processStart: processStart, moduleLoad: moduleLoad, prewarm: prewarm)
        var line: [UInt8] = []
        TraceEncoder.append(launch, to: &line)
        let text = String(decoding: line.dropLast(), as: UTF8.self)
        #expect(try TraceRecord(parsing: text) == .launch(launch))
        #expect(text.contains("processStart") == (processStart != nil))
        #expect(text.contains(#""moduleLoad":"#) == (moduleLoad != nil))
    }

    @Test("a launch record's prewarm that is not a boolean, and a processStart that is not an integer, are located errors")
    func badProcessStartAndPrewarm() throws {
        #expect(throws: TraceFormatError.self) { try TraceRecord(parsing: #"{"lifeline":1,"type":"launch","prewarm":1}"#) }
        #expect(throws: TraceFormatError.self) { try TraceRecord(parsing: #"{"lifeline":1,"type":"launch","processStart":"0"}"#) }
        #expect(throws: TraceFormatError.self) { try TraceRecord(parsing: #"{"lifeline":1,"type":"launch","moduleLoad":1.5}"#) }
        #expect(
            try TraceRecord(parsing: #"{"lifeline":1,"type":"launch","processStart":null,"prewarm":null}"#)
                == .launch(LaunchRecord()))
    }

    @Test(
        "any string survives a round trip",
        arguments: [
            "", "plain", "quote\"backslash\\", "new\nline\r\ttab", "\u{0}\u{1}\u{1F}\u{7F}", "é漢字😀", "\u{2028}",
            "{\"json\":[1]}", String(repeating: "long ", count: 500),
        ])
    func stringsRoundTrip(_ value: String) throws {
        let event = EventRecord(
            seq: 1, t: 0, event: EventName("e" + value), session: value, scene: value,
            thread: value, attrs: [value: .string(value), "list": .strings([value, value])])
        var line: [UInt8] = []
        TraceEncoder.append(event, to: &line)
        #expect(line.filter { $0 == 0x0A }.count == 1, "one line, terminator only at the end")
        #expect(try TraceRecord(parsing: String(decoding: line.dropLast(), as: UTF8.self)) == .event(event))
    }

    @Test("random events round-trip")
    func randomRoundTrip() throws {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array("aZ09 _-.:\"\\\n\té漢😀\u{1}")
        func randomString() -> String {
            String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        for seq in 0..<2_000 {
            var attrs: Attributes = [:]
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                switch Int.random(in: 0...4, using: &generator) {
                case 0: attrs[randomString()] = .string(randomString())
                case 1: attrs[randomString()] = .int(Int64.random(in: Int64.min...Int64.max, using: &generator))
                case 2: attrs[randomString()] = .double(Double.random(in: -1e6...1e6, using: &generator))
                case 3: attrs[randomString()] = .bool(Bool.random(using: &generator))
                default: attrs[randomString()] = .strings([randomString(), randomString()])
                }
            }
            let callback = Callback.allCases.randomElement(using: &generator)!
            let event = EventRecord(
                seq: Int64(seq), t: Int64.random(in: 0...Int64.max, using: &generator),
                event: Bool.random(using: &generator) ? EventName(callback) : EventName("app." + randomString()),
                phase: Phase.allCases.randomElement(using: &generator)!,
                session: Bool.random(using: &generator) ? randomString() : nil,
                scene: Bool.random(using: &generator) ? randomString() : nil, thread: randomString(), attrs: attrs)
            var line: [UInt8] = []
            TraceEncoder.append(event, to: &line)
            #expect(try TraceRecord(parsing: String(decoding: line.dropLast(), as: UTF8.self)) == .event(event))
        }
    }

    @Test("non-finite numbers are written as strings, keeping the line valid JSON")
    func nonFinite() throws {
        var line: [UInt8] = []
        TraceEncoder.append(EventRecord(seq: 1, t: 0, event: "x", attrs: ["a": .double(.infinity)]), to: &line)
        guard case .event(let event) = try TraceRecord(parsing: String(decoding: line.dropLast(), as: UTF8.self)) else {
            Issue.record("expected an event")
            return
        }
        #expect(event.attrs["a"] == .string("inf"))
    }
}
