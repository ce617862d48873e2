import Foundation
import LifelineTestSupport
import Testing

/// A launch's page in a real browser, driven as ``ReportInteractionTests`` drives it: idle stretches drawn
/// as labelled breaks under one time map for every part of the timeline, marks named where their names
/// fit, and scene lanes named by what the trace says they are. An integration test (``Integration``).
@Suite(
    "the report's launch page: idle breaks, mark labels, lane names",
    .enabled(if: Integration.has("chromium", "python3"), Comment(rawValue: Integration.wants("chromium", "python3"))))
struct ReportLaunchPageTests {
    typealias Page = ReportInteractionTests

    /// Writes the report of `traces` (paths in the repository) into `directory`.
    static func report(_ traces: [String], in directory: URL) throws -> (page: URL, html: String) {
        let page = directory.appendingPathComponent("report.html")
        let written = try LifelineCommandTests.run(
            ["report"] + traces + ["--no-local-rules", "-o", page.path], in: CheckCommandTests.repository)
        try #require(written.status == 0, "\(written.stderr)")
        return (page, try String(contentsOf: page, encoding: .utf8))
    }

    /// Every drawn event of the open launch: its index and where it is anchored (a bar's left edge, a mark's centre).
    static var anchors: [String: Any] {
        [
            "eval": """
            Array.prototype.map.call(document.querySelectorAll('svg.lanes [data-e]'), function (e) {
              var r = e.getBoundingClientRect();
              return [parseInt(e.getAttribute('data-e'), 10), e.tagName === 'rect' ? r.left : r.left + r.width / 2]; })
            """
        ]
    }
    /// The idle breaks: their label, real start and end (ns since the first event), left edge and width.
    static var breaks: [String: Any] {
        [
            "eval": """
            Array.prototype.map.call(document.querySelectorAll('svg.lanes g.idle'), function (g) {
              var r = g.querySelector('rect').getBoundingClientRect();
              return [g.getAttribute('data-idle'), g.getAttribute('data-from'), g.getAttribute('data-to'), r.left, r.width]; })
            """
        ]
    }
    static var axisBreakLabels: [String: Any] {
        [
            "eval": "Array.prototype.map.call(document.querySelectorAll('svg.lanes .idle-label'), function (t) { return t.textContent; })"
        ]
    }
    static var phases: [String: Any] {
        [
            "eval": """
            Array.prototype.map.call(document.querySelectorAll('svg.lanes [data-phase]'), function (r) {
              return [r.getAttribute('data-phase'), r.getBoundingClientRect().left]; })
            """
        ]
    }
    /// The mark labels drawn: the event each names, its text, its left and right edges and its vertical centre.
    static var markLabels: [String: Any] {
        [
            "eval": """
            Array.prototype.map.call(document.querySelectorAll('svg.lanes .mark-label'), function (t) {
              var r = t.getBoundingClientRect();
              return [parseInt(t.getAttribute('data-label-for'), 10), t.textContent, r.left, r.right, r.top + r.height / 2]; })
            """
        ]
    }

    /// The anchors of `result`, keyed by event index.
    static func anchorsByEvent(_ result: ReportInteractionTests.StepResult) throws -> [Int: Double] {
        let pairs = try #require(result.value as? [[Any]])
        var anchors: [Int: Double] = [:]
        for pair in pairs {
            if let index = pair[0] as? Int, let x = pair[1] as? Double { anchors[index] = x }
        }
        return anchors
    }

    /// Whether the events' anchors run left to right in the order of their times (`times[i]`: event i's).
    static func inTimeOrder(_ anchors: [Int: Double], times: [Int64]) -> Bool {
        let ordered = anchors.sorted { times[$0.key] < times[$1.key] || (times[$0.key] == times[$1.key] && $0.key < $1.key) }
        return zip(ordered, ordered.dropFirst()).allSatisfy { $0.value <= $1.value + 0.5 }
    }

