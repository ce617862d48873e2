import LifelineStore
import Testing

@testable import LifelineREPL

@Suite("layout: tables and timelines at a width")
struct LayoutTests {
    @Test("at a terminal, rows after the measured sample keep the sample's widths and are cut with an ellipsis")
    func streamingTable() {
        let sink = TextSink(isTerminal: true)
        let printer = ResultPrinter(
            columns: ["n", "text"], settings: .init(format: OutputFormat(mode: .table), sampleSize: 2), sink: sink)
        printer.add([.integer(1), .text("ab")])
        printer.add([.integer(2), .text("abcd")])
        printer.add([.integer(300), .text("abcdefgh")])
        printer.finish()
        #expect(
            sink.text == """
                +---+------+
                | n | text |
                +---+------+
                | 1 | ab   |
                | 2 | abcd |
                | … | abc… |
                +---+------+

                """)
    }

    @Test("off a terminal every row is measured: nothing is cut, however late the widest row comes")
    func nothingCutOffTerminal() {
        let sink = TextSink()
        let printer = ResultPrinter(columns: ["n", "text"], settings: .init(format: OutputFormat(mode: .box)), sink: sink)
        for index in 1...150 { printer.add([.integer(Int64(index)), .text("ab")]) }
        printer.add([.integer(151), .text(String(repeating: "x", count: 200))])
        printer.finish()
        #expect(sink.text.contains("│ 151 │ " + String(repeating: "x", count: 200) + " │\n"))
        #expect(!sink.text.contains("…"))
    }

    @Test("a markdown cell's '|' is written '\\|' and its column is as wide as what is written, so nothing is cut")
    func markdownPipes() {
        let sink = TextSink()
        let printer = ResultPrinter(columns: ["x", "y"], settings: .init(format: OutputFormat(mode: .markdown)), sink: sink)
        printer.add([.text("a|b"), .text("cc")])
        printer.finish()
        #expect(sink.text == "|  x   | y  |\n|------|----|\n| a\\|b | cc |\n")
    }

    @Test("NULL and the text 'NULL' differ in every screen mode, as in sqlite3", arguments: OutputMode.allCases.filter(\.isAligned))
    func nullDiffersFromText(_ mode: OutputMode) {
        func printed(_ value: ResultValue) -> String {
            let sink = TextSink()
            let printer = ResultPrinter(columns: ["a"], settings: .init(format: OutputFormat(mode: mode)), sink: sink)
            printer.add([value])
            printer.finish()
            return sink.text
        }
        #expect(printed(.null) != printed(.text("NULL")))
    }

    @Test("a table wider than the terminal cuts its widest columns, never below their headers")
    func fitting() {
        let sink = TextSink()
        let printer = ResultPrinter(
            columns: ["id", "description"], settings: .init(format: OutputFormat(mode: .column), width: 20), sink: sink)
        printer.add([.integer(1), .text(String(repeating: "x", count: 40))])
        printer.finish()
        #expect(sink.text == "id    description\n--  ----------------\n 1  xxxxxxxxxxxxxxx…\n")
    }

    @Test("timeline labels are cut before their durations")
    func timelineLabel() {
        let row = TimelineRow(
            seq: 1, offset: 0, lane: 0, name: "sceneDidEnterBackground", kind: .span(duration: 60_000_000),
            state: "background", depth: 1)
        #expect(row.label == "  sceneDidEnterBackground (60.0ms)")
        #expect(row.label(width: 24) == "  sceneDidEnte… (60.0ms)")
    }

    @Test(
        "durations and offsets read at a glance",
        arguments: [
            (Int64(850_000), "850µs"), (12_000_000, "12.0ms"), (1_250_000_000, "1.250s"),
        ])
    func durations(_ nanoseconds: Int64, _ text: String) {
        #expect(LifecycleFormat.duration(nanoseconds) == text)
    }
}

@Suite("timeline excerpts (for explaining a violation)")
struct TimelineWindowTests {
    @Test("a window around witness events keeps their neighbours and lanes, and marks them")
    func window() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let session = try SQLSession(path: fixture.path("lifeline.db"))
        let timeline = try #require(try Timeline.load(session, launchID: 1))
        // 18 is the end of the sceneDidEnterBackground span that begins at 16.
        let excerpt = timeline.window(around: [18, 19], context: 1)
        #expect(excerpt.rows.map(\.seq) == [15, 16, 17, 19, 20])
        #expect(excerpt.lanes == ["S1", "S2"])
        let text = TimelineRenderer(width: nil, marked: [18, 19]).render(excerpt)
        #expect(
            text.split(separator: "\n").dropFirst(2).map { String($0.prefix(7)) } == [
                "   15  ", ">  16  ", "   17  ", ">  19  ", "   20  ",
            ])
        #expect(timeline.window(around: [999], context: 2).rows.isEmpty)
    }
}

@Suite("timelines on narrow terminals")
struct TimelineNarrowTests {
    @Test(
        "at 80 and 60 columns a launch of several scenes stacks its lanes: every callback whole, every duration kept, every line fits",
        arguments: [80, 60])
    func stacked(_ width: Int) throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let session = try SQLSession(path: fixture.path("lifeline.db"))
        let timeline = try #require(try Timeline.load(session, launchID: 1))
        let lines = TimelineRenderer(width: width).render(timeline).split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= width }, "\(lines)")
        #expect(!lines.contains { $0.contains("…") }, "\(lines)")
        let header = try #require(lines.first { $0.hasPrefix("seq") })
        #expect(header.split(separator: " ") == ["seq", "time", "lane", "callback", "state"])
        #expect(lines.contains { $0.contains("app   didFinishLaunching (18.0ms)") })
        let background =
            width == 80 ? "S1    sceneDidEnterBackground (60.0ms)  background" : "S1    didEnterBackground (60.0ms)  background"
        #expect(lines.contains { $0.hasSuffix(background) }, "\(lines)")
        #expect(lines.contains { $0.contains("S2    ") })
    }

    @Test("callbacks are abbreviated as a person would: the lane says the delegate, Fg and Bg; app events keep their names")
    func abbreviations() {
        #expect(LifecycleFormat.abbreviated("sceneDidBecomeActive", level: 1) == "didBecomeActive")
        #expect(LifecycleFormat.abbreviated("applicationWillTerminate", level: 1) == "willTerminate")
        #expect(LifecycleFormat.abbreviated("sceneWillEnterForeground", level: 2) == "willEnterFg")
        #expect(LifecycleFormat.abbreviated("configurationForConnecting", level: 2) == "configForConnecting")
        #expect(LifecycleFormat.abbreviated("sceneDidEnterBackground", level: 0) == "sceneDidEnterBackground")
        #expect(LifecycleFormat.abbreviated("scene.reload", level: 2) == "scene.reload")
    }

    @Test("a narrow terminal shortens the foreground states, then cuts names but keeps durations", arguments: [100, 120])
    func narrow(_ width: Int) throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let session = try SQLSession(path: fixture.path("lifeline.db"))
        let timeline = try #require(try Timeline.load(session, launchID: 1))
        let lines = TimelineRenderer(width: width).render(timeline).split(separator: "\n").dropFirst()
        #expect(lines.allSatisfy { $0.count <= width }, "\(lines)")
        #expect(lines.contains { $0.contains("(18.0ms)") && $0.contains("didFinis") })
        #expect(lines.contains { $0.hasSuffix("inactive") && !$0.contains("foregroundInactive") })
    }
}
