import Foundation
import LifelineTestSupport
import Testing

/// The same script through the system `sqlite3` and through `lifeline repl` on the same database:
/// standard output must be byte for byte the same, and so must the exit status.
///
/// The reference is sqlite3 3.53, whose recorded outputs ``ReplSqlite353Tests`` holds the shell
/// to; Debian's sqlite3 (3.40) is compared live only where it prints what 3.53 prints (the
/// dot-commands below, `json` without blobs, `list`), and for `EXPLAIN`, whose columns come from
/// the SQLite library the two shells share here (3.53's build adds comments). Where 3.40 and 3.53
/// differ (escaping, the modes' defaults, reals, line mode, CSV line ends), 3.53 is right.
///
/// An integration test (``Integration``): skipped where `sqlite3` is missing, unless
/// `LIFELINE_INTEGRATION=require` (`.ci/run`, which installs it).
@Suite(
    "lifeline repl against sqlite3 (differential)",
    .enabled(if: Integration.has("sqlite3"), Comment(rawValue: Integration.wants("sqlite3"))))
struct ReplDifferentialTests {
    /// Values that exercise every machine format: integers to the limit, reals that print alike in
    /// both shells, text with separators, quotes, apostrophes, line breaks, a carriage return,
    /// non-ASCII and markup, blobs (one not UTF-8, one empty), NULL and the text 'NULL'.
    static let values = """
        CREATE TEMP TABLE v(i INTEGER, r REAL, t TEXT, b BLOB, n);
        INSERT INTO v VALUES (1, 2.5, 'plain', x'414243', NULL),
          (-7, 1e20, 'a,b "q" it''s', x'41ff', 'NULL'),
          (0, -0.5, 'line' || char(10) || 'break' || char(13) || 'x', x'', 'é ü'),
          (9223372036854775807, 1.0, '', x'41', '<a href="x">&</a>');

        """

    /// The cases: a name and the script after ``values``.
    static let cases: [(String, String)] = [
        // json: blobs are objects in Lifeline, strings in sqlite3 (a deliberate difference).
        (".mode json", ".mode json\nSELECT i, r, t, n FROM v;\nSELECT 1 AS a WHERE 0;\n"),
        (".print", ".print hello   world 'a b'\n.print\n"),
        (".echo", ".echo on\nSELECT 1;\n.print x\nSELECT 2\n  ;\n.echo off\nSELECT 3;\n"),
        (".changes", ".changes on\nINSERT INTO v(i) VALUES (5), (6);\nSELECT count(*) FROM v;\nDELETE FROM v WHERE i > 4;\n"),
        (
            ".eqp",
            """
            .eqp on
            SELECT * FROM event WHERE launch_id = 1 ORDER BY t LIMIT 1;
            SELECT e.seq FROM event e JOIN launch l ON l.id = e.launch_id WHERE l.app LIKE 'com%' GROUP BY e.seq ORDER BY 1 LIMIT 2;
            SELECT (SELECT count(*) FROM launch), x FROM (SELECT 1 AS x UNION ALL SELECT 2);
            .eqp off
            SELECT 4;

            """
        ),
        (".databases", ".databases\n"),
        (".dump TABLE", ".dump launch\n.dump trace%\n"),
        (".fullschema", ".fullschema\n"),
        (
            ".parameter",
            """
            .parameter set :a 5
            .parameter set @b 'x y'
            .parameter set $c hello
            .parameter set :r 2.5
            .parameter list
            SELECT :a, @b, $c, :r, :missing, typeof(:a), typeof($c);
            .parameter unset :a
            SELECT :a;
            .parameter clear
            .parameter list
            SELECT @b;

            """
        ),
        (
            "EXPLAIN",
            """
            EXPLAIN SELECT * FROM launch WHERE id > 1 ORDER BY app;
            EXPLAIN SELECT * FROM event WHERE launch_id = 2;
            EXPLAIN QUERY PLAN SELECT * FROM launch ORDER BY app;
            EXPLAIN SELECT * FROM span;

            """
        ),
        (".bail", ".bail on\nSELECT 1;\nSELECT * FROM nosuch;\nSELECT 2;\n"),
        ("errors go on", "SELECT 1;\nSELECT * FROM nosuch;\nSELECT 2;\n"),
        (".show", ".show\n.mode csv\n.nullvalue 'n/a'\n.width 3 -4\n.eqp on\n.explain off\n.headers on\n.show\n"),
    ]

