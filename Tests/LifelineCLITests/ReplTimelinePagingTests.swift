import Foundation
import LifelineTestSupport
import Testing

/// `.timeline` a screenful at a time at a terminal, every row in a script.
@Suite("lifeline repl: paged timeline", .serialized, .enabled(if: Integration.has("tmux"), Comment(rawValue: Integration.wants("tmux"))))
struct ReplTimelinePagingTests {
    /// A directory with `lifeline.db` holding one launch of `cycles` background/foreground cycles of session S1.
    static func longLaunch(cycles: Int) throws -> URL {
        let directory = try LifelineCommandTests.temporaryDirectory()
        var lines = [#"{"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}"#]
        var seq = 0
        func event(_ name: String, _ phase: String = "instant", session: Bool = true) {
            seq += 1
            lines.append(
                #"{"seq":\#(seq),"t":\#(seq * 1_000_000),"event":"\#(name)","phase":"\#(phase)""#
                    + (session ? #","session":"S1","scene":"0x1"}"# : "}"))
        }
        event("didFinishLaunching", "begin", session: false)
        event("didFinishLaunching", "end", session: false)
        for _ in 0..<cycles {
            event("sceneWillResignActive")
            event("sceneDidEnterBackground", "begin")
            event("sceneDidEnterBackground", "end")
            event("sceneWillEnterForeground")
            event("sceneDidBecomeActive")
        }
        try (lines.joined(separator: "\n") + "\n").write(
            to: directory.appendingPathComponent("long.ndjson"), atomically: true, encoding: .utf8)
        let run = try LifelineCommandTests.run(["import", "--quiet", "long.ndjson"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        return directory
    }

    @Test("at a terminal .timeline shows a screenful and .more the next; '.more all' the rest; then there is no more")
    func pagesAtATerminal() throws {
        let directory = try Self.longLaunch(cycles: 40)  // 1 + 160 rows (each span is one row)
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = ReplTerminalTests.Terminal()
        defer { terminal.stop() }
        try #require((try? terminal.tmux(["-V"])) != nil, "tmux is required for this test: apt-get install tmux (.ci/run does)")
        try terminal.start(
            "pages",
            "cd '\(directory.path)' && env LIFELINE_HISTORY= NO_COLOR=1 TERM=xterm '\(LifelineCommandTests.binary.path)' repl")
        // capture-pane drops trailing spaces: the prompt shows as "lifeline>".
        try terminal.waitForPrompt("pages")
        try terminal.type("pages", ".timeline 1 S1")
        try terminal.keys("pages", "Enter")
        // A 40-line pane: 36 rows, the title and column titles above, the more line and the prompt below.
        var screen = try terminal.waitFor("pages", "(more: .more shows the next 36 rows, '.more all' the rest)")
        #expect(screen.contains("launch 1 · L1"))
        #expect(screen.contains("didFinishLaunching (1.0ms)"))
        #expect(!screen.contains("\n 47  "), "row 37 (seq 47) is on the first page")
        try terminal.waitForPrompt("pages")
        try terminal.type("pages", ".more")
        try terminal.keys("pages", "Enter")
        screen = try terminal.waitFor("pages", "the second page") { $0.contains("\n 47  ") }
        // The next rows under the same column titles, without the launch's title line again.
        #expect(screen.contains("(more: .more shows the next 36 rows"))
        #expect(screen.contains("seq     time  app"))
        #expect(!screen.contains("launch 1 · L1"))
        try terminal.waitForPrompt("pages")
        try terminal.type("pages", ".more all")
        try terminal.keys("pages", "Enter")
        screen = try terminal.waitFor("pages", "the last row") { $0.contains("\n202  ") }
        try terminal.waitForPrompt("pages")
        try terminal.type("pages", ".more")
        try terminal.keys("pages", "Enter")
        try terminal.waitFor("pages", "error: no timeline to continue: .timeline shows one a screenful at a time")
    }

    @Test("in a script .timeline prints every row, and .more has nothing to continue")
    func everyRowInAScript() throws {
        let directory = try Self.longLaunch(cycles: 40)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try ReplCommandTests.repl(["lifeline.db"], input: ".timeline 1 S1\n.more\n", in: directory)
        #expect(run.status == 1)
        let rows = run.stdout.split(separator: "\n")
        #expect(rows.count == 2 + 161)  // title, column titles, rows
        #expect(rows.last?.hasPrefix("202  ") == true)
        #expect(!run.stdout.contains("(more"))
        #expect(run.stderr == "<stdin>:2:1: error: no timeline to continue: .timeline shows one a screenful at a time\n")
    }

    @Test("at an 80-column terminal a launch of two scenes reads whole: lanes stacked, no callback cut, the title broken between its parts")
    func eightyColumns() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = ReplTerminalTests.Terminal()
        defer { terminal.stop() }
        try #require((try? terminal.tmux(["-V"])) != nil, "tmux is required for this test: apt-get install tmux (.ci/run does)")
        try terminal.start(
            "narrow",
            "cd '\(directory.path)' && env LIFELINE_HISTORY= NO_COLOR=1 TERM=xterm '\(LifelineCommandTests.binary.path)' repl; "
                + "echo \"EXITED $?\"")
        _ = try terminal.tmux(["resize-window", "-t", "narrow", "-x", "80", "-y", "40"])
        try terminal.waitForPrompt("narrow")
        try terminal.type("narrow", ".timeline 1")
        try terminal.keys("narrow", "Enter")
        let screen = try terminal.waitFor("narrow", "S2    sceneDidDisconnect")
        let lines = screen.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.contains { $0.contains("seq      time  lane  callback") }, "\(screen)")
        #expect(lines.contains { $0.contains("S1    sceneDidEnterBackground (60.0ms)  background") }, "\(screen)")
        #expect(!screen.contains("…"), "\(screen)")
        try terminal.waitForPrompt("narrow")
        try terminal.keys("narrow", "C-d")
        try terminal.waitFor("narrow", "EXITED 0")
    }
}
