import Foundation
import LifelineFormat
import LifelineRules
import Testing

@testable import LifelineReports

/// The HTML report's data: script-safe JSON, the timelines gathered from records, and a page a
/// hostile trace cannot inject into.
@Suite("HTML report")
struct HTMLReportTests {
    /// Strings a trace could carry to break out of a script element, a JSON string or a style sheet.
    static let hostile = [
        "</script><script>alert(1)</script>", "<img src=x onerror=alert(1)>", "</SCRIPT >", "<!-- <script>",
        "a\u{2028}b\u{2029}c", "quote \" back\\slash", "\u{0}\u{1F}\u{7F}", "</style><style>*{display:none}</style>",
        "${alert(1)}", "emoji 🚀 and é", "&lt;not an entity&gt;",
    ]

    @Test(arguments: hostile)
    func scriptSafeJSONKeepsTheStringAndHidesEveryMarkupCharacter(_ value: String) throws {
        var json = ScriptSafeJSON()
        json.string(value)
        let text = json.text
        #expect(!text.contains("<") && !text.contains(">") && !text.contains("&"))
        #expect(!text.unicodeScalars.contains { $0.value == 0x2028 || $0.value == 0x2029 || $0.value < 0x20 })
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [String]
        #expect(decoded == [value])
    }

    @Test func integersPastWhatJavaScriptHoldsExactlyAreWrittenAsStrings() {
        var json = ScriptSafeJSON()
        json.int(Int64(1) << 53)
        json.byte(UInt8(ascii: ","))
        json.int((Int64(1) << 53) + 1)
        json.byte(UInt8(ascii: ","))
        json.int(Int64.min)
        #expect(json.text == #"9007199254740992,"9007199254740993","-9223372036854775808""#)
    }

    @Test func attributesAreAnObjectWithSortedKeysAndTypedValues() {
        var json = ScriptSafeJSON()
        json.attributes(["b": 2, "a": "<x>", "c": true, "d": ["s1", "s2"], "e": .double(1.5)])
        #expect(json.text == #"{"a":"\u003cx\u003e","b":2,"c":true,"d":["s1","s2"],"e":1.5}"#)
    }

    /// Two launches, the first continued in a rotated part; spans, app events, a second scene object.
    static func collected(wanted: Set<EventLocation> = []) -> ReportTimelines {
        let collector = TimelineCollector(wanted: wanted)
        collector.add(EventRecord(seq: 0, t: 0, event: "orphan"), file: "a.ndjson", line: 1)
        collector.beginLaunch(LaunchRecord(launch: "L1", lifecycle: .scene), file: "a.ndjson", line: 2)
        collector.add(EventRecord(seq: 1, t: 1_000, event: EventName(.didFinishLaunching), phase: .begin), file: "a.ndjson", line: 3)
        collector.add(EventRecord(seq: 2, t: 1_500, event: "db.open", attrs: ["path": "n.sqlite"]), file: "a.ndjson", line: 4)
        collector.add(EventRecord(seq: 3, t: 9_000, event: EventName(.didFinishLaunching), phase: .end), file: "a.ndjson", line: 5)
        collector.add(
            EventRecord(seq: 4, t: 10_000, event: EventName(.willConnectTo), session: "S1", scene: "0xA"), file: "a.ndjson", line: 6)
        collector.beginLaunch(LaunchRecord(launch: "L1", lifecycle: .scene, part: 2), file: "a.2.ndjson", line: 1)
        collector.add(
            EventRecord(seq: 5, t: 21_000, event: EventName(.sceneDidBecomeActive), session: "S1", scene: "0xB"), file: "a.2.ndjson",
            line: 2)
        collector.beginLaunch(LaunchRecord(launch: nil, lifecycle: .app), file: "b.ndjson", line: 1)
        collector.add(EventRecord(seq: 1, t: 5, event: EventName(.didFinishLaunching), phase: .begin), file: "b.ndjson", line: 2)
        collector.add(EventRecord(seq: 2, t: 50_005, event: EventName(.didFinishLaunching), phase: .end), file: "b.ndjson", line: 3)
        return collector.finish()
    }

