import Foundation
import GRDB
import LifelineFormat
import LifelineSupport
import Testing

@testable import LifelineStore

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
    static let outOfRangeError =
        #"t.ndjson:1:41: error: "started" is outside the times a trace can hold (1677-09-21T00:12:43.145224192Z...2262-04-11T23:47:16.854775807Z)"#

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
        #expect(check.status == 2, "\(check.stderr)")

        let imported = try LifelineCommandTests.run(["import", "--db", "x.db", "t.ndjson", "late.ndjson"], in: directory)
        #expect(imported.stderr.contains(Self.outOfRangeError), "\(imported.stderr)")
        #expect(imported.stderr.contains("late.ndjson:1:41: error: \"started\" is outside the times a trace can hold"))
        // A non-strict import skips lines that are not valid records; here each file's only launch record is
        // one of them, so neither file holds a launch: both fail (exit 1) and nothing of them is kept.
        #expect(imported.status == 1, "\(imported.stderr)")
        #expect(imported.stderr.contains("t.ndjson: error: no launch record"), "\(imported.stderr)")
    }

    @Test("an attribute number beyond a 64-bit float is a located error in validate, check and import, never infinity")
    func attributeNumberOutOfRange() throws {
        let launch = #"{"lifeline":1,"type":"launch","started":"2026-11-21T10:00:00Z"}"#
        let directory = try Self.directory([
            "inf.ndjson": launch + "\n" + #"{"seq":1,"t":0,"event":"sync.upload","attrs":{"bytes":1e309}}"# + "\n"
                + #"{"seq":2,"t":5,"event":"sync.upload","attrs":{"bytes":1e308}}"# + "\n"
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = "inf.ndjson:2:55: error: number '1e309' is out of range (a 64-bit float)"

        let validate = try LifelineCommandTests.run(["validate", "inf.ndjson"], in: directory)
        #expect(validate.status == 1)
        #expect(validate.stderr.hasPrefix(error + "\n"), "\(validate.stderr)")

        let check = try LifelineCommandTests.run(["check", "inf.ndjson"], in: directory)
        #expect(check.status == 2, "\(check.stderr)")
        #expect((check.stdout + check.stderr).contains(error), "\(check.stdout)\(check.stderr)")

        let imported = try LifelineCommandTests.run(["import", "--db", "x.db", "inf.ndjson"], in: directory)
        #expect(imported.stderr.contains(error), "\(imported.stderr)")
        let values = try DatabaseQueue(path: directory.appendingPathComponent("x.db").path).read {
            try String.fetchAll($0, sql: "SELECT attrs FROM event ORDER BY seq")
        }
        // The good line is kept with its real value; the bad one is skipped, not stored as infinity or text.
        #expect(values == [#"{"bytes":1e308}"#], "\(values)")
    }

    @Test("a trace line longer than 16 MiB is a located error in validate, check and import, and nothing of the file is imported")
    func overlongLine() throws {
        let launch = #"{"lifeline":1,"type":"launch","started":"2026-11-21T10:00:00Z"}"#
        let huge = #"{"seq":1,"t":0,"event":"x.y","attrs":{"a":""# + String(repeating: "z", count: 16 << 20) + #""}}"#
        let directory = try Self.directory(["long.ndjson": launch + "\n" + huge + "\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = "long.ndjson:2:1: error: cannot read: the line is longer than 16 MiB, the most a trace line may hold"

        let validate = try LifelineCommandTests.run(["validate", "long.ndjson"], in: directory)
        #expect(validate.status == 2)
        #expect(validate.stderr.contains(error), "\(validate.stderr)")

        let check = try LifelineCommandTests.run(["check", "long.ndjson"], in: directory)
        #expect(check.status == 2)
        #expect((check.stdout + check.stderr).contains(error), "\(check.stdout)\(check.stderr)")

        let imported = try LifelineCommandTests.run(["import", "--db", "x.db", "long.ndjson"], in: directory)
        #expect(imported.status == 1)
        #expect(imported.stderr.contains(error), "\(imported.stderr)")
        let database = directory.appendingPathComponent("x.db").path
        if FileManager.default.fileExists(atPath: database) {
            let events = try DatabaseQueue(path: database).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM event") }
            #expect(events == 0)
        }
    }

    /// The issue's crash input 2 and its relatives: durations that overflow, or round to nothing.
    static let badDurations: [(rules: String, column: Int, message: String)] = [
        (
            "rule r: a.b within 9300000000s after c.d", 20,
            "duration '9300000000s' is too long (it must be shorter than 9223372036854775807ns, about 292 years)"
        ),
        (
            "rule r: a.b lasts at most 9223372036854775807ns", 27,
            "duration '9223372036854775807ns' is too long (it must be shorter than 9223372036854775807ns, about 292 years)"
        ),
        (
            "rule r: a.b within 0.0000001ns after c.d", 20,
            "duration '0.0000001ns' rounds to 0ns (the trace clock counts whole nanoseconds)"
        ),
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

    @Test(
        "BEGIN and SAVEPOINT left open no longer kill the shell; temporary work inside them is kept on COMMIT",
        arguments: ["BEGIN;", "SAVEPOINT a;"])
    func openTransaction(_ statement: String) throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.repl(
            ["lifeline.db"],
            input: """
                .headers on
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
        (
            "SELECT fts3_tokenizer('simple', x'4141414141414141');\nCREATE VIRTUAL TABLE temp.t USING fts3(x, tokenize=simple);",
            "<stdin>:1:8: error: 'fts3_tokenizer()' is not allowed in the shell"
        ),
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
        let run = try Self.repl(["lifeline.db"], input: script + "\n.headers on\nSELECT 'alive' AS state;\n", in: directory)
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
        let run = try Self.repl(["lifeline.db"], input: ".headers on\nSELECT length(printf('%999999999s',1)) AS n;\n", in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "n\n\n")
    }

    // MARK: - Files that are not files

    /// A FIFO nothing writes to: reading it would block forever.
    static func fifo(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        return path
    }

    @Test("a loop of symbolic links is named as one in import, check and export, not as a missing file")
    func symbolicLinkLoop() throws {
        let directory = try Self.directory([:])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(symlink("loop2.ndjson", directory.appendingPathComponent("loop1.ndjson").path) == 0)
        #expect(symlink("loop1.ndjson", directory.appendingPathComponent("loop2.ndjson").path) == 0)
        for arguments in [["import", "--db", "x.db", "loop1.ndjson"], ["check", "loop1.ndjson"], ["export", "loop1.ndjson"]] {
            let run = try LifelineCommandTests.run(arguments, in: directory)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            let said = run.stdout + run.stderr
            #expect(said.contains("loop1.ndjson: error: too many levels of symbolic links"), "\(arguments): \(said)")
        }
        let missing = try LifelineCommandTests.run(["check", "absent.ndjson"], in: directory)
        #expect((missing.stdout + missing.stderr).contains("absent.ndjson: error: no such file or directory"), "\(missing.stdout)")
    }

    @Test(".read, .import, .load, .check and .output refuse /dev/zero and FIFOs at once instead of hanging")
    func nonRegularFilesInTheShell() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try Self.fifo(in: directory)
        let run = try Self.repl(
            ["lifeline.db"],
            input: """
                .read /dev/zero
                .read fifo
                .import /dev/zero
                .import fifo
                .load /dev/zero
                .check fifo
                .output fifo
                .once fifo
                .read /dev/stdout
                .import /dev/stdout
                .headers on
                SELECT 'alive' AS state;

                """, in: directory)
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                <stdin>:1:1: error: cannot open '/dev/zero': it is a device, not a regular file
                <stdin>:2:1: error: cannot open 'fifo': it is a pipe (FIFO), not a regular file
                <stdin>:3:1: error: cannot open '/dev/zero': it is a device, not a regular file
                <stdin>:4:1: error: cannot open 'fifo': it is a pipe (FIFO), not a regular file
                <stdin>:5:1: error: cannot open '/dev/zero': it is a device, not a regular file
                <stdin>:6:1: error: cannot open 'fifo': it is a pipe (FIFO), not a regular file
                <stdin>:7:1: error: cannot open 'fifo': it is a pipe (FIFO) that nothing is reading
                <stdin>:8:1: error: cannot open 'fifo': it is a pipe (FIFO) that nothing is reading
                <stdin>:9:1: error: cannot open '/dev/stdout': it is a pipe (FIFO), not a regular file
                <stdin>:10:1: error: cannot open '/dev/stdout': it is a pipe (FIFO), not a regular file

                """)
        #expect(run.stdout == "state\nalive\n")
    }

    @Test(".output /dev/stdout still writes to standard output")
    func outputToStandardOutput() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.repl(["lifeline.db"], input: ".headers on\n.output /dev/stdout\nSELECT 7 AS seven;\n", in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "seven\n7\n")
    }

    @Test("import, check --rules and validate refuse /dev/zero and FIFOs as inputs")
    func nonRegularFilesOnTheCommandLine() throws {
        let directory = try Self.directory([:])
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = try Self.fifo(in: directory)
        let imported = try LifelineCommandTests.run(["import", "--db", "x.db", "/dev/zero", fifo], in: directory)
        #expect(imported.status == 2)
        #expect(
            imported.stderr.contains("/dev/zero: error: it is a device, not a regular file (give '-' to read standard input)"),
            "\(imported.stderr)")
        #expect(imported.stderr.contains("\(fifo): error: it is a pipe (FIFO), not a regular file"), "\(imported.stderr)")
        for rules in ["/dev/zero", fifo] {
            let check = try LifelineCommandTests.run(["check", "--rules", rules, "x.db"], in: directory)
            #expect(check.status == 2)
            #expect(check.stderr.hasPrefix("\(rules): error: cannot read rules: it is a"), "\(check.stderr)")
        }
    }

    @Test("a trace directory holding a FIFO or a link to /dev/zero named like a trace: import, check and validate refuse it")
    func artifactDirectory() throws {
        let directory = try Self.directory([:])
        defer { try? FileManager.default.removeItem(at: directory) }
        let traces = directory.appendingPathComponent("artifact")
        try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
        try (#"{"lifeline":1,"type":"launch"}"# + "\n").write(
            to: traces.appendingPathComponent("ok.ndjson"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: traces.appendingPathComponent("zero.ndjson").path,
            withDestinationPath: "/dev/zero")
        #expect(mkfifo(traces.appendingPathComponent("pipe.ndjson").path, 0o600) == 0)

        let imported = try LifelineCommandTests.run(["import", "--db", "x.db", "artifact"], in: directory)
        #expect(imported.status == 2)
        #expect(
            imported.stderr == """
                artifact/pipe.ndjson: error: it is a pipe (FIFO), not a regular file
                artifact/zero.ndjson: error: it is a device, not a regular file

                """)
        let check = try LifelineCommandTests.run(["check", "artifact"], in: directory)
        #expect(check.status == 2)
        #expect(
            check.stdout.hasPrefix(
                """
                artifact/pipe.ndjson: error: it is a pipe (FIFO), not a regular file
                artifact/zero.ndjson: error: it is a device, not a regular file

                """), "\(check.stdout)")
        let validate = try LifelineCommandTests.run(
            ["validate", "artifact/zero.ndjson", "artifact/pipe.ndjson", "artifact/ok.ndjson"], in: directory)
        #expect(validate.status == 2)
        #expect(
            validate.stderr == """
                artifact/zero.ndjson: error: cannot read: it is a device, not a regular file
                artifact/pipe.ndjson: error: cannot read: it is a pipe (FIFO), not a regular file

                """)
    }

    // MARK: - Rules that are not text

    @Test("a rules file that is not UTF-8 is an error at its first bad byte, in check and the shell")
    func rulesNotUTF8() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("rule ok: never a.b\nrule r: never ".utf8 + [0xFF] + Data(".b\n".utf8))
            .write(to: directory.appendingPathComponent("bad.rules"))
        let diagnostic = """
            bad.rules:2:15: error: invalid UTF-8 (byte 0xFF); a rules file must be UTF-8 text
              2 | rule r: never \u{FFFD}.b
                |               ^
            """
        let check = try LifelineCommandTests.run(["check", "--rules", "bad.rules", "lifeline.db"], in: directory)
        #expect(check.status == 2)
        #expect(check.stderr == diagnostic + "\n", "\(check.stderr)")
        let repl = try Self.repl(["lifeline.db"], input: ".load bad.rules\n.check bad.rules\n", in: directory)
        #expect(repl.stderr.components(separatedBy: diagnostic).count == 3, "\(repl.stderr)")
    }

    @Test("a rules file nested a hundred thousand parentheses deep is checked, from ./rules as from --rules, never a stack overflow")
    func deeplyNestedRules() throws {
        let depth = 100_000
        let open = String(repeating: "(", count: depth)
        let close = String(repeating: ")", count: depth)
        let trace =
            #"{"lifeline":1,"type":"launch","started":"2026-11-21T10:00:00Z"}"# + "\n"
            + #"{"seq":1,"t":0,"event":"ui.setup"}"# + "\n"
        let directory = try Self.directory([
            "t.ndjson": trace,
            "unclosed.rules": "rule unclosed: never \(open)ui.setup\(close.dropLast())\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let rules = directory.appendingPathComponent("rules")
        try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
        try "rule deep.never-setup: never \(open)ui.setup\(close)\n"
            .write(to: rules.appendingPathComponent("deep.rules"), atomically: true, encoding: .utf8)

        // Loaded from ./rules with no flag, as in a pull request's CI: the rule fires on its event.
        let check = try LifelineCommandTests.run(["check", "--format", "jsonl", "t.ndjson"], in: directory)
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.stdout.contains(#""rule":"deep.never-setup""#), "\(check.stdout)")

        let unclosed = try LifelineCommandTests.run(["check", "--no-local-rules", "--rules", "unclosed.rules", "t.ndjson"], in: directory)
        #expect(unclosed.status == 2, "\(unclosed.stderr)")
        #expect(unclosed.stderr.hasPrefix("unclosed.rules:2:1: error: expected ')', found end of file\n"), "\(unclosed.stderr.prefix(300))")
    }

    // MARK: - Output that cannot be written

    /// Runs the binary with standard output on `/dev/full`.
    static func runIntoFullDevice(_ arguments: [String], input: String? = nil, in directory: URL) throws -> LifelineCommandTests.Run {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        return try LifelineCommandTests.run(
            arguments, in: directory, input: input, environment: ["LIFELINE_HISTORY": ""], standardOutput: full)
    }

    @Test(".output /dev/full then a query is an error and a failed script")
    func outputToFullDevice() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.repl(
            ["lifeline.db"], input: ".output /dev/full\nSELECT 1;\n.output\n.once /dev/full\n.tables\nSELECT 2 AS two;\n", in: directory)
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                <stdin>:2:1: error: cannot write to '/dev/full': no space left on device
                <stdin>:5:1: error: cannot write to '/dev/full': no space left on device

                """)
        #expect(run.stdout == "2\n")
    }

    @Test(
        "standard output on a full device fails the shell and every command that prints",
        arguments: [
            ["repl", "lifeline.db"], ["check", "lifeline.db"], ["validate", "traces/notes-ipad.ndjson"], ["callbacks"], ["rules"],
        ])
    func standardOutputFull(_ arguments: [String]) throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.runIntoFullDevice(arguments, input: "SELECT 1;\n", in: directory)
        if arguments[0] == "repl" {
            #expect(run.status == 1)
            #expect(run.stderr == "<stdin>:1:1: error: cannot write to 'standard output': no space left on device\n")
        } else {
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stderr.hasSuffix("error: cannot write to standard output: no space left on device\n"), "\(run.stderr)")
        }
    }

    // MARK: - Importers and the disk

    @Test("two importers of one file at once: both exit 0, the rows are there once, and the second imports nothing")
    func concurrentImportsOfOneFile() throws {
        let directory = try Self.directory([:])
        defer { try? FileManager.default.removeItem(at: directory) }
        var text = ""
        for launch in 1...4 {
            text += #"{"lifeline":1,"type":"launch","launch":"L\#(launch)"}"# + "\n"
            for seq in 1...500 { text += #"{"seq":\#(seq),"t":\#(seq * 100),"event":"app.work"}"# + "\n" }
        }
        try text.write(to: directory.appendingPathComponent("t.ndjson"), atomically: true, encoding: .utf8)
        let imported = "imported 1 file, 4 launches, 2,000 events, 0 skipped lines in "
        let nothingNew = "t.ndjson: already imported, nothing new\nimported 1 file (1 unchanged), 0 launches, 0 events, 0 skipped lines in "
        for round in 1...10 {
            let db = "same-\(round).db"
            // The database exists: the race is between the two imports, not the two migrations.
            _ = try TraceStore(path: directory.appendingPathComponent(db).path)
            let started = try (0..<2).map { _ in try LifelineCommandTests.start(["import", "t.ndjson", "--db", db], in: directory) }
            let runs = started.map { $0.wait() }
            #expect(runs.map(\.status) == [0, 0], "round \(round): \(runs.map(\.stderr))")
            #expect(runs.filter { $0.stdout.hasPrefix(imported) }.count == 1, "round \(round): \(runs.map(\.stdout))")
            #expect(runs.filter { $0.stdout.hasPrefix(nothingNew) }.count == 1, "round \(round): \(runs.map(\.stdout))")
            let store = try TraceStore(path: directory.appendingPathComponent(db).path)
            let counts = try store.database.read { db in
                (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM trace_file"), try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event"))
            }
            #expect(counts.0 == 1 && counts.1 == 2_000, "round \(round)")
        }
    }

    /// A directory on a 2 MB tmpfs mounted for the test, or nil where the test may not mount (not root).
    static func smallFileSystem() throws -> URL? {
        let directory = try LifelineCommandTests.temporaryDirectory()
        guard geteuid() == 0,
            let mount = try? LifelineCommandTests.run(
                ["-t", "tmpfs", "-o", "size=2m", "tmpfs", directory.path], executable: URL(fileURLWithPath: "/bin/mount")),
            mount.status == 0
        else {
            try? FileManager.default.removeItem(at: directory)
            return nil
        }
        return directory
    }

    @Test("a disk that fills up mid-import: the error once, exit 1, the space given back, the database intact")
    func diskFull() throws {
        let traces = try Self.directory([:])
        defer { try? FileManager.default.removeItem(at: traces) }
        var big = #"{"lifeline":1,"type":"launch","launch":"BIG"}"# + "\n"
        for seq in 1...30_000 {
            big += #"{"seq":\#(seq),"t":\#(seq * 10),"event":"app.work","attrs":{"pad":"\#(String(repeating: "x", count: 60))"}}"# + "\n"
        }
        try big.write(to: traces.appendingPathComponent("big.ndjson"), atomically: true, encoding: .utf8)
        try #"{"lifeline":1,"type":"launch","launch":"S"}"#.appending("\n").appending(#"{"seq":1,"t":1,"event":"app.work"}"#)
            .appending("\n").write(to: traces.appendingPathComponent("small.ndjson"), atomically: true, encoding: .utf8)

        let run: LifelineCommandTests.Run
        let database: URL
        let mounted = try Self.smallFileSystem()
        defer {
            if let mounted {
                _ = try? LifelineCommandTests.run([mounted.path], executable: URL(fileURLWithPath: "/bin/umount"))
                try? FileManager.default.removeItem(at: mounted)
            }
        }
        if let mounted {
            // A real full disk: a 2 MB file system.
            database = mounted.appendingPathComponent("x.db")
            run = try LifelineCommandTests.run(["import", "--db", database.path, "big.ndjson"], in: traces)
            #expect(run.stderr == "big.ndjson: error: database or disk is full (not imported)\n", "\(run.stderr)")
            let left = try FileManager.default.contentsOfDirectory(atPath: mounted.path).reduce(0) { total, name in
                total + ((try? FileManager.default.attributesOfItem(atPath: mounted.appendingPathComponent(name).path)[.size] as? Int) ?? 0)
            }
            #expect(left < 512 * 1024, "the failed import's pages are given back: \(left) bytes left")
        } else {
            // Without root, a file size limit (SIGXFSZ ignored, so writes fail with EFBIG) stands in for the full disk.
            database = traces.appendingPathComponent("x.db")
            run = try LifelineCommandTests.run(
                [
                    "-c", #"trap '' XFSZ; ulimit -f 2048; exec "$0" "$@""#, LifelineCommandTests.binary.path,
                    "import", "--db", database.path, "big.ndjson",
                ],
                in: traces, executable: URL(fileURLWithPath: "/bin/sh"))
            #expect(run.stderr.hasPrefix("big.ndjson: error: "), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        }
        #expect(run.status == 1)
        let small = try LifelineCommandTests.run(["import", "--quiet", "--db", database.path, "small.ndjson"], in: traces)
        #expect(small.status == 0, "\(small.stderr)")
        let store = try TraceStore(path: database.path)
        #expect(try store.database.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
        #expect(try store.counts().events == 1)
    }

    // MARK: - A database from elsewhere

    @Test("a database whose columns hold the wrong types gives errors in the shell and check, not a trap")
    func hostileDatabase() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try DatabaseQueue(path: directory.appendingPathComponent("lifeline.db").path).write { db in
            try db.execute(
                sql: """
                    UPDATE launch SET uuid = x'00ff', app = 3.5, started = 12;
                    UPDATE trace_file SET path = x'41';
                    UPDATE event_raw SET t = 'soon' WHERE rowid = 2;
                    """)
        }
        let repl = try Self.repl(
            ["lifeline.db"], input: ".launches\n.timeline 1\n.sessions 1\n.headers on\nSELECT 'alive' AS state;\n", in: directory)
        #expect(repl.status == 1)
        #expect(!repl.stderr.contains("Fatal error"), "\(repl.stderr)")
        #expect(repl.stderr.hasPrefix("<stdin>:1:1: error: could not decode"), "\(repl.stderr)")
        #expect(repl.stdout.hasSuffix("state\nalive\n"))
        let check = try LifelineCommandTests.run(["check", "lifeline.db"], in: directory)
        #expect(!check.stderr.contains("Fatal error"), "\(check.stderr)")
        // The checker reads these columns as SQLite converts them (a text time reads as 0, a blob as its
        // bytes): the fixture's traces check as they did, with no trap and no input error.
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// Special files in a scratch directory, never the system's: a FIFO, and as root a private node of `/dev/full`'s device.
    static func specialFiles(in directory: URL) throws -> [(path: String, error: String)] {
        var files = [(try Self.fifo(in: directory), "it is a pipe (FIFO)")]
        let full = directory.appendingPathComponent("full").path
        // dev_t(1 << 8 | 7) is makedev(1, 7), a C macro Swift cannot call.
        if geteuid() == 0, mknod(full, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0 {
            files.append((full, "no space left on device"))
        }
        return files
    }

    @Test("check -o and simulate -o never replace a device or a FIFO, and a failed report write is an error")
    func outputsThatAreNotFiles() throws {
        let directory = try Self.directory([
            "t.ndjson": #"{"lifeline":1,"type":"launch"}"# + "\n", "s.scenario": "launch cold; home\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        for (path, error) in try Self.specialFiles(in: directory) {
            let kind = InputFile(path: path)
            let check = try LifelineCommandTests.run(["check", "t.ndjson", "-o", path], in: directory)
            #expect(check.status == 2)
            #expect(check.stderr.hasPrefix("\(path): error: cannot write the report: "), "\(check.stderr)")
            #expect(check.stderr.contains(error), "\(check.stderr)")
            let simulate = try LifelineCommandTests.run(["simulate", "s.scenario", "-o", path], in: directory)
            #expect(simulate.status == 2)
            #expect(simulate.stderr.hasPrefix("\(path): error: cannot replace the file: it is a"), "\(simulate.stderr)")
            #expect(InputFile(path: path) == kind, "\(path) is still what it was")
        }
    }
}
