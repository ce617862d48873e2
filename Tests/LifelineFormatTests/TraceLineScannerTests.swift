import LifelineFormat
import Testing

@Suite("Trace line scanner")
struct TraceLineScannerTests {
    @Test("the documented launch record parses")
    func launchRecord() throws {
        let line =
            #"{"lifeline":1,"type":"launch","launch":"3F2A","pid":4711,"app":"com.example.Notes","platform":"iOS","os":"17.5","device":"iPad13,4","lifecycle":"scene","started":"2026-11-21T10:00:00.000Z"}"#
        let expected = LaunchRecord(
            launch: "3F2A", pid: 4711, app: "com.example.Notes", platform: "iOS", os: "17.5", device: "iPad13,4",
            lifecycle: .scene, started: "2026-11-21T10:00:00.000Z")
        #expect(try TraceRecord(parsing: line) == .launch(expected))
    }

    @Test("the documented event record parses")
    func eventRecord() throws {
        let line =
            #"{"seq":4,"t":2010000,"event":"scene(_:willConnectTo:options:)","phase":"begin","session":"S1","scene":"0x600001","thread":"main","attrs":{"role":"UIWindowSceneSessionRoleApplication"}}"#
        let expected = EventRecord(
            seq: 4, t: 2_010_000, event: EventName(.willConnectTo), phase: .begin, session: "S1", scene: "0x600001",
            thread: "main", attrs: ["role": "UIWindowSceneSessionRoleApplication"])
        #expect(try TraceRecord(parsing: line) == .event(expected))
    }

