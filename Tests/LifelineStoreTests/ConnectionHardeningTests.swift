import CSQLiteConfig
import Foundation
import GRDB
import GRDBSQLite
import Testing

@testable import LifelineStore

/// The settings every connection gets (``ConnectionHardening``) and the authorizer for untrusted SQL.
@Suite("Connection hardening")
struct ConnectionHardeningTests {
    @Test("the store's own connections are hardened: no schema trust, no tokenizer pointers, no ATTACH, bounded values")
    func storeConnections() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.store.database.read { (db: Database) throws in
            #expect(try Int.fetchOne(db, sql: "PRAGMA trusted_schema") == 0)
            // With the tokenizer option off, even the one-argument form yields no pointer.
            #expect(try DatabaseValue.fetchOne(db, sql: "SELECT fts3_tokenizer('simple')") == .null)
            #expect(throws: DatabaseError.self) { try db.execute(sql: "ATTACH ':memory:' AS other") }
            let tooBig = #expect(throws: DatabaseError.self) { try Data.fetchOne(db, sql: "SELECT zeroblob(200000000)") }
            #expect(tooBig?.resultCode == .SQLITE_TOOBIG)
            #expect(try Int.fetchOne(db, sql: "SELECT length(zeroblob(99000000))") == 99_000_000)
        }
        try fixture.store.database.write { (db: Database) throws in
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "SELECT fts3_tokenizer('simple', x'4141414141414141')")
            }
            // Defensive mode: writable_schema is ignored, so the schema table stays read-only.
            try db.execute(sql: "PRAGMA writable_schema = ON")
            #expect(throws: DatabaseError.self) { try db.execute(sql: "DELETE FROM sqlite_schema WHERE name = 'launch'") }
            #expect(try db.tableExists("launch"))
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.path("copy.db")))
        #expect(throws: DatabaseError.self) {
            try fixture.store.database.writeWithoutTransaction { try $0.execute(sql: "VACUUM INTO '\(fixture.path("copy.db"))'") }
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.path("copy.db")))
    }

    static let denied: [(action: Int32, first: String?, second: String?)] = [
        (SQLITE_ATTACH, "/tmp/x.db", nil),
        (SQLITE_DETACH, "x", nil),
        (SQLITE_PRAGMA, "writable_schema", "ON"),
        (SQLITE_PRAGMA, "TRUSTED_SCHEMA", "1"),
        (SQLITE_PRAGMA, "journal_mode", "DELETE"),
        (SQLITE_PRAGMA, "schema_version", "7"),
        (SQLITE_CREATE_VTABLE, "t", "fts3"),
        (SQLITE_FUNCTION, nil, "fts3_tokenizer"),
        (SQLITE_FUNCTION, nil, "load_extension"),
    ]

    @Test(
        "the untrusted-SQL authorizer refuses files, setting changes, virtual tables and pointer functions",
        arguments: denied)
    func refusals(_ action: Int32, _ first: String?, _ second: String?) {
        #expect(UntrustedSQLAuthorizer.denial(action: action, first, second) != nil)
    }

    static let allowed: [(action: Int32, first: String?, second: String?)] = [
        (SQLITE_SELECT, nil, nil),
        (SQLITE_READ, "launch", "app"),
        (SQLITE_PRAGMA, "user_version", nil),
        (SQLITE_PRAGMA, "writable_schema", nil),
        (SQLITE_PRAGMA, "table_info", "launch"),
        (SQLITE_PRAGMA, "integrity_check", "10"),
        (SQLITE_FUNCTION, nil, "printf"),
        (SQLITE_CREATE_TEMP_TABLE, "t", nil),
        (SQLITE_INSERT, "t", nil),
        (SQLITE_TRANSACTION, "BEGIN", nil),
        (SQLITE_SAVEPOINT, "BEGIN", "a"),
    ]

    @Test("it allows reading, reading pragmas, temporary tables and transactions", arguments: allowed)
    func allowances(_ action: Int32, _ first: String?, _ second: String?) {
        #expect(UntrustedSQLAuthorizer.denial(action: action, first, second) == nil)
    }

    @Test("the shell's temporary tables are capped in all, the cap cannot be raised, and reaching it is named")
    func temporaryStorageCap() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let full = try SQLSession(path: fixture.store.path)
        var pages: [SQLValue] = []
        try full.execute("PRAGMA temp.max_page_count", columns: { _ in }, row: { pages = $0 })
        var pageSize: [SQLValue] = []
        try full.execute("PRAGMA temp.page_size", columns: { _ in }, row: { pageSize = $0 })
        guard case .integer(let bytes)? = pageSize.first else { Issue.record("no page size: \(pageSize)"); return }
        #expect(pages == [.integer(ConnectionHardening.maximumTemporaryBytes / bytes)])
        #expect(throws: SQLStatementError.self) {
            try full.execute("PRAGMA temp.max_page_count = 2147483647", columns: { _ in }, row: { _ in })
        }

        let session = try SQLSession(path: fixture.store.path, temporaryBytes: 1 << 20)
        try session.execute("CREATE TEMP TABLE t (x)", columns: { _ in }, row: { _ in })
        try session.execute("INSERT INTO t VALUES (zeroblob(500000))", columns: { _ in }, row: { _ in })
        let error = #expect(throws: SQLStatementError.self) {
            try session.execute("INSERT INTO t SELECT zeroblob(500000) FROM (VALUES (1), (2), (3))", columns: { _ in }, row: { _ in })
        }
        #expect(error?.message == ConnectionHardening.fullMessage)
        #expect(error?.message.contains("at most 4 GiB") == true)
        var count: [SQLValue] = []
        try session.execute("SELECT count(*) FROM t", columns: { _ in }, row: { count = $0 })
        #expect(count == [.integer(1)])
    }

    @Test("installed on a connection, it names why the last statement was refused")
    func installed() throws {
        let authorizer = UntrustedSQLAuthorizer()
        var configuration = Configuration()
        ConnectionHardening.prepare(&configuration)
        configuration.prepareDatabase { authorizer.install(on: $0) }
        let queue = try DatabaseQueue(configuration: configuration)
        try queue.inDatabase { (db: Database) throws in
            try db.execute(sql: "CREATE TEMP TABLE t (x); INSERT INTO t VALUES (1)")
            #expect(authorizer.lastDenial == nil)
            #expect(throws: DatabaseError.self) { try db.execute(sql: "PRAGMA trusted_schema = 1") }
            #expect(authorizer.lastDenial?.hasPrefix("'PRAGMA trusted_schema = ...' is not allowed") == true)
            authorizer.reset()
            #expect(authorizer.lastDenial == nil)
            #expect(try Int.fetchOne(db, sql: "SELECT x FROM t") == 1)
        }
    }
}
