import Foundation
import Testing

/// End-to-end tests of the shell's statement time limit and of long statements, on the real binary.
@Suite("lifeline repl: runaway and long statements")
struct ReplStatementLimitTests {
    /// A statement that never ends.
    static let runaway = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c;"
    /// What the limit says after `seconds`.
    static func stopped(_ seconds: String, script: Bool = false) -> String {
        "error: statement stopped after \(seconds) s, the statement time limit\(script ? " for SQL from a script" : "")"
            + "; raise or lift it with '.limit statement-time SECONDS|off' or 'lifeline repl --statement-time SECONDS|off'"
    }

    @Test("a runaway query in a piped script stops at --statement-time with a located error; the script goes on and exits 1")
    func runawayOnStandardInput() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try ReplCommandTests.repl(
            ["--statement-time", "0.5", "lifeline.db"],
            input: ".headers on\n  \(Self.runaway)\nSELECT 'alive' AS state;\n", in: directory)
        #expect(run.status == 1)
        #expect(run.stderr == "<stdin>:2:3: \(Self.stopped("0.5"))\n")
        #expect(run.stdout == "state\nalive\n")
    }

    @Test("the limit set by .limit stops a runaway query in a .read file and in a saved query, located in each")
    func runawayInFiles() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "SELECT 1 AS one;\n\(Self.runaway)\n".write(
            to: directory.appendingPathComponent("runaway.sql"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("queries"), withIntermediateDirectories: true)
        try "-- never ends\n\(Self.runaway)\n".write(
            to: directory.appendingPathComponent("queries/forever.sql"), atomically: true, encoding: .utf8)
        let run = try ReplCommandTests.repl(
            ["lifeline.db"],
            input: """
                .headers on
                .limit statement-time 0.25
                .limit
                .read runaway.sql
                .query forever
                SELECT 'alive' AS state;

                """, in: directory)
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                runaway.sql:2:1: \(Self.stopped("0.25"))
                queries/forever.sql:2:1: \(Self.stopped("0.25"))

                """)
        #expect(run.stdout == "statement-time  0.25 s\none\n1\nstate\nalive\n")
    }

    @Test(".limit statement-time off lifts a limit: a statement longer than it then runs to its end")
    func lifted() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Three million rows: well over 0.05 s on any machine, a few seconds at most in a debug build.
        let long = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 3000000) SELECT count(*) AS n FROM c;"
        let run = try ReplCommandTests.repl(
            ["--statement-time", "0.05", "lifeline.db"],
            input: """
                .headers on
                \(long)
                .limit statement-time off
                .limit statement-time
                \(long)

                """, in: directory)
        #expect(run.status == 1)
        #expect(run.stderr == "<stdin>:2:1: \(Self.stopped("0.05"))\n")
        #expect(run.stdout == "statement-time  off\nn\n3000000\n")
    }

    @Test(
        "a statement-time that is not a positive number of seconds or 'off' is a usage error", arguments: ["0", "-1", "abc", "nan", "1e7"])
    func invalidLimit(_ value: String) throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let flag = try ReplCommandTests.repl(["--statement-time=\(value)", "lifeline.db"], input: "SELECT 1;\n", in: directory)
        #expect(flag.status == 2)
        #expect(
            flag.stderr.contains("--statement-time: expected seconds (more than 0, at most 1000000) or 'off', not '\(value)'"),
            "\(flag.stderr)")
        let command = try ReplCommandTests.repl(["lifeline.db"], input: ".limit statement-time \(value)\n", in: directory)
        #expect(command.status == 1)
        #expect(
            command.stderr == """
                <stdin>:1:1: error: .limit statement-time: unexpected '\(value)'; expected 'off', 'default' or seconds \
                (more than 0, at most 1000000)

                """)
    }

    @Test("the default limit is shown, and named in --help")
    func defaults() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try ReplCommandTests.repl(["lifeline.db"], input: ".limit\n", in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "statement-time  60 s for scripts, none at the prompt (default)\n")
        let help = try LifelineCommandTests.run(["repl", "--help"])
        #expect(help.stdout.contains("--statement-time SECONDS|off"), "\(help.stdout)")
    }

    @Test("a statement of 100,000 lines fed line by line runs once, whole")
    func longStatement() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        var script = ".headers on\nCREATE TEMP TABLE t(x);\nINSERT INTO t VALUES\n"
        script += (1..<100_000).map { "(\($0))," }.joined(separator: "\n") + "\n(100000);\n"
        script += "SELECT count(*) AS n, sum(x) AS total FROM t;\n"
        let run = try ReplCommandTests.repl(["lifeline.db"], input: script, in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.stdout == "n|total\n100000|5000050000\n")
    }
}