    @Test func theCollectorGroupsEventsByLaunchAndContinuesARotatedPart() throws {
        let timelines = Self.collected()
        #expect(timelines.launches.count == 2)
        let first = timelines.launches[0]
        #expect(first.events == 5 && first.duration == 20_000)
        #expect(first.timeToActive == 20_000, "from didFinishLaunching's begin to the first sceneDidBecomeActive")
        #expect(first.key == "L1")
        #expect(timelines.launches[1].key == "b.ndjson:1", "a launch without an id is named by its record's place")
        #expect(timelines.launches[1].timeToActive == nil)
        let data = try #require(JSONSerialization.jsonObject(with: Data(first.json.bytes)) as? [String: Any])
        #expect(data["t0"] as? Int == 1_000)
        #expect(data["f"] as? [String] == ["a.ndjson", "a.2.ndjson"])
        let strings = try #require(data["s"] as? [String])
        let events = try #require(data["e"] as? [[Any]])
        #expect(events.count == 5)
        // [seq, dt, kind, name, session, scene, thread, file, line, attrs?]
        let dbOpen = events[1]
        #expect(dbOpen[0] as? Int == 2 && dbOpen[1] as? Int == 500 && dbOpen[2] as? Int == 4, "an app event's kind has 4 added")
        #expect(strings[dbOpen[3] as? Int ?? -1] == "db.open")
        #expect((dbOpen[9] as? [String: String]) == ["path": "n.sqlite"])
        let active = events[4]
        #expect(active[2] as? Int == 0 && active[7] as? Int == 1 && active[8] as? Int == 2)
        #expect(strings[active[5] as? Int ?? -1] == "0xB")
        #expect(events[0][2] as? Int == 1 && events[2][2] as? Int == 2, "begin is 1, end is 2")
    }

    @Test func theSlowestSpansAreListedLongestFirstWithTheirBeginEvent() {
        let slowest = Self.collected().slowest
        #expect(slowest.map(\.duration) == [50_000, 8_000])
        #expect(slowest.map(\.launch) == [1, 0])
        #expect(slowest[1].event == 0 && slowest[1].name == Callback.didFinishLaunching.name)
    }

    @Test func theCollectorKeepsOnlyTheSlowestTwentyFive() {
        let collector = TimelineCollector()
        collector.beginLaunch(LaunchRecord(launch: "L"), file: "f", line: 1)
        for index in 0..<100 {
            let t = Int64(index) * 1_000
            collector.add(EventRecord(seq: Int64(2 * index), t: t, event: "work", phase: .begin), file: "f", line: 2 * index + 2)
            collector.add(
                EventRecord(seq: Int64(2 * index + 1), t: t + Int64(index), event: "work", phase: .end), file: "f", line: 2 * index + 3)
        }
        let slowest = collector.finish().slowest
        #expect(slowest.count == TimelineCollector.slowestCount)
        #expect(slowest.map(\.duration) == (75..<100).reversed().map { Int64($0) })
    }

    @Test func witnessesAreFoundByFileAndLineAcrossARotatedPart() {
        let wanted: Set = [EventLocation(file: "a.2.ndjson", line: 2), EventLocation(file: "b.ndjson", line: 3)]
        let positions = Self.collected(wanted: wanted).positions
        #expect(positions[EventLocation(file: "a.2.ndjson", line: 2)] == ReportTimelines.Position(launch: 0, event: 4))
        #expect(positions[EventLocation(file: "b.ndjson", line: 3)] == ReportTimelines.Position(launch: 1, event: 1))
        #expect(positions.count == 2)
    }

    /// A report of one launch whose every string is hostile, with a violation on it.
    static func hostileReport() throws -> (report: CheckReport, html: String) {
        let rules = try RuleSet(
            parsing: """
                rule x.never per session {
                  message "</script><img src=x onerror=alert(1)>"
                  reference "javascript:alert(1) see https://a.example/x?a=1&b=</script><script>alert(5)</script> (E1)"
                  never sceneDidBecomeActive
                }

                """, file: "x.rules")
        let collector = CheckCollector()
        let checker = collector.checker(for: rules)
        let timelines = TimelineCollector(wanted: [EventLocation(file: "t.ndjson", line: 2)])
        let launch = LaunchRecord(launch: "</script><script>alert(2)</script>", app: "<img src=x onerror=alert(3)>", device: "</style>")
        checker.beginLaunch(launch, trace: "t.ndjson", file: "t.ndjson", line: 1)
        timelines.beginLaunch(launch, file: "t.ndjson", line: 1)
        let event = EventRecord(
            seq: 1, t: 1, event: "sceneDidBecomeActive", session: "</script><b>S</b>", scene: "<!--", thread: "\u{2028}",
            attrs: ["</script>": "<svg onload=alert(4)>"])
        checker.check(event, line: 2)
        timelines.add(event, file: "t.ndjson", line: 2)
        let summary = checker.finish()
        var report = CheckReport(
            rules: rules.rules, findings: collector.findings, summary: summary, traces: ["t.ndjson"],
            diagnostics: [Diagnostic(.warning, file: "<img src=x>.ndjson", "<b>bold</b>")], applied: collector.applied)
        report.timelines = timelines.finish()
        return (report, ReportFormat.html.render(report))
    }

