import Foundation
import GRDB
import LifelineStore
import LifelineTestSupport
import Testing

/// `--db` may name any file: Lifeline must not add its tables to another program's database.
@Suite("databases Lifeline did not make")
struct ForeignDatabaseTests {
    @Test func anotherProgramsDatabaseIsRefusedAndLeftAsItWas() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("app.sqlite").path
        let other = try DatabaseQueue(path: path)
        // Another GRDB app: it has a migrations table too, with its own migrations.
        var migrator = DatabaseMigrator()
        migrator.registerMigration("create notes") { db in try db.execute(sql: "CREATE TABLE note(text TEXT)") }
        try migrator.migrate(other)
        try other.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        #expect {
            _ = try TraceStore(path: path)
        } throws: { error in
            (error as? StoreError)?.description == "\(path): error: not a Lifeline database (it has tables "
                + "'grdb_migrations', 'note'); Lifeline adds its tables only to a new file or a Lifeline database"
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aNewFileAnEmptyDatabaseAndALifelineDatabaseOpen() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let new = directory.appendingPathComponent("new.db").path
        _ = try TraceStore(path: new)
        _ = try TraceStore(path: new)  // again, now a Lifeline database

        let empty = directory.appendingPathComponent("empty.db").path
        try DatabaseQueue(path: empty).close()
        #expect(try TraceStore(path: empty).counts() == (0, 0, 0))
    }
}
