import Foundation
import LifelineTestSupport
import Testing

/// The HTML report in a real browser: Debian's `chromium`, headless, loads a report written by the
/// binary and dumps the DOM its script drew. An integration test (``Integration``): skipped where
/// chromium is missing, unless `LIFELINE_INTEGRATION=require` (`.ci/run`, which installs it).
@Suite("lifeline report in a browser", .enabled(if: Integration.has("chromium"), Comment(rawValue: Integration.wants("chromium"))))
struct ReportBrowserTests {
    /// A headless Chromium with a profile of its own in `directory`.
    struct Chromium {
        var directory: URL

        /// Opens `page#fragment` and returns the serialised DOM once the page's script has run, and what
        /// the browser logged (console messages included).
        func dumpDOM(_ page: URL, fragment: String) throws -> (dom: String, log: String) {
            let run = try LifelineCommandTests.run(
                [
                    "timeout", "120", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                    "--user-data-dir=\(directory.appendingPathComponent("profile").path)", "--enable-logging=stderr", "--v=0",
                    "--virtual-time-budget=5000", "--dump-dom", page.absoluteString + fragment,
                ], executable: URL(fileURLWithPath: "/usr/bin/env"))
            try #require(run.status != 127, "chromium is missing: apt-get install chromium (.ci/run does)")
            try #require(run.status == 0, "chromium failed: \(run.stderr)")
            return (run.stdout, run.stderr)
        }
    }

    static let repository = CheckCommandTests.repository

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    /// The root element's start tag, where the page records its view, readiness and errors.
    static func rootTag(_ dom: String) throws -> String {
        let start = try #require(dom.range(of: "<html"))
        let end = try #require(dom.range(of: ">", range: start.upperBound..<dom.endIndex))
        return String(dom[start.lowerBound..<end.upperBound])
    }

    /// Console lines that show the page failed: an uncaught error, or something the security policy blocked.
    static func consoleProblems(_ log: String) -> [Substring] {
        log.split(separator: "\n").filter { $0.contains("CONSOLE") && ($0.contains("Uncaught") || $0.contains("Refused")) }
    }

    @Test func aFindingOpensItsLaunchWithLanesBandsMarksAndTheViolationHighlighted() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = Self.repository.appendingPathComponent("traces/bug-wrong-order.ndjson").path
        let page = directory.appendingPathComponent("report.html")
        let written = try LifelineCommandTests.run(["report", trace, "--no-local-rules", "-o", page.path], in: directory)
        try #require(written.status == 0, "\(written.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        let findings = try #require(try ReportCommandTests.data("lifeline-data", in: html)["findings"] as? [[Any]])
        let number = try #require(findings.firstIndex { $0[1] as? String == "scene.connect-after-launch" }) + 1
        let launch = try #require(findings[number - 1][6] as? Int)
        #expect(launch == 1, "the rule fires in the trace's second launch")
        let ringsInLaunch = findings.filter { $0[6] as? Int == launch }.reduce(0) { total, finding in
            total + ((finding[10] as? [[Any]]) ?? []).filter { $0[1] as? Int == launch && ($0[2] as? Int ?? -1) >= 0 }.count
        }
        let focused = ((findings[number - 1][10] as? [[Any]]) ?? []).filter { ($0[2] as? Int ?? -1) >= 0 }.count

