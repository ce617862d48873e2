import LifelineFormat
import LifelineSupport
import Testing

/// The Chrome trace and `log show --style json` decoders read their arrays one element at a time:
/// they must decode what building the document decoded, refuse what it refused at the same place,
/// and not care where `traceEvents` is among the object's members.
@Suite("Streaming decoders")
struct StreamingDecodeTests {
    static let events = [
        #"{"name":"process_name","ph":"M","pid":1,"args":{"name":"Notes"}}"#,
        #"{"name":"thread_name","ph":"M","pid":1,"tid":2,"args":{"name":"main"}}"#,
        #"{"name":"didFinishLaunching","cat":"callback","ph":"X","ts":10.5,"dur":2,"pid":1,"tid":2,"args":{"n":1}}"#,
        #"{"name":"sceneDidBecomeActive","ph":"i","s":"t","ts":20,"pid":1,"tid":2,"args":{"session":"S1","scene":"0x1"}}"#,
        #"{"name":"db.open","ph":"B","ts":21,"pid":1,"tid":2,"args":{"path":"n\u00e9.sqlite"}}"#,
        #"{"ph":"E","ts":22.25,"pid":1,"tid":2}"#,
        #"{"name":"counter","ph":"C","ts":23,"pid":1,"args":{"v":3}}"#,
    ]
    static let other = #""displayTimeUnit":"ns","otherData":{"version":"x","nested":[1,{"a":"\"\\"},[[]]],"path":"\/a\/b"}"#

