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
}
