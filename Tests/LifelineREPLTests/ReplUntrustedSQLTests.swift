import Foundation
import Testing

@testable import LifelineREPL

/// SQL from a script or a saved query is untrusted: what it must not be able to do in the shell.
@Suite("untrusted SQL")
struct ReplUntrustedSQLTests {
    static let refused: [(sql: String, message: String)] = [
        ("SELECT fts3_tokenizer('simple', x'4141414141414141');", "error: 'fts3_tokenizer()' is not allowed in the shell"),
        ("SELECT fts3_tokenizer('simple');", "error: 'fts3_tokenizer()' is not allowed in the shell"),
        ("CREATE VIRTUAL TABLE temp.t USING fts3(x, tokenize=simple);", "error: virtual tables ('fts3') are not allowed in the shell"),
        (
            "VACUUM INTO 'copy.db';",
            "error: 'ATTACH' and 'VACUUM INTO' are not allowed in the shell: SQL here reads this database and writes no files"
        ),
        (
            "ATTACH 'other.db' AS other;",
            "error: 'ATTACH' and 'VACUUM INTO' are not allowed in the shell: SQL here reads this database and writes no files"
        ),
        ("PRAGMA writable_schema = ON;", "error: 'PRAGMA writable_schema = ...' is not allowed in the shell"),
        ("PRAGMA trusted_schema = ON;", "error: 'PRAGMA trusted_schema = ...' is not allowed in the shell"),
        ("SELECT zeroblob(200000000);", "error: string or blob too big (a value or a row may hold at most 100 MB)"),
    ]

    @Test("what a read-only analysis shell never needs is refused by name, and the shell goes on", arguments: refused)
    func refusedStatements(_ sql: String, _ message: String) throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(".mode list --titles on\n\(sql)\nSELECT 'alive' AS state;\n")
        #expect(run.text.contains("session.script:2:"), "\(run.text)")
        #expect(run.text.contains(message), "\(run.text)")
        #expect(run.text.hasSuffix("state\nalive\n"))
        #expect(run.status == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path)
        #expect(!files.contains("copy.db") && !files.contains("other.db"), "\(files)")
    }

    @Test("a 1 GB printf() cell is never built")
    func printfCell() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(".mode list --titles on\nSELECT length(printf('%999999999s', 1)) AS n;\n")
        // SQLite's printf() gives NULL when its result would pass the length limit.
        #expect(run.text == "n\n\n", "\(run.text)")
    }

    @Test("reading pragmas, schema pragmas and pragma functions still work")
    func readingPragmas() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(
            """
            .mode list --titles on
            PRAGMA trusted_schema;
            PRAGMA user_version;
            SELECT COUNT(*) > 3 AS ok FROM pragma_table_info('launch');
            PRAGMA table_info(launch);
            """)
        #expect(run.status == 0, "\(run.text)")
        #expect(
            run.text.hasPrefix("trusted_schema\n0\nuser_version\n0\nok\n1\ncid|name|type|notnull|dflt_value|pk\n0|id|INTEGER"),
            "\(run.text)")
    }
}