    @Test func theEventsArrayIsReadWhereverItIsAmongTheMembers() throws {
        let array = "[" + Self.events.joined(separator: ",\n") + "]"
        let forms = [
            "{\"traceEvents\":" + array + "," + Self.other + "}",
            "{" + Self.other + ",\n\"traceEvents\":" + array + "}",
            "{" + Self.other + ",\"traceEvents\":" + array + ",\"traceEvents\":[]}",
            array,
            "[" + Self.events.joined(separator: ",\n") + ",",
        ]
        let reference = ChromeTraceDecoder.decode(Array(forms[0].utf8))
        #expect(reference.fatal == nil)
        let launch = try #require(reference.launches.first)
        #expect(launch.record.app == "Notes")
        #expect(
            launch.events.map(\.event.callback) == [.didFinishLaunching, .didFinishLaunching, .sceneDidBecomeActive, nil, nil])
        #expect(launch.events.last?.event.name == "db.open")
        #expect(launch.events.map(\.phase) == [.begin, .end, .instant, .begin, .end])
        #expect(reference.ignored == 1)
        for form in forms.dropFirst() {
            let decoded = ChromeTraceDecoder.decode(Array(form.utf8))
            #expect(decoded.fatal == nil, "\(form)")
            #expect(decoded.launches.map(\.events) == reference.launches.map(\.events), "\(form)")
            #expect(decoded.launches.map(\.record) == reference.launches.map(\.record), "\(form)")
            #expect(decoded.ignored == reference.ignored, "\(form)")
        }
    }

    @Test func aDocumentThatIsNotATraceSaysSoOnlyOnceItParses() {
        let cases: [(String, Diagnostic)] = [
            (#"{"a":1,"traceEvents":{"x":[]}}"#, Diagnostic(.error, line: 1, column: 1, #"expected a "traceEvents" array"#)),
            ("\n  {\"a\":1}", Diagnostic(.error, line: 2, column: 3, #"expected a "traceEvents" array"#)),
            (#"{"traceEvents":3,"traceEvents":[]}"#, Diagnostic(.error, line: 1, column: 1, #"expected a "traceEvents" array"#)),
            (#""events""#, Diagnostic(.error, line: 1, column: 1, "expected a JSON object or array of trace events")),
            (#"{"a":1,"traceEvents":{"x":[}}"#, Diagnostic(.error, line: 1, column: 28, "expected a JSON value")),
            (#"{"traceEvents":[{"ph":"i","ts":1}],"b":tru}"#, Diagnostic(.error, line: 1, column: 40, "expected a JSON value")),
            (#"{"traceEvents":[]} x"#, Diagnostic(.error, line: 1, column: 20, "unexpected text after the JSON value")),
        ]
        for (text, expected) in cases {
            let decoded = ChromeTraceDecoder.decode(Array(text.utf8))
            #expect(decoded.fatal?.header == expected.header, "\(text)")
            #expect(decoded.launches.isEmpty && decoded.diagnostics.isEmpty, "\(text)")
        }
    }

    /// Random documents (and broken ones) as Chrome traces: refused exactly when building the
    /// document refuses them, with its error.
    @Test func aChromeTraceIsRefusedWhereBuildingItRefusesIt() {
        var generator = JSONReaderDifferentialTests.Generator(random: SplitMix64(seed: 21))
        for round in 0..<500 {
            var document = generator.document()
            if round % 2 == 1 { document = generator.corrupt(document) }
            let decoded = ChromeTraceDecoder.decode(document)
            let comment: Comment = "\(String(decoding: document, as: UTF8.self))"
            switch JSONReaderDifferentialTests.built(document, lenient: true) {
            case .error(let code, let message, let line, let column):
                #expect(decoded.fatal == TraceFormatError(code, message, line: line, column: column).diagnostic, comment)
            case .value(let value):
                if let object = value.object {
                    let expected =
                        object["traceEvents"]?.array == nil
                        ? Diagnostic(.error, line: object.line, column: object.column, #"expected a "traceEvents" array"#) : nil
                    #expect(decoded.fatal == expected, comment)
                } else if value.array != nil {
                    #expect(decoded.fatal == nil, comment)
                } else {
                    #expect(decoded.fatal?.message == "expected a JSON object or array of trace events", comment)
                }
            case .skipped:
                Issue.record("building never only skips")
            }
        }
    }

    /// `log show --style json` (one array) and `--style ndjson` (a line each) of the same entries decode the same.
    @Test func theUnifiedLogsArrayFormDecodesAsItsLineForm() throws {
        var random = SplitMix64(seed: 5)
        let messages = [
            "SceneDelegate - sceneDidBecomeActive(_:) <UIWindowScene: 0x1; persistentIdentifier = A>", "db.open path=n\\u00e9 pages=3",
            "application(_:didFinishLaunchingWithOptions:)", "sceneWillResignActive(_:) <UIScene: 0x2>", "noise \\\"quoted\\\"",
        ]
        var entries: [String] = []
        for index in 0..<200 {
            let noise =
                #""backtrace":{"frames":[{"imageOffset":\#(index),"imageUUID":"9F3B2C71-0E4D"}]},"senderImagePath":"\/usr\/lib\/é\/x""#
            let pid = 4711 + Int(random.next() % 2)
            let type = random.next() % 7 == 0 ? "activityCreateEvent" : "logEvent"
            entries.append(
                #"{"traceID":\#(index),"eventMessage":"\#(messages[Int(random.next() % 5)])","eventType":"\#(type)",\#(noise),"#
                    + #""processID":\#(pid),"threadID":\#(random.next() % 9),"processImagePath":"\/x\/Notes","#
                    + #""timestamp":"2026-11-21 10:00:\#(10 + index / 10).\#(100_000 + index)+0900"}"#)
        }
        let lines = UnifiedLogDecoder.decode(Array(entries.joined(separator: "\n").utf8))
        let array = UnifiedLogDecoder.decode(Array(("[\n" + entries.joined(separator: ",\n") + "\n]").utf8))
        #expect(lines.fatal == nil && array.fatal == nil)
        #expect(!lines.launches.isEmpty)
        #expect(array.launches.map(\.events) == lines.launches.map(\.events))
        #expect(array.launches.map(\.record) == lines.launches.map(\.record))
        #expect(array.ignored == lines.ignored)
        #expect(array.malformed == 0 && lines.malformed == 0)
        // Broken anywhere, the array form fails whole, at the place building it fails.
        let broken = Array(("[\n" + entries.joined(separator: ",\n") + "\n]").utf8).enumerated().map {
            $0.offset == 9000 ? 0x01 : $0.element
        }
        let failed = UnifiedLogDecoder.decode(broken)
        guard case .error(let code, let message, let line, let column) = JSONReaderDifferentialTests.built(broken) else {
            Issue.record("the broken array parsed")
            return
        }
        #expect(failed.fatal == TraceFormatError(code, message, line: line, column: column).diagnostic)
        #expect(failed.launches.isEmpty)
    }
}
