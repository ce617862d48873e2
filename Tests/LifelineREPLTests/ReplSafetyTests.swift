import Foundation
import GRDB
import LifelineFormat
import LifelineSupport
import LifelineTestSupport
import Testing

@testable import LifelineREPL

@Suite("database safety")
struct ReplSafetyTests {
    @Test("the connection is read-only: no statement changes the file")
    func readOnly() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.path("lifeline.db")))
        let run = try fixture.run(
            """
            DELETE FROM event;
            DROP VIEW timeline;
            UPDATE launch SET app = 'x';
            CREATE TABLE t (x);
            PRAGMA journal_mode = DELETE;
            INSERT INTO trace_file (path, content_hash, size, line_count, imported_at) VALUES ('x', 'y', 0, 0, 'z');
            """)
        #expect(run.text.components(separatedBy: "attempt to write a readonly database").count == 6, "\(run.text)")
        #expect(
            run.text.contains("session.script:5:1: error: 'PRAGMA journal_mode = ...' is not allowed in the shell"),
            "journal_mode cannot change: \(run.text)")
        let after = try Data(contentsOf: URL(fileURLWithPath: fixture.path("lifeline.db")))
        #expect(before == after)
    }

    @Test("extensions cannot be loaded and schema functions are not trusted")
    func noExtensions() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(
            """
            SELECT load_extension('libm.so.6');
            .mode list --titles on
            PRAGMA trusted_schema;
            """)
        #expect(run.text.contains("session.script:1:8: error: 'load_extension()' is not allowed in the shell"))
        #expect(run.text.hasSuffix("trusted_schema\n0\n"))
    }

    @Test(".import writes, and the connection is read-only again afterwards")
    func importThenReadOnly() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(
            ".import extra/late.ndjson\nDELETE FROM launch;\n.mode list --titles on\nSELECT COUNT(*) AS n FROM launch;\n")
        #expect(run.text.contains("imported 1 file, 1 launch, 4 events, 1 skipped line\n"))
        #expect(run.text.contains("attempt to write a readonly database"))
        #expect(run.text.hasSuffix("n\n3\n"))
    }

    @Test(".import refuses a database that is not Lifeline's")
    func foreignDatabase() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let path = fixture.path("other.db")
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE notes (body TEXT)") }
        let sink = TextSink()
        let shell = try ReplShell(
            configuration: ReplConfiguration(databasePath: "other.db", directory: fixture.directory.path),
            output: sink, errors: sink)
        #expect(shell.banner.hasPrefix("other.db: not a Lifeline database"))
        shell.run(reader: StreamLineReader(text: ".import traces\n.tables\n", name: "test"))
        #expect(
            sink.text == """
                test:1:1: error: .import: other.db is not a Lifeline database; not writing to it
                notes

                """)
    }

    @Test("no input crashes the shell: random bytes and every command with odd arguments")
    func fuzz() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        var generator = SplitMix64(seed: 42)
        var script = ""
        let words =
            ReplCommandRegistry.standard.names.filter { $0 != ".quit" && $0 != ".exit" && $0 != ".output" && $0 != ".once" }
            + ["SELECT", "'", "\"", ";", "(", "x'0", "--", "/*", "\u{1B}", "\u{0}", "99", "-1", "S1", "é", "FROM event"]
        for _ in 0..<400 {
            let count = Int.random(in: 0...5, using: &generator)
            script += (0..<count).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ") + "\n"
        }
        let sink = TextSink()
        let shell = try ReplShell(
            configuration: ReplConfiguration(databasePath: "lifeline.db", directory: fixture.directory.path, width: 60),
            output: sink, errors: sink)
        #expect(shell.run(reader: StreamLineReader(text: script, name: "fuzz")) == 1)
        // The same shell still works afterwards.
        shell.run(reader: StreamLineReader(text: ".output\n.mode list --titles on\nSELECT 'alive' AS state;\n", name: "after"))
        #expect(sink.text.hasSuffix("state\nalive\n"))
    }

    @Test("JSON strings escape what a terminal would obey on a terminal, C0 controls always, and stay valid JSON")
    func json() {
        let text = "a\"b\\c\u{1B}\u{9B}\u{202E}\n\u{8}"
        #expect(ResultPrinter.jsonString(text, escapingTerminalControls: true) == #""a\"b\\c\u001b\u009b\u202e\n\b""#)
        #expect(ResultPrinter.jsonString(text, escapingTerminalControls: false) == "\"a\\\"b\\\\c\\u001b\u{9B}\u{202E}\\n\\b\"")
    }
}
