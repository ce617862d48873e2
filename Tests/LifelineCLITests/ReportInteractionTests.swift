import Foundation
import LifelineTestSupport
import Testing

/// The HTML report's timeline under a real mouse and keyboard: Chromium, headless, driven through the
/// DevTools protocol (`Browser/devtools.py`, on a pipe), gets the wheel, drag, hover and key events a
/// person's input makes, and the test reads back where the page drew things. An integration test
/// (``Integration``): skipped where chromium or python3 is missing, unless
/// `LIFELINE_INTEGRATION=require` (`.ci/run`, which installs them).
@Suite(
    "the HTML report's timeline under the mouse",
    .enabled(if: Integration.has("chromium", "python3"), Comment(rawValue: Integration.wants("chromium", "python3"))))
struct ReportInteractionTests {
    /// What one step of the driver returned.
    struct StepResult {
        var value: Any?
    }

    /// Where an event's bar or mark is drawn, in the page's CSS pixels: its left edge, vertical centre and width.
    struct Box: Equatable {
        var x: Double
        var y: Double
        var width: Double

        /// The horizontal centre, where the driver points when it names the element.
        var centre: Double { x + width / 2 }
    }

    static let driver = CheckCommandTests.repository.appendingPathComponent("Tests/LifelineCLITests/Browser/devtools.py")