    static func times(launch: Int, in html: String) throws -> [Int64] {
        let events = try #require(try ReportCommandTests.data("launch-\(launch)", in: html)["e"] as? [[Any]])
        return try events.map { try #require(($0[1] as? NSNumber)?.int64Value) }
    }

    @Test func aPrewarmedLaunchsWaitIsANarrowBreakNamedWithItsRealLengthAndEverythingAgreesAcrossIt() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (page, html) = try Self.report(["traces/prewarm.ndjson"], in: directory)
        let times = try Self.times(launch: 0, in: html)
        let tip = "(function () { var t = document.getElementById('tip'); return [t.hidden, t.innerText]; })()"
        // Event 8 is willConnectTo's begin, 45 min after the first event; event 2 didFinishLaunching's begin.
        let results = try Page.drive(
            page, fragment: "#launch=1",
            Page.scrolled + [
                Self.breaks, Self.axisBreakLabels, Self.anchors, Self.phases, Page.box(ofEvent: 2), Page.box(ofEvent: 8),
                ["mouse": "moved", "element": Page.bar(8)], ["frames": 1], ["eval": tip], Self.markLabels, Page.errors,
            ],
            directory: directory)
        // Two idle stretches: the wait for the user (from didFinishLaunching's end to the first event after it)
        // and the 20 s the user spent in the app, each a break a few dozen pixels wide, named on the axis.
        let breaks = try #require(results[2].value as? [[Any]])
        #expect(breaks.map { $0[0] as? String } == ["45 min idle", "20 s idle"])
        #expect(breaks.first?[1] as? String == "36944000" && breaks.first?[2] as? String == "2700037954000", "\(breaks)")
        for width in breaks.compactMap({ $0[4] as? Double }) { #expect(width > 30 && width < 64, "a break is \(width) px wide") }
        #expect(try #require(results[3].value as? [String]) == ["45 min idle", "20 s idle"])
        // Every event lies left to right in time order, on both sides of the breaks; the 190 ms before the wait
        // and the 310 ms after it take hundreds of pixels, not one.
        let anchors = try Self.anchorsByEvent(results[4])
        let events = try #require(try ReportCommandTests.data("launch-0", in: html)["e"] as? [[Any]])
        let drawn = events.filter { ($0[2] as? Int ?? 0) & 3 != 2 }
        #expect(anchors.count == drawn.count, "one mark or bar per begin or instant event: \(anchors.count)")
        #expect(Self.inTimeOrder(anchors, times: times))
        let firstBreak = try #require(breaks.first?[3] as? Double), secondBreak = try #require(breaks.last?[3] as? Double)
        let willConnect = try Page.decodeBox(results[7]), didFinish = try Page.decodeBox(results[6])
        #expect(willConnect.x > firstBreak + 30 && willConnect.x < secondBreak - 200, "willConnectTo at \(willConnect.x)")
        #expect(firstBreak - didFinish.x > 20, "didFinishLaunching at \(didFinish.x), the break at \(firstBreak)")
        // The phase band is drawn with the same map: each phase starts where the event that starts it is drawn.
        let phases = Dictionary(
            try #require(results[5].value as? [[Any]]).compactMap { p in (p[0] as? String).map { ($0, p[1] as? Double ?? .nan) } }
        ) { a, _ in a }
        #expect(abs((phases["didFinishLaunching"] ?? .nan) - didFinish.x) < 1, "\(phases) vs \(didFinish)")
        #expect(abs((phases["scene connection"] ?? .nan) - willConnect.x) < 1, "\(phases) vs \(willConnect)")
        // Hovering gives the real time, 45 minutes in.
        let shown = try #require(results[10].value as? [Any])
        let text = try #require(shown[1] as? String)
        #expect(text.contains("time 2700.04 s after the first event"), "\(text)")
        // A short callback far from its neighbours is named: sceneDidBecomeActive (event 14).
        let labels = try #require(results[11].value as? [[Any]])
        #expect(labels.contains { $0[0] as? Int == 14 && $0[1] as? String == "sceneDidBecomeActive" }, "\(labels)")
        #expect(results[12].value == nil, "the page recorded errors: \(String(describing: results[12].value))")
    }

    @Test func aResumeFromTheBackgroundIsOnThePhaseBandAtItsTimeAndSaidInALine() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (page, _) = try Self.report(["traces/cold-launch.ndjson"], in: directory)
        let resumes = """
            Array.prototype.map.call(document.querySelectorAll('svg.lanes [data-resume]'), function (r) {
              var b = r.getBoundingClientRect();
              return [r.getAttribute('data-resume'), r.querySelector('title').textContent, b.left, b.width]; })
            """
        // Event 18 is the sceneWillEnterForeground that begins the resume, after 30 s in the background.
        let results = try Page.drive(
            page, fragment: "#launch=1",
            Page.scrolled + [
                ["eval": resumes], ["eval": "document.querySelector('p.resumed').textContent"], Self.anchors, Page.errors,
            ],
            directory: directory)
        let drawn = try #require(results[2].value as? [[Any]])
        #expect(drawn.count == 1)
        #expect(drawn.first?[0] as? String == "0x15c4f74f0")
        #expect(
            drawn.first?[1] as? String == "resume of scene 0x15c4f74f0 after 30.04 s in the background: active in 22.2 ms",
            "\(drawn)")
        #expect(
            results[3].value as? String
                == "resumed: 1 resume from the background: scene 0x15c4f74f0 after 30.0 s, active in 22.2 ms")
        // Drawn where the scene's return is drawn, under the same time map as the lanes.
        let anchors = try Self.anchorsByEvent(results[4])
        let left = try #require(drawn.first?[2] as? Double)
        let html = try String(contentsOf: page, encoding: .utf8)
        let data = try ReportCommandTests.data("launch-0", in: html)
        let events = try #require(data["e"] as? [[Any]]), strings = try #require(data["s"] as? [String])
        // The last sceneWillEnterForeground's begin (an end, kind 2, is not drawn on its own).
        let returning = try #require(
            events.indices.last { index in
                let name = events[index][3] as? Int ?? -1
                return (events[index][2] as? Int ?? 0) & 3 != 2 && strings.indices.contains(name)
                    && strings[name].hasPrefix("sceneWillEnterForeground")
            })
        #expect(abs((anchors[returning] ?? .nan) - left) < 1.5, "resume at \(left), its event at \(String(describing: anchors[returning]))")
        #expect(results[5].value == nil, "the page recorded errors: \(String(describing: results[5].value))")
    }

    @Test func linearTimeDrawsTheWaitToScaleAndTheToggleBringsTheBreaksBack() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (page, html) = try Self.report(["traces/background-launch.ndjson"], in: directory)
        let times = try Self.times(launch: 1, in: html)
        let mode = "document.querySelector('svg.lanes').getAttribute('data-time')"
        let click: [[String: Any]] = [
            ["eval": "document.querySelector('button.linear').scrollIntoView({ block: 'center' }); true"], ["frames": 1],
            ["mouse": "pressed", "element": "button.linear"], ["mouse": "released", "element": "button.linear"], ["frames": 3],
        ]
        // The second launch: launched in the background, opened by the user 5 min later. Event 6 is the
        // background fetch, a 1.3 s bar before the wait.
        let measure: [[String: Any]] = [["eval": mode], Self.breaks, Self.anchors, Page.box(ofEvent: 6)]
        let results = try Page.drive(
            page, fragment: "#launch=2",
            Page.scrolled + measure + click + measure + click + [["eval": mode], Self.breaks, Page.errors],
            directory: directory)
        #expect(results[2].value as? String == "compressed")
        let compressed = try #require(results[3].value as? [[Any]])
        #expect(compressed.map { $0[0] as? String } == ["5.0 min idle"], "\(compressed)")
        #expect(results[11].value as? String == "linear")
        #expect(try #require(results[12].value as? [[Any]]).isEmpty, "no break in linear time")
        #expect(Self.inTimeOrder(try Self.anchorsByEvent(results[4]), times: times))
        #expect(Self.inTimeOrder(try Self.anchorsByEvent(results[13]), times: times))
        // Compressed, the fetch had room; to scale, 1.3 s of 5 min is a few pixels.
        let fetch = try Page.decodeBox(results[5]), fetchToScale = try Page.decodeBox(results[14])
        #expect(fetch.width > 300 && fetchToScale.width < 10, "compressed \(fetch.width) px, linear \(fetchToScale.width) px")
        // And back.
        #expect(results[20].value as? String == "compressed")
        #expect(try #require(results[21].value as? [[Any]]).count == compressed.count)
        #expect(results[22].value == nil, "the page recorded errors: \(String(describing: results[22].value))")
    }

    @Test func marksAreNamedWhereTheNameFitsAndNotWhereItWouldRunIntoTheNextOne() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // alpha and bravo 0.2 ms apart, the memory warning (a callback: a diamond) and charlie alone, delta at the end.
        let trace = directory.appendingPathComponent("marks.ndjson")
        try """
        {"lifeline":1,"type":"launch","launch":"M1","app":"com.example.Marks","lifecycle":"scene"}
        {"seq":1,"t":0,"event":"application(_:didFinishLaunchingWithOptions:)","phase":"begin","thread":"main"}
        {"seq":2,"t":10000000,"event":"application(_:didFinishLaunchingWithOptions:)","phase":"end","thread":"main"}
        {"seq":3,"t":50000000,"event":"alpha.mark","thread":"main"}
        {"seq":4,"t":50200000,"event":"bravo.mark","thread":"main"}
        {"seq":5,"t":100000000,"event":"applicationDidReceiveMemoryWarning(_:)","thread":"main"}
        {"seq":6,"t":150000000,"event":"charlie.mark","thread":"main"}
        {"seq":7,"t":160000000,"event":"scene(_:willConnectTo:options:)","session":"S7","scene":"0x7","thread":"main"}
        {"seq":8,"t":200000000,"event":"delta.mark","thread":"main"}

        """.write(to: trace, atomically: true, encoding: .utf8)
        let page = directory.appendingPathComponent("marks.html")
        let written = try LifelineCommandTests.run(["report", trace.path, "--no-local-rules", "-o", page.path], in: directory)
        try #require(written.status == 0, "\(written.stderr)")
        let wheel: [[String: Any]] = (0..<7).flatMap { _ in [["wheel": -300, "element": Page.bar(2)], ["frames": 1]] as [[String: Any]] }
        let results = try Page.drive(
            page, fragment: "#launch=1",
            Page.scrolled + [Self.markLabels, Self.lanes] + wheel + [["frames": 2], Self.markLabels, Page.errors], directory: directory)
        // S7's events say nothing about it: its lane is named by its id.
        let lanes = try #require(results[3].value as? [[String]])
        #expect(lanes.map { $0[0] } == ["app", "S7"], "\(lanes)")
        let whole = try #require(results[2].value as? [[Any]])
        let named = Dictionary(whole.compactMap { l in (l[0] as? Int).map { ($0, l[1] as? String ?? "") } }) { a, _ in a }
        // alpha's name would run into bravo: left out; bravo, the diamond and charlie have room. delta's name
        // would run off the plot. The diamond's label drops UIKit's `(_:)`.
        #expect(named[2] == nil, "alpha is not named: \(named)")
        #expect(named[3] == "bravo.mark" && named[5] == "charlie.mark", "\(named)")
        #expect(named[4] == "applicationDidReceiveMemoryWarning", "\(named)")
        #expect(named[7] == nil, "delta is not named: \(named)")
        // No two labels in a row overlap.
        for (a, b) in zip(whole, whole.dropFirst()) where abs((a[4] as? Double ?? 0) - (b[4] as? Double ?? 1)) < 1 {
            #expect((a[3] as? Double ?? .infinity) <= (b[2] as? Double ?? -.infinity), "\(a) overlaps \(b)")
        }
        // Zoomed in about alpha, the two are far enough apart for both names.
        let zoomed = try #require(results[results.count - 2].value as? [[Any]])
        let zoomedNames = Set(zoomed.compactMap { $0[0] as? Int })
        #expect(zoomedNames.isSuperset(of: [2, 3]), "\(zoomed)")
        #expect(results.last?.value == nil, "the page recorded errors: \(String(describing: results.last?.value))")
    }

    /// The lane labels of the open launch: each one's name, the line beneath it and its tooltip.
    static var lanes: [String: Any] {
        [
            "eval": """
            Array.prototype.map.call(document.querySelectorAll('svg.lanes .lane-label:not(.phase-title)'), function (t) {
              return [t.firstChild.textContent, t.nextSibling ? t.nextSibling.textContent : '', t.querySelector('title').textContent]; })
            """
        ]
    }

    @Test func sceneLanesAreNamedByTheirRoleWithTheSessionIdBeneath() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (page, _) = try Self.report(["traces/ipad-multiwindow.ndjson"], in: directory)
        let results = try Page.drive(
            page, fragment: "#launch=1",
            Page.scrolled + [Self.lanes, ["eval": "location.hash = '#launch=2'; true"], ["frames": 3], Self.lanes, Page.errors],
            directory: directory)
        let ipad = try #require(results[2].value as? [[String]])
        // Three windows of one role, numbered as they appear; S1 and S3 reconnect restored later in the launch.
        #expect(ipad.map { $0[0] } == ["app", "window 1 (restored)", "window 2", "window 3 (restored)"])
        #expect(ipad.dropFirst().map { $0[1].prefix(5) } == ["S1 · ", "S2 · ", "S3 · "], "\(ipad)")
        #expect(ipad[1][2].contains("scene session S1") && ipad[1][2].contains("role UIWindowSceneSessionRoleApplication"), "\(ipad[1])")
        // The relaunch has one window: not numbered.
        let relaunch = try #require(results[5].value as? [[String]])
        #expect(relaunch.map { $0[0] } == ["app", "window"], "\(relaunch)")
        #expect(results[6].value == nil, "the page recorded errors: \(String(describing: results[6].value))")
    }

    /// A SwiftUI app without a scene delegate has no scene lane: its app lane shows its states from its
    /// phases (the app's, and a view's first reading before them), as its anatomy reads them.
    @Test func aSwiftUIAppsLaneShowsItsStatesFromItsScenePhases() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("swiftui.ndjson")
        try SwiftUICommandTests.trace.write(to: trace, atomically: true, encoding: .utf8)
        let (page, _) = try Self.report([trace.path], in: directory)
        let bands: [String: Any] = [
            "eval": """
            Array.prototype.map.call(document.querySelectorAll('svg.lanes rect.band'), function (r) { return r.getAttribute('data-state'); })
            """
        ]
        let results = try Page.drive(page, fragment: "#launch=1", Page.scrolled + [bands, Self.lanes, Page.errors], directory: directory)
        // Inactive (the view's first reading), active, straight to the background (the app's phase skips
        // inactive: the trace's warning), back through inactive to active, inactive; the last background
        // begins at the trace's last event and has no width.
        #expect(
            results[2].value as? [String] == [
                "foregroundInactive", "foregroundActive", "background", "foregroundInactive", "foregroundActive", "foregroundInactive",
            ], "\(String(describing: results[2].value))")
        #expect((results[3].value as? [[String]])?.map { $0[0] } == ["app"])
        #expect(results[4].value == nil, "the page recorded errors: \(String(describing: results[4].value))")
    }
}
