import CSQLite
import Foundation
import GRDB
import LifelineStore

/// The shell's database connection: read-only unless a command writes.
///
/// User SQL runs on one read-only connection that can never load an SQLite
/// extension and does not trust functions in the schema. A command that
/// writes (`.import`, `.check`) closes it, opens a writable ``TraceStore`` for the
/// duration, and reopens read-only.
final class ReplDatabase {
    let path: String
    private(set) var queue: DatabaseQueue

    /// Opens the existing database at `path` read-only.
    init(path: String) throws(ReplError) {
        self.path = path
        queue = try Self.openReadOnly(path)
    }

    /// Runs `body` on the read-only connection.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.inDatabase(body)
    }

    /// Runs `body` with a writable store, then reopens the read-only connection.
    func withWritableStore<T>(_ body: (TraceStore) throws -> T) throws -> T {
        try? queue.close()
        defer { if let reopened = try? Self.openReadOnly(path) { queue = reopened } }
        let store: TraceStore
        do {
            store = try TraceStore(path: path)
        } catch {
            throw ReplError.message(error.description)
        }
        return try body(store)
    }

    /// What the file holds, as far as a command that writes to it cares.
    enum Contents {
        /// Lifeline's tables.
        case lifeline
        /// Nothing yet: a write creates Lifeline's tables.
        case empty
        /// Another program's tables: commands must not write to it.
        case foreign
    }

    /// Whether the file is a Lifeline database, an empty one or another program's.
    func contents() throws -> Contents {
        try read { db in
            if try db.tableExists("launch") { return .lifeline }
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_schema") ?? 0 > 0 ? .foreign : .empty
        }
    }

    /// How many launches and events it holds, or nil if it has no Lifeline tables.
    func counts() -> (launches: Int, events: Int)? {
        try? read { db in
            // `event` is a view from schema v3 on, a table before.
            guard try db.tableExists("launch"), try db.tableExists("event") || db.viewExists("event") else { return nil }
            return (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM launch") ?? 0,
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event") ?? 0)
        }
    }

    private static func openReadOnly(_ path: String) throws(ReplError) -> DatabaseQueue {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .cannotOpen(path: path, reason: "no such database")
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        configuration.label = "lifeline.repl"
        configuration.prepareDatabase { db in
            guard let connection = db.sqliteConnection else { return }
            let code = lifeline_sqlite3_disable_load_extension(connection)
            guard code == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot turn extension loading off")
            }
            // Views and triggers in a database from elsewhere may not call functions with side effects.
            try db.execute(sql: "PRAGMA trusted_schema = OFF")
        }
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            // Opening is lazy about the file's contents: read the schema now so a bad file fails here.
            try queue.inDatabase { db in _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_schema") }
            return queue
        } catch let error as DatabaseError {
            throw .cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
    }
}
