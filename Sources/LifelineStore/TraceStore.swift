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
    ///
    /// Internal: other modules ask the store typed questions (``counts()``,
    /// ``forEachRecord(_:)``, ``query(_:)``) and never see SQL or GRDB.
    let database: DatabasePool

    /// What stops the statement running on this store (Ctrl-C in the REPL during `.import` or `.check`).
    package var interruptHandle: StoreInterrupt { StoreInterrupt(database, path: path) }

    /// Opens (creating if needed) the database at `path` and migrates it.
    public init(path: String = TraceStore.defaultPath, busyTimeout: TimeInterval = 120) throws(StoreError) {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        ConnectionHardening.prepare(&configuration)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            // Looked at read-only first: opening the pool would already switch the file to WAL.
            if let tables = try Self.foreignTables(at: path, busyTimeout: busyTimeout) {
                throw StoreError(
                    .notLifelineDatabase, path: path,
                    message: "not a Lifeline database (it has \(tables.count == 1 ? "table" : "tables") "
                        + tables.map { "'\($0)'" }.joined(separator: ", ")
                        + "); Lifeline adds its tables only to a new file or a Lifeline database")
            }
            database = try Self.open(path: path, configuration: configuration, busyTimeout: busyTimeout)
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.storeError(error, path: path)
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

    /// The tables of a database some other program made, or nil for a new file, an empty database
    /// or a Lifeline database (one whose migrations table records Lifeline's first migration).
    static func foreignTables(at path: String, busyTimeout: TimeInterval) throws -> [String]? {
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
        guard size > 0 else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        ConnectionHardening.prepare(&configuration)
        let probe = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? probe.close() }
        return try probe.read(foreignTables)
    }

    private static func foreignTables(_ db: Database) throws -> [String]? {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        // Only the migrations table: another `lifeline` process is creating this database right now.
        guard tables.contains(where: { $0 != "grdb_migrations" }) else { return nil }
        if tables.contains("grdb_migrations"), try StoreSchema.migrator.appliedIdentifiers(db).contains(StoreSchema.first) {
            return nil
        }
        return tables
    }

    /// How many files, launches and events the database holds.
    public func counts() throws(StoreError) -> (files: Int, launches: Int, events: Int) {
        do {
            return try database.read(StoreQueries.counts) ?? (0, 0, 0)
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }

    /// An error from GRDB or SQLite as a ``StoreError``: an interrupted statement is ``StoreError/Code/interrupted``.
    static func storeError(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_INTERRUPT {
            return StoreError(.interrupted, path: path, message: describe(error))
        }
        return StoreError(path: path, message: describe(error))
    }

    /// Whether the file at `path` starts with SQLite's header: a database to read, not a trace or a log.
    package static func isDatabase(atPath path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return header == Data("SQLite format 3\u{0}".utf8)
    }
}
