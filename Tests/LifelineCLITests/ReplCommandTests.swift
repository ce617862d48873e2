import Foundation
import Testing

/// End-to-end tests of `lifeline repl` with standard input piped: scripted, no prompts.
@Suite("lifeline repl (piped)")
struct ReplCommandTests {
    /// The REPL's fixture traces, in the source tree.
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../LifelineREPLTests/Fixtures/traces").standardizedFileURL

    /// A directory with the fixture traces in `traces/` and imported into `lifeline.db`.
    static func workspace() throws -> URL {
        let directory = try LifelineCommandTests.temporaryDirectory()
        try FileManager.default.copyItem(at: traces, to: directory.appendingPathComponent("traces"))
        let run = try LifelineCommandTests.run(["import", "--quiet", "traces"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        return directory
    }

    static func repl(_ arguments: [String], input: String, in directory: URL) throws -> LifelineCommandTests.Run {
        try LifelineCommandTests.run(
            ["repl"] + arguments, in: directory, input: input, environment: ["LIFELINE_HISTORY": ""])
    }

    @Test("a piped script runs without prompts or banner, in sqlite3's list mode without headers, and exits 0")
    func pipedScript() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.repl([], input: "SELECT id, uuid\nFROM launch;\n.sessions 2\n", in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(
            run.stdout == """
                1|6A1F0C2E-93B4-4D7A-8E51-0F2C4B7D9A10
                2|C0FFEE00-1B2C-4D3E-8F40-516273849506
                launch  session  scenes  events  first    last     state
                ------  -------  ------  ------  -------  -------  ------------------
                     2  S1            1       7  +0.002s  +0.710s  foregroundInactive

                """)
    }

    @Test("errors go to standard error, located in <stdin>; the script goes on and exits 1")
    func pipedErrors() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let size = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("lifeline.db").path)[.size]
        let run = try Self.repl(
            [], input: "SELECT * FORM x;\nDELETE FROM event;\nSELECT COUNT(*) AS n FROM event;\n",
            in: directory)
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                <stdin>:1:10: error: near "FORM": syntax error
                  1 | SELECT * FORM x;
                    |          ^
                <stdin>:2:1: error: attempt to write a readonly database

                """)
        #expect(run.stdout == "29\n")
        let after = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("lifeline.db").path)[.size]
        #expect(size as? Int == after as? Int)
    }

    @Test("given traces, the repl imports them first: into a temporary database, or into --db")
    func tracesFirst() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let temporary = try Self.repl(["traces/"], input: "SELECT COUNT(*) AS events FROM event;\n", in: directory)
        #expect(temporary.status == 0, "\(temporary.stderr)")
        #expect(temporary.stdout == "29\n")

        let named = try Self.repl(
            ["traces/notes-ipad.ndjson", "--db", "ipad.db"], input: "SELECT COUNT(*) AS launches FROM launch;\n",
            in: directory)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout == "1\n")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("ipad.db").path))
    }

    @Test(".check lists numbered violations and stores them; .why 1 shows the first in its timeline")
    func checkThenExplain() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            at: Self.traces.deletingLastPathComponent().appendingPathComponent("bugs/bug-wrong-order.ndjson"),
            to: directory.appendingPathComponent("bug.ndjson"))
        // The trace is imported into a temporary database first, which .check may write to.
        let run = try Self.repl(
            ["bug.ndjson"], input: ".check\n.why 1\n.headers on\n.mode csv\nSELECT id, rule, seq FROM violation ORDER BY id;\n",
            in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "#  severity  rule                                launch  explanation")
        #expect(lines.contains { $0.hasPrefix("1  info      scene.background-before-disconnect       1  sceneDidDisconnect(_:)") })
        #expect(lines.contains { $0.hasPrefix("2  error     scene.connect-after-launch               2  scene(_:willConnectTo:options:)") })
        #expect(lines.contains("checked 1 trace (2 launches, 37 events) against 37 rules: 3 errors, 0 warnings, 1 info, 0 pending"))
        #expect(lines.contains { $0.hasPrefix("bug.ndjson:19: info[scene.background-before-disconnect]: sceneDidDisconnect(_:)") })
        #expect(lines.contains("  offending: sceneDidDisconnect(_:) begin seq 18 at bug.ndjson:19"))
        #expect(lines.contains { $0.hasPrefix("launch 1 · C22AE1D5-04CC-452C-A5AB-E5A444422C5A · com.example.Notes") })
        #expect(lines.filter { $0.hasPrefix(">") }.map { $0.split(separator: " ").prefix(2) } == [[">", "12"], [">", "18"]])
        #expect(
            run.stdout.hasSuffix(
                """
                id,rule,seq\r
                1,scene.background-before-disconnect,18\r
                2,scene.connect-after-launch,8\r
                3,scene.sessions-after-launch,5\r
                4,scene.sessions-after-launch,7\r

                """))
    }

    @Test("a new session remembers the last check: .violations and .why N show what lifeline check stored, with when and which rules")
    func storedFindings() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            at: Self.traces.deletingLastPathComponent().appendingPathComponent("bugs/bug-wrong-order.ndjson"),
            to: directory.appendingPathComponent("bug.ndjson"))
        #expect(try LifelineCommandTests.run(["import", "--quiet", "bug.ndjson"], in: directory).status == 0)
        let before = try Self.repl(["lifeline.db"], input: ".violations\n", in: directory)
        #expect(before.status == 1)
        #expect(before.stderr.contains(".violations: no check yet (the database holds no findings"), "\(before.stderr)")
        let check = try LifelineCommandTests.run(["check", "lifeline.db"], in: directory)
        #expect(check.status == 1, "\(check.stderr)")

        let run = try Self.repl(["lifeline.db"], input: ".violations\n.why 2\n", in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let stamp = try #require(lines.first)
        #expect(stamp.hasPrefix("last check: 20") && stamp.contains("Z, stored in the database: 4 findings of 3 rules"), "\(stamp)")
        #expect(stamp.hasSuffix("(scene.background-before-disconnect, scene.connect-after-launch, scene.sessions-after-launch)"))
        #expect(lines.contains { $0.hasPrefix("2  error     scene.connect-after-launch               2  scene(_:willConnectTo:options:)") })
        #expect(!run.stdout.contains("traces were imported after this check"))
        // .why N as right after the check: the rule's message and reference, the witnesses with their phases, the timeline.
        #expect(lines.contains { $0.hasPrefix("bug.ndjson:31: error[scene.connect-after-launch]: scene(_:willConnectTo:options:)") })
        #expect(lines.contains("  rule: a scene connects only after the app finished launching"))
        #expect(lines.contains { $0.hasPrefix("  see: ") })
        #expect(lines.contains("  offending: scene(_:willConnectTo:options:) begin seq 8 at bug.ndjson:31"))
        #expect(lines.filter { $0.hasPrefix(">") }.map { $0.split(separator: " ").prefix(2) } == [[">", "8"], [">", "14"]])
    }

    @Test(
        "what sqlite3 3.53 would run or write stays refused, from a script, -cmd or an argument: .shell, .system, .open, pipes, readfile(), writefile(), ATTACH, writing pragmas, extensions"
    )
    func refusals() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = """
            .shell echo pwned
            .system echo pwned
            .open other.db
            .output "|echo pwned"
            .once |cat
            SELECT readfile('/etc/passwd');
            SELECT writefile('written', 'y');
            ATTACH 'other.db' AS o;
            VACUUM INTO 'copy.db';
            PRAGMA writable_schema = ON;
            PRAGMA trusted_schema = ON;
            SELECT load_extension('x');
            .load x.so
            SELECT 'still here';

            """
        let run = try Self.repl(["lifeline.db"], input: script, in: directory)
        #expect(run.status == 1)
        #expect(run.stdout == "still here\n")
        let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("<stdin>:") }
        #expect(errors.count == 13, "\(run.stderr)")
        for line in 1...13 { #expect(errors.contains { $0.hasPrefix("<stdin>:\(line):") }, "line \(line): \(run.stderr)") }
        #expect(run.stderr.contains("'|echo pwned' would run a command; the shell runs none"))
        for file in ["other.db", "written", "copy.db", "|echo pwned", "|cat"] {
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path), "\(file)")
        }
        let arguments = try Self.repl(
            ["-cmd", ".shell echo pwned", "lifeline.db", ".system echo pwned", "SELECT 1;"], input: "", in: directory)
        #expect(arguments.status == 1)
        #expect(!arguments.stdout.contains("pwned") && arguments.stdout.isEmpty, "\(arguments.stdout)")
    }

    @Test("a missing database is exit 2 with a hint; --db with a database is a usage error")
    func startErrors() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = try Self.repl([], input: "", in: directory)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("error: cannot open 'lifeline.db': no such database (import traces first"))
        #expect(
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("lifeline.db").path),
            "opening read-only creates nothing")
        let both = try Self.repl(["x.db", "--db", "y.db"], input: "", in: directory)
        #expect(both.status == 2)
    }

    @Test(".timeline pairs begins and ends as the span view does, and shows the rest as no end or end only")
    func timelineFollowsTheSpanView() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A callback that begins again before it ends, then one end too many.
        try """
        {"lifeline":1,"type":"launch","launch":"NESTED","lifecycle":"scene"}
        {"seq":1,"t":0,"event":"sceneWillEnterForeground","phase":"begin","session":"S1","scene":"a"}
        {"seq":2,"t":1000000,"event":"sceneWillEnterForeground","phase":"begin","session":"S1","scene":"a"}
        {"seq":3,"t":3000000,"event":"sceneWillEnterForeground","phase":"end","session":"S1","scene":"a"}
        {"seq":4,"t":5000000,"event":"sceneWillEnterForeground","phase":"end","session":"S1","scene":"a"}

        """.write(to: directory.appendingPathComponent("nested.ndjson"), atomically: true, encoding: .utf8)
        let imported = try LifelineCommandTests.run(["import", "--quiet", "nested.ndjson"], in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        let run = try Self.repl(
            [], input: ".timeline\n.mode csv\n.headers on\nSELECT begin_seq, end_seq, duration_ns FROM span ORDER BY begin_seq;\n",
            in: directory)
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows.contains { $0.hasPrefix("1") && $0.contains("sceneWillEnterForeground (no end)") })
        #expect(rows.contains { $0.hasPrefix("2") && $0.contains("sceneWillEnterForeground (2.0ms)") })
        #expect(rows.contains { $0.hasPrefix("4") && $0.contains("sceneWillEnterForeground (end only)") })
        #expect(!rows.contains { $0.hasPrefix("3 ") })
        #expect(run.stdout.hasSuffix("begin_seq,end_seq,duration_ns\r\n1,,\r\n2,3,2000000\r\n"))
    }
}