    @Test func aHostileTraceCannotCloseTheDataElementOrAddMarkup() throws {
        let (report, html) = try Self.hostileReport()
        #expect(report.findings.count == 1)
        // Three script elements: the summary's data, the launch's, the page's own script; nothing else opens or closes one.
        #expect(html.components(separatedBy: "</script>").count - 1 == 3)
        #expect(html.components(separatedBy: "<script").count - 1 == 3)
        for markup in ["<img", "<svg", "<b>", "<!--"] {
            #expect(!html.contains(markup), "\(markup) appears in the page")
        }
        #expect(html.components(separatedBy: "</style>").count - 1 == 1, "only the page's own style element closes")
        #expect(!html.unicodeScalars.contains { $0.value == 0x2028 })
    }

    @Test func theDataElementsHoldTheTraceValuesUnchanged() throws {
        let (_, html) = try Self.hostileReport()
        func element(_ id: String) throws -> [String: Any] {
            let start = try #require(html.range(of: "id=\"\(id)\">"))
            let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
            return try #require(JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        }
        let summary = try element("lifeline-data")
        let launch = try #require((summary["launches"] as? [[Any]])?.first)
        #expect(launch[0] as? String == "</script><script>alert(2)</script>")
        #expect(launch[1] as? String == "<img src=x onerror=alert(3)>")
        let finding = try #require((summary["findings"] as? [[Any]])?.first)
        #expect(finding[1] as? String == "x.never" && finding[2] as? String == "violated" && finding[6] as? Int == 0)
        let rule = try #require((summary["rules"] as? [[Any]])?[finding[0] as? Int ?? -1])
        #expect(rule[3] as? String == "javascript:alert(1) see https://a.example/x?a=1&b=</script><script>alert(5)</script> (E1)")
        // The page links only the http(s) URL in the reference, the URL alone; the rest is text.
        let parts = try #require(rule[4] as? [[String]])
        #expect(
            parts == [
                ["t", "javascript:alert(1) see "], ["a", "https://a.example/x?a=1&b="], ["t", "</script><script>alert(5)</script> (E1)"],
            ])
        let witness = try #require((finding[10] as? [[Any]])?.first)
        #expect(witness.count == 3 && witness[1] as? Int == 0 && witness[2] as? Int == 0, "the witness is launch 0, event 0")
        let events = try element("launch-0")
        #expect((events["s"] as? [String])?.contains("</script><b>S</b>") == true)
        let attrs = try #require((events["e"] as? [[Any]])?.first?[9] as? [String: String])
        #expect(attrs == ["</script>": "<svg onload=alert(4)>"])
        let problems = try #require(summary["problems"] as? [[String]])
        #expect(problems == [["warning", "<img src=x>.ndjson: warning: <b>bold</b>"]])
    }

    @Test func thePageFetchesNothing() throws {
        let (_, html) = try Self.hostileReport()
        #expect(html.contains("content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\""))
        for reference in ["src=\"http", "href=\"http", "@import", "url(http", "<link"] {
            #expect(!html.contains(reference))
        }
    }

    @Test func aReportWithoutTimelinesStillRendersItsFindings() throws {
        var (report, _) = try Self.hostileReport()
        report.timelines = nil
        let html = ReportFormat.html.render(report)
        #expect(html.contains(#""complete":false"#))
        #expect(!html.contains("id=\"launch-0\""))
        #expect(html.contains(#""x.never","violated","error""#))
        #expect(
            html.contains(#"[["offending",-1,-1,1,"sceneDidBecomeActive(_:)","t.ndjson:2"]]"#),
            "a witness on no timeline keeps its seq, event and place")
    }
}