    /// Runs the steps against `page#fragment` and returns one result per step.
    static func drive(_ page: URL, fragment: String, _ steps: [[String: Any]], directory: URL) throws -> [StepResult] {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
        let run = try LifelineCommandTests.run(
            [
                "timeout", "180", "python3", driver.path, directory.appendingPathComponent("profile").path,
                page.absoluteString + fragment, json,
            ], executable: URL(fileURLWithPath: "/usr/bin/env"))
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let objects = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
        }
        if let failure = objects.compactMap({ $0["error"] as? String }).first {
            Issue.record("the browser step failed: \(failure)\n\(run.stderr.suffix(2000))")
        }
        try #require(run.status == 0, "devtools.py exited \(run.status): \(run.stderr.suffix(2000))")
        try #require(objects.count == steps.count, "\(objects.count) results for \(steps.count) steps")
        return objects.map { StepResult(value: $0["value"] is NSNull ? nil : $0["value"]) }
    }

    /// A page expression: the box of the bar or mark drawing event `index` of the open launch (nil when not drawn).
    static func box(ofEvent index: Int) -> [String: Any] {
        [
            "eval": """
            (function () { var e = document.querySelector('svg.lanes [data-e="\(index)"]'); if (!e) return null;
              var r = e.getBoundingClientRect(); return [r.left, r.top + r.height / 2, r.width]; })()
            """
        ]
    }

    static func decodeBox(_ result: StepResult) throws -> Box {
        let numbers = try #require(result.value as? [Double], "the event is not drawn: \(String(describing: result.value))")
        return Box(x: numbers[0], y: numbers[1], width: numbers[2])
    }

    /// Writes the report of `traces/cold-launch.ndjson` (one launch, an app lane and session S1) into `directory`.
    static func coldLaunchReport(in directory: URL) throws -> URL {
        let page = directory.appendingPathComponent("report.html")
        let written = try LifelineCommandTests.run(
            ["report", "traces/cold-launch.ndjson", "--no-local-rules", "-o", page.path], in: CheckCommandTests.repository)
        try #require(written.status == 0, "\(written.stderr)")
        return page
    }

    // cold-launch.ndjson: event 13 is sceneDidBecomeActive's begin (seq 14, 0.198 s), event 17 is
    // sceneWillResignActive's begin (seq 18, 12.348 s), both bars in S1's lane; the launch spans 42.8 s.
    // The 12 s and 30 s without events are drawn as idle breaks (docs/report.md), so 13 is left of the
    // plot's middle and 17 right of it. (Events 15 and 16 are the recorder's first frame and the app's
    // fully displayed mark.)
    static let active = 13
    static let resign = 17

    static let svg = "svg.lanes"
    static func bar(_ index: Int) -> String { "svg.lanes [data-e=\"\(index)\"]" }
    static var scrolled: [[String: Any]] {
        [["eval": "document.querySelector('svg.lanes').scrollIntoView({ block: 'start' }); true"], ["frames": 2]]
    }
    static var errors: [String: Any] { ["eval": "document.documentElement.getAttribute('data-errors')"] }

    @Test func theWheelZoomsAboutThePointerAndADragPansByWhatTheMouseMoved() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = try Self.coldLaunchReport(in: directory)
        // Measure; wheel over the first bar; measure; drag 150 px right along the time axis (nothing
        // there to hover or click), in two moves; measure.
        let results = try Self.drive(
            page, fragment: "#launch=1",
            Self.scrolled + [
                Self.box(ofEvent: Self.active), Self.box(ofEvent: Self.resign),
                ["wheel": -300, "element": Self.bar(Self.active)], ["frames": 3],
                Self.box(ofEvent: Self.active), Self.box(ofEvent: Self.resign),
                ["mouse": "pressed", "element": Self.svg, "align": [0, 0], "dx": 600, "dy": 12],
                ["mouse": "moved", "element": Self.svg, "align": [0, 0], "dx": 680, "dy": 12, "dragging": true],
                ["mouse": "moved", "element": Self.svg, "align": [0, 0], "dx": 750, "dy": 12, "dragging": true],
                ["mouse": "released", "element": Self.svg, "align": [0, 0], "dx": 750, "dy": 12], ["frames": 3],
                Self.box(ofEvent: Self.active), Self.box(ofEvent: Self.resign), Self.errors,
            ],
            directory: directory)
        let active = try Self.decodeBox(results[2])
        let resign = try Self.decodeBox(results[3])
        #expect(resign.x - active.x > 100, "the two bars are apart at the start: \(active) \(resign)")
        // The page zooms by e^(-deltaY × 0.0025) about the pointer: the bar under it stays, the gap grows 2.117×.
        let zoomedActive = try Self.decodeBox(results[6])
        let zoomedResign = try Self.decodeBox(results[7])
        let factor = (zoomedResign.x - zoomedActive.x) / (resign.x - active.x)
        #expect(abs(factor - exp(0.75)) < 0.01, "zoomed by \(factor), expected \(exp(0.75))")
        // The page gets the pointer in whole CSS pixels (MouseEvent.clientX): the time under that pixel stays.
        let pointer = active.centre.rounded(.down)
        let expected = pointer + (active.x - pointer) * exp(0.75)
        #expect(abs(zoomedActive.x - expected) < 0.5, "the time under the pointer stays put: \(zoomedActive.x), expected \(expected)")
        // A drag of 150 px pans the time axis by 150 px: every bar moves with the mouse.
        let pannedActive = try Self.decodeBox(results[13])
        let pannedResign = try Self.decodeBox(results[14])
        #expect(abs(pannedActive.x - zoomedActive.x - 150) < 0.5, "panned by \(pannedActive.x - zoomedActive.x)")
        #expect(abs(pannedResign.x - zoomedResign.x - 150) < 0.5, "panned by \(pannedResign.x - zoomedResign.x)")
        #expect(results[15].value == nil, "the page recorded errors: \(String(describing: results[15].value))")
    }

    @Test func hoveringAnEventShowsItsDetailsAndLeavingHidesThem() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = try Self.coldLaunchReport(in: directory)
        let tip = "(function () { var t = document.getElementById('tip'); return [t.hidden, t.innerText]; })()"
        // `#launch=1&event=3` opens the launch zoomed to its third event, didFinishLaunching's begin
        // (seq 3, ended by seq 6, with attrs state=inactive), a bar in the app lane.
        let results = try Self.drive(
            page, fragment: "#launch=1&event=3",
            [
                ["frames": 2], ["eval": tip],
                ["mouse": "moved", "element": Self.bar(2)], ["frames": 1], ["eval": tip],
                ["mouse": "moved", "x": 4, "y": 4], ["frames": 1], ["eval": tip], Self.errors,
            ],
            directory: directory)
        let before = try #require(results[1].value as? [Any])
        #expect(before[0] as? Bool == true, "no details before the mouse comes")
        let shown = try #require(results[4].value as? [Any])
        #expect(shown[0] as? Bool == false, "hovering shows the event's details")
        let text = try #require(shown[1] as? String)
        for expected in [
            "application(_:didFinishLaunchingWithOptions:)", "phase begin … end", "seq 3 … 6", "duration 28.5 ms",
            "thread main", "attrs.state inactive", "at traces/cold-launch.ndjson:4",
        ] {
            #expect(text.contains(expected), "the tooltip lacks '\(expected)': \(text)")
        }
        let left = try #require(results[7].value as? [Any])
        #expect(left[0] as? Bool == true, "leaving the timeline hides the details")
        #expect(results[8].value == nil, "the page recorded errors: \(String(describing: results[8].value))")
    }

    @Test func theLaunchsPhasesAreABandAboveTheLanesInTimeOrderWithTheSlowestOutlined() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("slow.html")
        let written = try LifelineCommandTests.run(
            ["report", "traces/slow-launch.ndjson", "--no-local-rules", "-o", page.path], in: CheckCommandTests.repository)
        try #require(written.status == 0, "\(written.stderr)")
        let results = try Self.drive(
            page, fragment: "#launch=1",
            Self.scrolled + [
                [
                    "eval": """
                    Array.prototype.map.call(document.querySelectorAll('svg.lanes [data-phase]'), function (r) {
                      var b = r.getBoundingClientRect(); return [r.getAttribute('data-phase'), b.left, b.right, b.bottom, r.classList.contains('slowest')]; })
                    """
                ],
                [
                    "eval": """
                    (function () { var b = document.querySelector('svg.lanes [data-lane="app"]').getBoundingClientRect(); return b.top; })()
                    """
                ],
                Self.errors,
            ],
            directory: directory)
        let phases = try #require(results[2].value as? [[Any]])
        #expect(
            phases.map { $0[0] as? String } == [
                "pre-main", "UIKit start", "willFinishLaunching", "didFinishLaunching", "after didFinishLaunching",
                "scene connection", "entering foreground", "first frame", "fully displayed",
            ])
        // In time order, each from where the one before it ended; the slowest, didFinishLaunching, outlined and widest.
        let lefts = phases.compactMap { $0[1] as? Double }, rights = phases.compactMap { $0[2] as? Double }
        #expect(zip(lefts, lefts.dropFirst()).allSatisfy { $0 <= $1 + 0.5 })
        #expect(phases.filter { $0[4] as? Bool == true }.map { $0[0] as? String } == ["didFinishLaunching"])
        let widths = zip(lefts, rights).map { $1 - $0 }
        #expect(widths.max() == widths[3])
        // Above the lanes.
        let laneTop = try #require(results[3].value as? Double)
        #expect(phases.allSatisfy { ($0[3] as? Double ?? .infinity) <= laneTop + 1 })
        #expect(results[4].value == nil, "the page recorded errors: \(String(describing: results[4].value))")
    }

    @Test func plusZoomsInAndZeroFitsTheWholeLaunchAgain() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = try Self.coldLaunchReport(in: directory)
        let results = try Self.drive(
            page, fragment: "#launch=1",
            Self.scrolled + [
                Self.box(ofEvent: Self.active), Self.box(ofEvent: Self.resign),
                ["key": "+"], ["frames": 3], Self.box(ofEvent: Self.active), Self.box(ofEvent: Self.resign),
                ["key": "0"], ["frames": 3], Self.box(ofEvent: Self.active), Self.box(ofEvent: Self.resign),
            ],
            directory: directory)
        let fit = (try Self.decodeBox(results[2]), try Self.decodeBox(results[3]))
        let zoomed = (try Self.decodeBox(results[6]), try Self.decodeBox(results[7]))
        let again = (try Self.decodeBox(results[10]), try Self.decodeBox(results[11]))
        // '+' zooms about the plot's middle: both bars, either side of it, stay in view.
        let factor = (zoomed.1.x - zoomed.0.x) / (fit.1.x - fit.0.x)
        #expect(abs(factor - 1.5) < 0.01, "'+' zooms 1.5×, got \(factor)")
        #expect(
            abs(again.0.x - fit.0.x) < 0.5 && abs(again.1.x - fit.1.x) < 0.5,
            "'0' shows the whole launch as at first: \(fit) → \(again)")
    }
}
