import Foundation
import Testing

@testable import LifelineREPL

/// Explicit transactions in user SQL: supported on temporary objects, and never the end of the shell.
@Suite("transactions")
struct ReplTransactionTests {
    /// Every transaction statement form SQLite has, each left open or ended wrongly, then a query.
    static let statements = [
        "BEGIN;", "BEGIN TRANSACTION;", "BEGIN DEFERRED;", "BEGIN IMMEDIATE;", "BEGIN EXCLUSIVE;",
        "SAVEPOINT a;", "COMMIT;", "END;", "END TRANSACTION;", "ROLLBACK;", "ROLLBACK TRANSACTION;",
        "RELEASE a;", "RELEASE SAVEPOINT a;", "ROLLBACK TO a;", "ROLLBACK TO SAVEPOINT a;",
        "BEGIN; BEGIN;", "SAVEPOINT a; SAVEPOINT b; RELEASE a;", "BEGIN; SAVEPOINT a; ROLLBACK TO a; COMMIT; COMMIT;",
    ]

    @Test(
        "no transaction statement stops the shell, alone, on a line with others, or in a .read script",
        arguments: statements)
    func neverFatal(_ statement: String) throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        try "\(statement)\nSELECT 'inner' AS state;\n".write(toFile: fixture.path("tx.sql"), atomically: true, encoding: .utf8)
        let run = try fixture.run(
            """
            .mode list --titles on
            \(statement)
            SELECT 'first' AS state; \(statement) SELECT 'second' AS state;
            .read tx.sql
            SELECT 'alive' AS state;
            """)
        #expect(run.text.contains("state\nfirst\n"), "\(run.text)")
        #expect(run.text.hasSuffix("state\nalive\n"), "\(run.text)")
    }

    @Test("a transaction groups changes to temporary tables, with savepoints, across lines")
    func temporaryTables() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(
            """
            .mode list --titles on
            BEGIN;
            CREATE TEMP TABLE picked (id INTEGER);
            INSERT INTO picked SELECT id FROM launch;
            SAVEPOINT extra; INSERT INTO picked VALUES (99);
            ROLLBACK TO extra;
            RELEASE extra;
            COMMIT;
            SELECT COUNT(*) AS n FROM picked;
            BEGIN;
            DELETE FROM picked;
            ROLLBACK;
            SELECT COUNT(*) AS n FROM picked WHERE id = 99;
            SELECT COUNT(*) AS n FROM picked;
            """)
        #expect(run.status == 0, "\(run.text)")
        #expect(run.text == "n\n2\nn\n0\nn\n2\n")  // the fixture has two launches
    }

    @Test("commands that write refuse to run inside an open transaction, and run once it ends")
    func writingCommandsWait() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(
            """
            BEGIN;
            CREATE TEMP TABLE keep (x);
            .import extra/late.ndjson
            .check
            COMMIT;
            .import extra/late.ndjson
            """)
        #expect(
            run.text.contains(
                """
                session.script:3:1: error: a transaction is open: end it with 'COMMIT;' or 'ROLLBACK;' first
                session.script:4:1: error: a transaction is open: end it with 'COMMIT;' or 'ROLLBACK;' first
                """), "\(run.text)")
        #expect(run.text.contains("imported 1 file, 1 launch, 4 events"), "\(run.text)")
    }
}