    @Test("phase defaults to instant and null optionals are absent")
    func defaults() throws {
        let record = try TraceRecord(parsing: #"{"t":5,"event":"db.open","seq":2,"session":null,"attrs":null}"#)
        #expect(record == .event(EventRecord(seq: 2, t: 5, event: "db.open")))
    }

    @Test("unknown fields of any shape are ignored")
    func unknownFields() throws {
        let line = #"{"seq":1,"future":{"a":[1,2,{"b":null}],"c":"x\"y"},"t":0,"event":"x","more":-1.5e3,"flag":true}"#
        #expect(try TraceRecord(parsing: line) == .event(EventRecord(seq: 1, t: 0, event: "x")))
    }

    @Test("attribute values of every allowed type decode")
    func attributes() throws {
        let line =
            #"{"seq":1,"t":0,"event":"application(_:didDiscardSceneSessions:)","attrs":{"sessions":["S1","S2"],"n":3,"x":0.5,"ok":false,"name":"a\u00e9\ud83d\ude00","gone":null}}"#
        guard case .event(let event) = try TraceRecord(parsing: line) else {
            Issue.record("expected an event")
            return
        }
        #expect(event.attrs == ["sessions": ["S1", "S2"], "n": 3, "x": 0.5, "ok": false, "name": "aé😀"])
        #expect(event.discardedSessions == ["S1", "S2"])
    }

    @Test("escaped strings decode, including surrogate pairs")
    func escapes() throws {
        let record = try TraceRecord(parsing: #"{"seq":1,"t":0,"event":"a\"b\\c\/d\n\t\u0041\ud83d\ude00","session":"S\u0031"}"#)
        #expect(record == .event(EventRecord(seq: 1, t: 0, event: "a\"b\\c/d\n\tA😀", session: "S1")))
    }

    @Test("an escaped alias is still recognised as its callback")
    func escapedAlias() throws {
        guard case .event(let event) = try TraceRecord(parsing: #"{"seq":1,"t":0,"event":"willConnect\u0054o"}"#) else {
            Issue.record("expected an event")
            return
        }
        #expect(event.event.callback == .willConnectTo)
    }

    struct Malformed: CustomTestStringConvertible, Sendable {
        let line: String
        let column: Int
        let message: String
        let code: TraceFormatError.Code
        var testDescription: String { message }
    }

    static let malformed: [Malformed] = [
        Malformed(line: #"{"seq":"4","t":0,"event":"x"}"#, column: 8, message: #"expected integer for "seq""#, code: .invalidValue),
        Malformed(line: #"{"seq":4.5,"t":0,"event":"x"}"#, column: 8, message: #"expected integer for "seq""#, code: .invalidValue),
        Malformed(
            line: #"{"seq":-1,"t":0,"event":"x"}"#, column: 8, message: #"expected a non-negative integer for "seq""#, code: .invalidValue),
        Malformed(
            line: #"{"seq":1,"t":99999999999999999999,"event":"x"}"#, column: 14, message: #"integer out of range for "t""#,
            code: .invalidValue),
        Malformed(line: #"{"seq":1,"t":0}"#, column: 1, message: #"missing required field "event""#, code: .missingField),
        Malformed(line: #"{"t":0,"event":"x"}"#, column: 1, message: #"missing required field "seq""#, code: .missingField),
        Malformed(line: #"{"seq":1,"t":0,"event":""}"#, column: 24, message: "empty event name", code: .invalidValue),
        Malformed(line: #"{"seq":1,"t":0,"event":7}"#, column: 24, message: #"expected string for "event""#, code: .invalidValue),
        Malformed(
            line: #"{"seq":1,"t":0,"event":"x","phase":"middle"}"#, column: 36,
            message: "unknown phase 'middle' (expected 'begin', 'end' or 'instant')", code: .invalidValue),
        Malformed(
            line: #"{"seq":1,"t":0,"event":"x","attrs":{"k":{"n":1}}}"#, column: 41,
            message: #"attribute "k" must be a string, number, boolean or array of strings"#, code: .invalidValue),
        Malformed(
            line: #"{"seq":1,"t":0,"event":"x","attrs":{"k":[1]}}"#, column: 41,
            message: #"attribute "k" must be a string, number, boolean or array of strings"#, code: .invalidValue),
        Malformed(
            line: #"{"seq":1,"t":0,"event":"x","attrs":[]}"#, column: 36, message: #"expected an object for "attrs""#, code: .invalidValue),
        Malformed(line: #"{"seq":1,"seq":2,"t":0,"event":"x"}"#, column: 10, message: #"duplicate field "seq""#, code: .invalidValue),
        Malformed(line: #"{"seq":1,"t":0,"event":"x"}}"#, column: 28, message: "unexpected characters after the record", code: .syntax),
        Malformed(line: #"{"seq":1,"t":0,"event":"x""#, column: 27, message: "expected ',' or '}' (the line is cut short)", code: .syntax),
        Malformed(line: #"{"seq":1,"t":0,"event":"x"#, column: 24, message: "unterminated string", code: .syntax),
        Malformed(line: #"{"seq":1 "t":0}"#, column: 10, message: "expected ',' or '}'", code: .syntax),
        Malformed(line: #"{seq:1}"#, column: 2, message: "expected a field name in quotes", code: .syntax),
        Malformed(line: #"[1,2]"#, column: 1, message: "expected '{' at the start of a record", code: .syntax),
        Malformed(line: #"{"seq":1,"t":0,"event":"a\qb"}"#, column: 26, message: #"invalid escape '\q'"#, code: .syntax),
        Malformed(line: #"{"seq":1,"t":0,"event":"\ud83d"}"#, column: 25, message: #"unpaired surrogate in '\u' escape"#, code: .syntax),
        Malformed(
            line: "{\"seq\":1,\"t\":0,\"event\":\"a\tb\"}", column: 26, message: #"control character in string (write it as \u0009)"#,
            code: .syntax),
        Malformed(line: #"{"seq":1,"t":0,"event":"x","z":tru}"#, column: 32, message: "expected a value", code: .syntax),
        Malformed(line: #"{"seq":01,"t":0,"event":"x"}"#, column: 8, message: "leading zeros are not allowed", code: .syntax),
        Malformed(
            line: #"{"lifeline":2,"type":"launch"}"#, column: 13,
            message: "unsupported trace format version 2 (this reader supports version 1)", code: .unsupportedVersion),
        Malformed(line: #"{"lifeline":1}"#, column: 1, message: #"missing required field "type" in launch record"#, code: .missingField),
        Malformed(
            line: #"{"type":"launch"}"#, column: 1, message: #"missing required field "lifeline" (the format version)"#, code: .missingField
        ),
        Malformed(
            line: #"{"lifeline":1,"type":"span"}"#, column: 22, message: "unknown record type 'span' (expected 'launch' or 'event')",
            code: .invalidValue),
        Malformed(
            line: #"{"lifeline":1,"type":"launch","lifecycle":"window"}"#, column: 43,
            message: "unknown lifecycle 'window' (expected 'scene' or 'app')", code: .invalidValue),
        Malformed(
            line: #"{"lifeline":1,"type":"launch","started":"yesterday"}"#, column: 41,
            message: #"expected an RFC 3339 time for "started" (like 2026-11-21T10:00:00.000Z)"#, code: .invalidValue),
        Malformed(
            line: #"{"lifeline":1,"type":"launch","started":"1600-01-01T00:00:00Z"}"#, column: 41,
            message: #""started" is outside the times a trace can hold (1677-09-21T00:12:43.145224192Z...2262-04-11T23:47:16.854775807Z)"#,
            code: .invalidValue),
        Malformed(
            line: #"{"seq":1,"t":0,"event":"x","attrs":{"k":1e309}}"#, column: 41,
            message: "number '1e309' is out of range (a 64-bit float)", code: .invalidValue),
        Malformed(
            line: #"{"seq":1,"t":0,"event":"x","attrs":{"k":-2.5E+400}}"#, column: 41,
            message: "number '-2.5E+400' is out of range (a 64-bit float)", code: .invalidValue),
        Malformed(
            line: #"{"seq":1,"t":0,"event":"x","attrs":{"k":"# + String(repeating: "9", count: 309) + "}}", column: 41,
            message: "number '" + String(repeating: "9", count: 40) + "...' is out of range (a 64-bit float)", code: .invalidValue),
        Malformed(line: "", column: 1, message: "empty line", code: .syntax),
    ]

    /// Numbers at the edges of a 64-bit float's range keep their type and value through a round trip
    /// (the fuzzer found `1e309` turning into the text "inf").
    @Test(
        "attribute numbers at the float's limits survive a round trip",
        arguments: ["1e308", "-1.7976931348623157e308", "4.9e-324", "1e-400", String(repeating: "9", count: 308), "9223372036854775808"])
    func attributeNumbersAtTheLimits(_ number: String) throws {
        let line = #"{"seq":1,"t":0,"event":"x","attrs":{"k":"# + number + "}}"
        let record = try TraceRecord(parsing: line)
        guard case .event(let event) = record, case .double(let value)? = event.attrs["k"] else {
            Issue.record("\(number) did not decode as a float: \(record)")
            return
        }
        #expect(value == Double(number))
        #expect(value.isFinite)
        var encoded: [UInt8] = []
        TraceEncoder.append(record, to: &encoded)
        #expect(encoded.last == UInt8(ascii: "\n"))
        let again = try TraceRecord(parsing: String(decoding: encoded.dropLast(), as: UTF8.self))
        #expect(again == record)
    }

    @Test("malformed lines are rejected with their line and column", arguments: malformed)
    func malformedLines(_ example: Malformed) {
        do {
            _ = try TraceRecord(parsing: example.line, lineNumber: 14)
            Issue.record("accepted: \(example.line)")
        } catch {
            #expect(error.line == 14)
            #expect(error.column == example.column, "\(example.line)")
            #expect(error.message == example.message)
            #expect(error.code == example.code)
            #expect(
                error.diagnostic.in(file: "traces/a.ndjson").description
                    == "traces/a.ndjson:14:\(example.column): error: \(example.message)")
        }
    }

    @Test("invalid UTF-8 is rejected at the offending byte")
    func invalidUTF8() {
        var bytes = Array(#"{"seq":1,"t":0,"event":"ab"#.utf8)
        bytes += [0xC3, 0x28]  // a lead byte followed by a non-continuation byte
        bytes += Array(#""}"#.utf8)
        var scanner = TraceLineScanner()
        do {
            _ = try bytes.withUnsafeBytes { try scanner.scan($0, lineNumber: 3) }
            Issue.record("accepted invalid UTF-8")
        } catch let error as TraceFormatError {
            #expect(error.code == .encoding)
            #expect(error.column == 27)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("deep nesting in an unknown field is an error, not a crash")
    func deepNesting() {
        let line = #"{"seq":1,"t":0,"event":"x","deep":"# + String(repeating: "[", count: 10_000) + "}"
        #expect(throws: TraceFormatError.self) { try TraceRecord(parsing: line) }
    }
}