        // The whole launch, as `#launch=2` opens it.
        let chromium = Chromium(directory: directory)
        let (dom, log) = try chromium.dumpDOM(page, fragment: "#launch=2")
        let root = try Self.rootTag(dom)
        #expect(root.contains("data-ready=\"true\""))
        #expect(root.contains("data-view=\"launch-2\""))
        #expect(!root.contains("data-errors"), "the page's script failed: \(root)")
        #expect(Self.consoleProblems(log).isEmpty, "\(Self.consoleProblems(log))")
        // One lane for the app and one per scene session (the launch's events name S2 only).
        #expect(Self.count("data-lane=\"app\"", in: dom) == 1)
        #expect(Self.count("data-lane=\"session\"", in: dom) == 1)
        for state in ["launching", "unattached", "foregroundInactive", "foregroundActive"] {
            #expect(dom.contains("data-state=\"\(state)\""), "no \(state) band")
        }
        // Every begin and instant event of the launch is one mark or one bar.
        let events = try #require(try ReportCommandTests.data("launch-1", in: html)["e"] as? [[Any]])
        let drawn = events.filter { ($0[2] as? Int ?? 0) & 3 != 2 }.count
        #expect(Self.count("class=\"span hit", in: dom) + Self.count("class=\"mark hit", in: dom) == drawn)
        #expect(Self.count("class=\"mark hit app", in: dom) + Self.count("class=\"span hit app", in: dom) > 0, "app events drawn")
        // Each witness of the launch's findings is ringed in its severity's colour.
        #expect(Self.count("class=\"vio error\"", in: dom) == ringsInLaunch)
        // A finding's link opens its launch zoomed to its witnesses: those in focus, the others dimmed.
        let (focusedDOM, focusedLog) = try chromium.dumpDOM(page, fragment: "#finding=\(number)")
        let focusedRoot = try Self.rootTag(focusedDOM)
        #expect(focusedRoot.contains("data-view=\"launch-2\"") && !focusedRoot.contains("data-errors"), "\(focusedRoot)")
        #expect(Self.consoleProblems(focusedLog).isEmpty, "\(Self.consoleProblems(focusedLog))")
        #expect(Self.count("class=\"vio error focus\"", in: focusedDOM) == focused)
        #expect(Self.count("class=\"vio error dim\"", in: focusedDOM) <= ringsInLaunch - focused)
        #expect(focusedDOM.contains("<li class=\"error current\" data-finding=\"\(number)\">"), "the finding is marked in the list")
    }

    @Test func theSummaryListsLaunchesRulesAndSlowestCallbacks() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("report.html")
        let traces = Self.repository.appendingPathComponent("traces").path
        let written = try LifelineCommandTests.run(["report", traces, "--no-local-rules", "-o", page.path], in: directory)
        try #require(written.status == 0, "\(written.stderr)")
        let (dom, log) = try Chromium(directory: directory).dumpDOM(page, fragment: "")
        let root = try Self.rootTag(dom)
        #expect(root.contains("data-view=\"summary\"") && !root.contains("data-errors"), "\(root)")
        #expect(Self.consoleProblems(log).isEmpty, "\(Self.consoleProblems(log))")
        let html = try String(contentsOf: page, encoding: .utf8)
        let launches = try #require(try ReportCommandTests.data("lifeline-data", in: html)["launches"] as? [[Any]])
        for number in 1...launches.count { #expect(dom.contains("<a href=\"#launch=\(number)\">\(number)</a>")) }
        #expect(dom.contains("<span class=\"mono\">scene.connect-after-launch</span>"))
        #expect(dom.contains("<h2 id=\"slowest\">Slowest callbacks</h2>"))
        #expect(Self.count("&amp;event=", in: dom) == 25, "the 25 slowest spans link to their event")
        // traces/partial-device-log.ndjson records five callbacks: the rules that need others are listed apart.
        let notApplicable = try #require(try ReportCommandTests.data("lifeline-data", in: html)["notApplicable"] as? [[Any]])
        #expect(notApplicable.count == 15)
        #expect(dom.contains("<h2 id=\"not-applicable\">Not applicable (15)</h2>"))
        #expect(dom.contains("needs 'willConnectTo', which this trace does not record"))
    }

    @Test func aReferenceLinksTheURLInItAloneAndShowsTheRestAsText() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
        rule x.cited per launch {
          message "cited"
          reference "javascript:alert(1), then https://a.example/p?q=1&r=(2) and forum thread 732170"
          never didFinishLaunching
        }

        """.write(to: directory.appendingPathComponent("x.rules"), atomically: true, encoding: .utf8)
        let trace = Self.repository.appendingPathComponent("traces/bug-wrong-order.ndjson").path
        let page = directory.appendingPathComponent("report.html")
        let written = try LifelineCommandTests.run(
            ["report", trace, "--no-local-rules", "--rules", "uikit-scene", "--rules", "x.rules", "-o", page.path], in: directory)
        try #require(written.status == 0, "\(written.stderr)")
        let (dom, log) = try Chromium(directory: directory).dumpDOM(page, fragment: "")
        let root = try Self.rootTag(dom)
        #expect(root.contains("data-ready=\"true\"") && !root.contains("data-errors"), "\(root)")
        #expect(Self.consoleProblems(log).isEmpty, "\(Self.consoleProblems(log))")
        let apple = "https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence"
        #expect(dom.contains("<a href=\"\(apple)\" target=\"_blank\" rel=\"noopener noreferrer\">\(apple)</a> step 6; "))
        #expect(
            dom.contains(
                "javascript:alert(1), then <a href=\"https://a.example/p?q=1&amp;r=(2)\" target=\"_blank\" rel=\"noopener noreferrer\">"
                    + "https://a.example/p?q=1&amp;r=(2)</a> and forum thread 732170"))
        #expect(!dom.contains("href=\"javascript"))
        #expect(!dom.contains("href=\"\(apple) "), "no link's target is the whole citation")
    }

    @Test func hostileNamesSessionsAndAttributesStayText() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = """
            {"lifeline":1,"type":"launch","launch":"</script><script>alert(1)</script>","app":"<img src=x onerror=alert(2)>","device":"</style><style>*{display:none}","lifecycle":"scene"}
            {"seq":1,"t":10,"event":"didFinishLaunching","attrs":{"<svg onload=alert(3)>":"</script>"}}
            {"seq":2,"t":20,"event":"willConnectTo","session":"<b>S</b>","scene":"<!--","phase":"begin"}
            {"seq":3,"t":30,"event":"willConnectTo","session":"<b>S</b>","scene":"<!--","phase":"end"}
            {"seq":4,"t":40,"event":"<iframe src=javascript:alert(4)>","session":"<b>S</b>"}
            {"seq":5,"t":50,"event":"sceneDidBecomeActive","session":"<b>S</b>","scene":"\\u2028<x>"}

            """
        try trace.write(to: directory.appendingPathComponent("hostile.ndjson"), atomically: true, encoding: .utf8)
        let page = directory.appendingPathComponent("report.html")
        let written = try LifelineCommandTests.run(["report", "hostile.ndjson", "--no-local-rules", "-o", page.path], in: directory)
        try #require(written.status == 0, "\(written.stderr)")
        let chromium = Chromium(directory: directory)
        for fragment in ["", "#launch=1"] {
            let (dom, log) = try chromium.dumpDOM(page, fragment: fragment)
            let root = try Self.rootTag(dom)
            #expect(root.contains("data-ready=\"true\"") && !root.contains("data-errors"), "\(fragment): \(root)")
            #expect(Self.consoleProblems(log).isEmpty, "\(Self.consoleProblems(log))")
            for markup in ["<img", "<svg onload", "<b>S", "<iframe", "<x>"] {
                #expect(!dom.contains(markup), "\(fragment): \(markup) became markup")
            }
            #expect(Self.count("<script", in: dom) == 3, "no script element was added")
            #expect(Self.count("<style", in: dom) == 1, "no style element was added")
        }
        let (summary, _) = try chromium.dumpDOM(page, fragment: "")
        #expect(summary.contains("<td>&lt;img src=x onerror=alert(2)&gt;</td>"), "the app is shown as text")
        let (timeline, _) = try chromium.dumpDOM(page, fragment: "#launch=1")
        #expect(
            timeline.contains("&lt;b&gt;S&lt;/b&gt;<title>scene session &lt;b&gt;S&lt;/b&gt;\nscene &lt;!--"),
            "the session is a lane label's text")
        #expect(Self.count("data-lane=\"session\"", in: timeline) == 1)
    }

    @Test func aCrowdedLaneDrawsAtMostAboutAnElementPerPixelAndKeepsEveryWitness() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var lines = [
            #"{"lifeline":1,"type":"launch","launch":"L","lifecycle":"scene"}"#,
            #"{"seq":1,"t":0,"event":"willConnectTo","session":"S1","scene":"a"}"#,
            #"{"seq":2,"t":1000,"event":"didFinishLaunching"}"#,
        ]
        let ticks = 20_000
        for index in 0..<ticks { lines.append(#"{"seq":\#(index + 3),"t":\#(2_000 + index * 1_000),"event":"tick"}"#) }
        try (lines.joined(separator: "\n") + "\n").write(
            to: directory.appendingPathComponent("crowded.ndjson"), atomically: true, encoding: .utf8)
        let page = directory.appendingPathComponent("report.html")
        let written = try LifelineCommandTests.run(["report", "crowded.ndjson", "--no-local-rules", "-o", page.path], in: directory)
        try #require(written.status == 0, "\(written.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        let findings = try #require(try ReportCommandTests.data("lifeline-data", in: html)["findings"] as? [[Any]])
        let witnesses = findings.reduce(0) { total, finding in
            total + ((finding[10] as? [[Any]]) ?? []).filter { ($0[2] as? Int ?? -1) >= 0 }.count
        }
        #expect(witnesses > 0)
        let (dom, log) = try Chromium(directory: directory).dumpDOM(page, fragment: "#launch=1")
        let root = try Self.rootTag(dom)
        #expect(root.contains("data-view=\"launch-1\"") && !root.contains("data-errors"), "\(root)")
        #expect(Self.consoleProblems(log).isEmpty, "\(Self.consoleProblems(log))")
        let marks = Self.count("class=\"mark hit app\"", in: dom)
        #expect(marks > 100 && marks < 2_000, "\(marks) marks drawn for \(ticks) events")
        #expect(Self.count("class=\"vio ", in: dom) == witnesses, "every witness is drawn, crowded or not")
    }

    @Test func thePageRecordsItsOwnErrorsForTheTestsToSee() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("report.html")
        let trace = Self.repository.appendingPathComponent("traces/cold-launch.ndjson").path
        try #require(try LifelineCommandTests.run(["report", trace, "--no-local-rules", "-o", page.path], in: directory).status == 0)
        // A launch's data element broken by hand: opening that launch throws, and the page says so.
        let html = try String(contentsOf: page, encoding: .utf8)
        try html.replacingOccurrences(
            of: "<script type=\"application/json\" id=\"launch-0\">{", with: "<script type=\"application/json\" id=\"launch-0\">{{"
        )
        .write(to: page, atomically: true, encoding: .utf8)
        let (dom, _) = try Chromium(directory: directory).dumpDOM(page, fragment: "#launch=1")
        #expect(try Self.rootTag(dom).contains("data-errors=\"error: Uncaught SyntaxError"))
    }
}
