import Foundation
import GRDB

/// A Lifeline database: a plain SQLite file in WAL mode that other tools can open.
///
/// Opening migrates the schema to the current version (see docs/schema.md).
/// Several processes may write at once: writers wait for each other (busy
/// timeout) and readers never block.
///
/// ```swift
/// let store = try TraceStore(path: "lifeline.db")
/// let summary = try TraceImporter(store: store).importPaths(["traces/"])
/// ```
public final class TraceStore: Sendable {
    /// The database file `lifeline` uses when no `--db` is given.
    public static let defaultPath = "lifeline.db"

    public let path: String
    /// The GRDB connection pool (WAL: concurrent reads, serialized writes).
    public let database: DatabasePool

    /// Opens (creating if needed) the database at `path` and migrates it.
    public init(path: String = TraceStore.defaultPath, busyTimeout: TimeInterval = 120) throws(StoreError) {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            database = try Self.open(path: path, configuration: configuration, busyTimeout: busyTimeout)
        } catch {
            throw StoreError(path: path, message: Self.describe(error))
        }
    }

    /// Opens the pool and migrates it, trying again while another process holds the lock.
    ///
    /// Two processes may open a new database at once. Switching it to WAL needs
    /// an exclusive lock, and SQLite answers SQLITE_BUSY at once instead of
    /// waiting (waiting could deadlock), so the busy timeout does not cover it:
    /// this closes the connection and opens it again, until `busyTimeout`.
    private static func open(path: String, configuration: Configuration, busyTimeout: TimeInterval) throws -> DatabasePool {
        let deadline = Date().addingTimeInterval(busyTimeout)
        while true {
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                try StoreSchema.migrate(pool)
                return pool
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                usleep(UInt32.random(in: 5_000...50_000))
            }
        }
    }

    /// How many files, launches and events the database holds.
    public func counts() throws(StoreError) -> (files: Int, launches: Int, events: Int) {
        do {
            return try database.read { db in
                (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM trace_file") ?? 0,
                 try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM launch") ?? 0,
                 try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event") ?? 0)
            }
        } catch {
            throw StoreError(path: path, message: Self.describe(error))
        }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
