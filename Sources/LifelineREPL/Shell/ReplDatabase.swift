import Foundation
import GRDB
import LifelineStore

/// The shell's database connection: read-only unless a command writes.
///
/// User SQL runs on one read-only connection with the store's hardening
/// (``ConnectionHardening``) and an ``UntrustedSQLAuthorizer``: SQL from a
/// script or a saved query is untrusted input (docs/repl.md, "Threat model").
/// The connection allows a transaction to stay open between statements, so
/// `BEGIN; CREATE TEMP TABLE ...; COMMIT;` works as in sqlite3. A command that
/// writes (`.import`, `.check`) closes it, opens a writable ``TraceStore`` for
/// the duration, and reopens read-only.
final class ReplDatabase {
    let path: String
    private(set) var queue: DatabaseQueue
    /// Why SQLite refused the last statement it refused, for the error message.
    let authorizer = UntrustedSQLAuthorizer()
    /// Stops a user statement that runs past the statement time limit.
    let deadline = StatementDeadline()

    /// Opens the existing database at `path` read-only.
    init(path: String) throws(ReplError) {
        self.path = path
        queue = try Self.openReadOnly(path, authorizer: authorizer, deadline: deadline)
    }

    /// Runs `body` on the read-only connection.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.inDatabase(body)
    }

    /// Runs `body` with a writable store, then reopens the read-only connection.
    func withWritableStore<T>(_ body: (TraceStore) throws -> T) throws -> T {
        if isInsideTransaction {
            // Closing would roll it back, and the user's temporary tables with it, without a word.
            throw ReplError.message("a transaction is open: end it with 'COMMIT;' or 'ROLLBACK;' first")
        }
        try? queue.close()
        defer { if let reopened = try? Self.openReadOnly(path, authorizer: authorizer, deadline: deadline) { queue = reopened } }
        let store: TraceStore
        do {
            store = try TraceStore(path: path)
        } catch {
            throw ReplError.message(error.description)
        }
        return try body(store)
    }

    /// Whether user SQL left a transaction open (`BEGIN`, `SAVEPOINT`).
    var isInsideTransaction: Bool {
        queue.inDatabase { $0.isInsideTransaction }
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

    private static func openReadOnly(
        _ path: String, authorizer: UntrustedSQLAuthorizer, deadline: StatementDeadline
    ) throws(ReplError) -> DatabaseQueue {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .cannotOpen(path: path, reason: "no such database")
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        configuration.label = "lifeline.repl"
        // `BEGIN;` on one line and `COMMIT;` on another are two accesses; GRDB would stop the process between them.
        configuration.allowsUnsafeTransactions = true
        ConnectionHardening.prepare(&configuration)
        configuration.prepareDatabase { db in
            authorizer.install(on: db)
            deadline.install(on: db)
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
