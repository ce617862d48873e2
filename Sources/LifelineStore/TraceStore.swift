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
            // Looked at read-only first: opening the pool would already switch the file to WAL.
            if let tables = try Self.foreignTables(at: path) {
                throw StoreError(
                    path: path,
                    message: "not a Lifeline database (it has \(tables.count == 1 ? "table" : "tables") "
                        + tables.map { "'\($0)'" }.joined(separator: ", ")
                        + "); Lifeline adds its tables only to a new file or a Lifeline database")
            }
            database = try DatabasePool(path: path, configuration: configuration)
            try StoreSchema.migrator.migrate(database)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(path: path, message: Self.describe(error))
        }
    }

    /// The tables of a database some other program made, or nil for a new file, an empty database
    /// or a Lifeline database (one whose migrations table records Lifeline's first migration).
    static func foreignTables(at path: String) throws -> [String]? {
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
        guard size > 0 else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        let probe = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? probe.close() }
        return try probe.read(foreignTables)
    }

    private static func foreignTables(_ db: Database) throws -> [String]? {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        guard !tables.isEmpty else { return nil }
        if tables.contains("grdb_migrations"), try StoreSchema.migrator.appliedIdentifiers(db).contains(StoreSchema.first) {
            return nil
        }
        return tables
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