    @Test("sqlite3 and lifeline repl print the same bytes and exit alike", arguments: cases.map(\.0))
    func sameOutput(_ name: String) throws {
        let sqlite3 = try #require(
            Self.sqlite3, "sqlite3 is not installed: the differential test needs it (apt-get install sqlite3; .ci/run does)")
        let script = Self.values + (Self.cases.first { $0.0 == name }?.1 ?? "")
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }

        let reference = try Self.run(sqlite3, ["-readonly", "lifeline.db"], script: script, in: directory, name: "sqlite3")
        let lifeline = try Self.run(
            LifelineCommandTests.binary, ["repl", "lifeline.db"], script: script, in: directory, name: "lifeline")
        #expect(!reference.output.isEmpty || name == ".bail", "sqlite3 printed nothing: the case tests nothing")
        #expect(
            lifeline.output == reference.output,
            "sqlite3:\n\(String(decoding: reference.output, as: UTF8.self))\nlifeline:\n\(String(decoding: lifeline.output, as: UTF8.self))"
        )
        #expect(lifeline.status == reference.status)
    }

    /// The command-line flags whose output 3.40 and 3.53 agree on, alone and with the header flags, on
    /// a query whose values need quoting (a comma, a quote, a line break), a NULL and a real.
    static let flagCases: [[String]] = [["-json"], ["-list"], ["-list", "-header"], ["-list", "-noheader"]]

    @Test("sqlite3 and lifeline repl print the same bytes for the same command-line flags", arguments: flagCases)
    func sameOutputForFlags(_ flags: [String]) throws {
        let sqlite3 = try #require(
            Self.sqlite3, "sqlite3 is not installed: the differential test needs it (apt-get install sqlite3; .ci/run does)")
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let query =
            "SELECT launch_id, session, event, 'a,b \"c\"' || char(10) || 'd' AS text, NULL AS missing, 1.5 AS real "
            + "FROM event ORDER BY id LIMIT 3"
        let reference = try Self.run(sqlite3, ["-readonly"] + flags + ["lifeline.db", query], script: "", in: directory, name: "sqlite3")
        let lifeline = try Self.run(
            LifelineCommandTests.binary, ["repl"] + flags + ["lifeline.db", query], script: "", in: directory, name: "lifeline")
        #expect(!reference.output.isEmpty && reference.status == 0, "sqlite3 failed: the case tests nothing")
        #expect(
            lifeline.output == reference.output,
            "sqlite3:\n\(String(decoding: reference.output, as: UTF8.self))\nlifeline:\n\(String(decoding: lifeline.output, as: UTF8.self))"
        )
        #expect(lifeline.status == reference.status)
    }

    /// The `sqlite3` on the path, nil when there is none.
    static var sqlite3: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("sqlite3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `executable` with `script` on standard input and returns its standard output's bytes and its exit status.
    static func run(
        _ executable: URL, _ arguments: [String], script: String, in directory: URL, name: String
    ) throws -> (
        output: Data, status: Int32
    ) {
        let outputURL = directory.appendingPathComponent("\(name).out")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let handle = try FileHandle(forWritingTo: outputURL)
        let run = try LifelineCommandTests.run(
            arguments, in: directory, input: script, environment: ["LIFELINE_HISTORY": ""], executable: executable,
            standardOutput: handle)
        try handle.close()
        return (try Data(contentsOf: outputURL), run.status)
    }
}
