import Foundation
import Testing

/// The inputs of issue 12's fuzz and fault campaign, each run on the real binary: a located error or
/// a right answer, never a trap, a hang or a write outside what the command was asked to write.
@Suite("hostile input")
struct HostileInputTests {
    /// A scratch directory with `files` written into it (name → contents).
    static func directory(_ files: [String: String]) throws -> URL {
        let directory = try LifelineCommandTests.temporaryDirectory()
        for (name, contents) in files {
            try contents.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory
    }

    static func repl(_ arguments: [String], input: String, in directory: URL) throws -> LifelineCommandTests.Run {
        try ReplCommandTests.repl(arguments, input: input, in: directory)
    }

    /// The issue's crash input 1 (with a later year beside it): a `started` time outside Int64 nanoseconds.
    static let outOfRangeLaunch = #"{"lifeline":1,"type":"launch","started":"1600-01-01T00:00:00Z"}"#
    static let outOfRangeError = #"t.ndjson:1:41: error: "started" is outside the times a trace can hold (1677-09-21T00:12:43.145224192Z...2262-04-11T23:47:16.854775807Z)"#

    // MARK: - Times

    @Test("a launch started outside Int64 nanoseconds is a located error in validate, check and import")
    func startedOutOfRange() throws {
        let directory = try Self.directory([
            "t.ndjson": Self.outOfRangeLaunch + "\n" + #"{"seq":1,"t":0,"event":"didFinishLaunching"}"# + "\n",
            "late.ndjson": #"{"lifeline":1,"type":"launch","started":"3000-01-01T00:00:00Z"}"# + "\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }

        let validate = try LifelineCommandTests.run(["validate", "t.ndjson"], in: directory)
        #expect(validate.status == 1)
        #expect(validate.stderr.hasPrefix(Self.outOfRangeError + "\n"), "\(validate.stderr)")

        let check = try LifelineCommandTests.run(["check", "t.ndjson"], in: directory)
        // Where check reports malformed lines (and with which exit status) is the report's business; here it must not trap.
        #expect((check.stdout + check.stderr).contains(Self.outOfRangeError), "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("checked 1 trace"), "\(check.stdout)")
        #expect(check.status == 0 || check.status == 2, "\(check.stderr)")

        let imported = try LifelineCommandTests.run(["import", "--db", "x.db", "t.ndjson", "late.ndjson"], in: directory)
        #expect(imported.stderr.contains(Self.outOfRangeError), "\(imported.stderr)")
        #expect(imported.stderr.contains("late.ndjson:1:41: error: \"started\" is outside the times a trace can hold"))
        #expect(imported.status == 0 || imported.status == 1, "\(imported.stderr)")
    }

    /// The issue's crash input 2 and its relatives: durations that overflow, or round to nothing.
    static let badDurations: [(rules: String, column: Int, message: String)] = [
        ("rule r: a.b within 9300000000s after c.d", 20,
         "duration '9300000000s' is too long (it must be shorter than 9223372036854775807ns, about 292 years)"),
        ("rule r: a.b lasts at most 9223372036854775807ns", 27,
         "duration '9223372036854775807ns' is too long (it must be shorter than 9223372036854775807ns, about 292 years)"),
        ("rule r: a.b within 0.0000001ns after c.d", 20,
         "duration '0.0000001ns' rounds to 0ns (the trace clock counts whole nanoseconds)"),
    ]

    @Test("an out-of-range rule duration is a located error in check --rules, .load and .check FILE", arguments: badDurations)
    func ruleDurations(_ rules: String, _ column: Int, _ message: String) throws {
        let directory = try Self.directory([
            "bad.rules": rules + "\n",
            "t.ndjson": #"{"lifeline":1,"type":"launch"}"# + "\n" + #"{"seq":1,"t":0,"event":"c.d"}"# + "\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let diagnostic = "bad.rules:1:\(column): error: \(message)"

        let check = try LifelineCommandTests.run(["check", "--rules", "bad.rules", "t.ndjson"], in: directory)
        #expect(check.status == 2)
        #expect(check.stderr.hasPrefix(diagnostic), "\(check.stderr)")

        let imported = try LifelineCommandTests.run(["import", "--quiet", "--db", "x.db", "t.ndjson"], in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        let repl = try Self.repl(["x.db"], input: ".load bad.rules\n.check bad.rules\nSELECT 'alive';\n", in: directory)
        #expect(repl.stderr.components(separatedBy: diagnostic).count == 3, "\(repl.stderr)")
        #expect(repl.stdout.contains("alive"))
    }

    @Test("a deadline past the end of the trace clock is pending, not a violation")
    func deadlineNearTheClockLimit() throws {
        let directory = try Self.directory([
            "r.rules": "rule r per launch: a.b within 10ns after c.d\n",
            "t.ndjson": """
                {"lifeline":1,"type":"launch","launch":"L"}
                {"seq":1,"t":9223372036854775802,"event":"c.d"}
                {"seq":2,"t":9223372036854775806,"event":"x.y"}

                """,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let check = try LifelineCommandTests.run(["check", "--rules", "r.rules", "t.ndjson"], in: directory)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains(": pending[r]: no a.b within 10ns after c.d (seq 1)"), "\(check.stdout)")
        #expect(!check.stdout.contains("error[r]"), "\(check.stdout)")
    }

    // MARK: - The shell's SQL

    @Test("BEGIN and SAVEPOINT left open no longer kill the shell; temporary work inside them is kept on COMMIT",
          arguments: ["BEGIN;", "SAVEPOINT a;"])
    func openTransaction(_ statement: String) throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.repl(["lifeline.db"], input: """
            .mode csv
            \(statement)
            CREATE TEMP TABLE t AS SELECT id FROM launch;
            \(statement == "BEGIN;" ? "COMMIT;" : "RELEASE a;")
            SELECT COUNT(*) AS n FROM t;
            \(statement)

            """, in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.stdout == "n\n2\n")
    }

    /// The issue's crash input 4 and the rest of its shell findings, one script each.
    static let hostileSQL: [(script: String, error: String)] = [
        ("SELECT fts3_tokenizer('simple', x'4141414141414141');\nCREATE VIRTUAL TABLE temp.t USING fts3(x, tokenize=simple);",
         "<stdin>:1:8: error: 'fts3_tokenizer()' is not allowed in the shell"),
        ("SELECT fts3_tokenizer('simple');", "<stdin>:1:8: error: 'fts3_tokenizer()' is not allowed in the shell"),
        ("VACUUM INTO 'copy.db';", "<stdin>:1:1: error: 'ATTACH' and 'VACUUM INTO' are not allowed in the shell"),
        ("PRAGMA writable_schema = 1;", "<stdin>:1:1: error: 'PRAGMA writable_schema = ...' is not allowed in the shell"),
        ("SELECT length(zeroblob(999999999));", "<stdin>:1:1: error: string or blob too big (a value or a row may hold at most 100 MB)"),
    ]

    @Test("hostile SQL is refused with a located error and the shell lives on", arguments: hostileSQL)
    func hostileStatements(_ script: String, _ error: String) throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = try Data(contentsOf: directory.appendingPathComponent("lifeline.db"))
        let run = try Self.repl(["lifeline.db"], input: script + "\n.mode csv\nSELECT 'alive' AS state;\n", in: directory)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix(error), "\(run.stderr)")
        #expect(run.stdout.hasSuffix("state\nalive\n"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("copy.db").path))
        #expect(try Data(contentsOf: directory.appendingPathComponent("lifeline.db")) == before)
    }

    @Test("printf('%999999999s', 1) builds no 1 GB cell")
    func hugePrintf() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.repl(["lifeline.db"], input: ".mode csv\nSELECT length(printf('%999999999s',1)) AS n;\n", in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "n\n\n")
    }
}
