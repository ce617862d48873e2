import Foundation
import GRDB
import GRDBSQLite

/// The REPL's connection: an existing database opened read-only, for SQL a person types and for
/// the store's typed reads (``launches()``, ``timeline(launchID:session:)``, ...).
///
/// User SQL is untrusted input (docs/repl.md, "Threat model"): the connection
/// has the store's hardening (``ConnectionHardening``) and an
/// ``UntrustedSQLAuthorizer``, and ``execute(_:columns:row:)`` is the one way
/// in for it. The connection lets a transaction stay open between statements,
/// so `BEGIN; CREATE TEMP TABLE ...; COMMIT;` works as in sqlite3. It is the
/// only place outside the store's own reads where SQL text reaches SQLite.
///
/// ```swift
/// let session = try SQLSession(path: "lifeline.db")
/// try session.execute("SELECT event, COUNT(*) FROM event GROUP BY event;",
///                     columns: { print($0) }, row: { print($0) })
/// ```
package final class SQLSession {
    /// What kind of statement ``execute(_:timeLimit:parameters:prepared:columns:row:)`` runs.
    package enum StatementKind: Sendable {
        case ordinary
        /// `EXPLAIN ...`: the statement's bytecode.
        case explain
        /// `EXPLAIN QUERY PLAN ...`.
        case queryPlan
    }

    package let path: String
    private let queue: DatabaseQueue
    /// Why SQLite refused the last statement it refused, for the error message.
    private let authorizer = UntrustedSQLAuthorizer()
    /// Stops a user statement that runs past its time limit.
    private let deadline = StatementDeadline()

    /// How the connection reads the file: see ``ReadOnlyOpening``.
    package let opening: ReadOnlyOpening

    /// Opens the existing database at `path` read-only, leaving no files behind (``ReadOnlyOpening``).
    ///
    /// Fails with ``StoreError/Code/noSuchDatabase`` when there is no file, else with
    /// ``StoreError/Code/database`` and SQLite's reason (a file that is not a database).
    /// `temporaryBytes` caps what temporary tables and indexes may hold together
    /// (``ConnectionHardening/maximumTemporaryBytes``; tests pass less).
    package init(path: String, temporaryBytes: Int64 = ConnectionHardening.maximumTemporaryBytes) throws(StoreError) {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else {
            throw StoreError(.noSuchDatabase, path: path, message: "no such database")
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        configuration.label = "lifeline.repl"
        // `BEGIN;` on one line and `COMMIT;` on another are two accesses; GRDB would stop the process between them.
        configuration.allowsUnsafeTransactions = true
        ConnectionHardening.prepare(&configuration)
        let authorizer = self.authorizer
        let deadline = self.deadline
        configuration.prepareDatabase { db in
            try ConnectionHardening.limitTemporaryStorage(db, bytes: temporaryBytes)
            authorizer.install(on: db)
            deadline.install(on: db)
        }
        func open(_ location: String) throws -> DatabaseQueue {
            let queue = try DatabaseQueue(path: location, configuration: configuration)
            // Opening is lazy about the file's contents: read the schema now so a bad file fails here.
            try queue.inDatabase { db in _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_schema") }
            return queue
        }
        var opening = ReadOnlyOpening.plan(path: path)
        do {
            switch opening {
            case .immutable:
                do {
                    queue = try open(ReadOnlyOpening.immutableURI(path))
                } catch {
                    // An SQLite without URI filenames: read-only it is, and it may leave the -shm and -wal files.
                    opening = .readOnly
                    queue = try open(path)
                }
            case .readOnly, .immutableFallback:
                do {
                    queue = try open(path)
                } catch let error as DatabaseError
                    where ReadOnlyOpening.isWALFile(path) && [.SQLITE_CANTOPEN, .SQLITE_READONLY].contains(error.resultCode)
                {
                    // The WAL index cannot be created or written (a read-only directory): read the file alone.
                    opening = .immutableFallback(unseenWALBytes: ReadOnlyOpening.walBytes(path))
                    queue = try open(ReadOnlyOpening.immutableURI(path))
                }
            }
        } catch {
            throw TraceStore.storeError(error, path: path)
        }
        self.opening = opening
    }

    /// Closes the connection (before a command opens the file writable); the session is unusable after.
    package func close() {
        try? queue.close()
    }

    /// Whether user SQL left a transaction open (`BEGIN`, `SAVEPOINT`).
    package var isInsideTransaction: Bool {
        queue.inDatabase { $0.isInsideTransaction }
    }

    /// What stops the statement running on this connection (Ctrl-C).
    package var interruptHandle: StoreInterrupt { StoreInterrupt(queue, path: path) }

    /// Runs `body` on the connection, as it is (inside the user's transaction, if one is open).
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try queue.inDatabase(body)
        } catch {
            throw TraceStore.storeError(error, path: path)
        }
    }

    // MARK: - User SQL

    /// Runs one statement a person wrote: `columns` gets its column names (only for a statement
    /// that returns rows), then `row` each row's values, as SQLite returns them.
    ///
    /// `timeLimit` (seconds; nil for none) bounds how long the statement may run: SQL from a script
    /// nobody watches must not hang a CI job (``StatementDeadline``).
    ///
    /// Throws ``SQLStatementError`` for the statement's own fault (it does not compile, the
    /// authorizer refused it, a value is too big), with where SQLite stopped when it says;
    /// ``StoreError`` for anything else: ``StoreError/Code/interrupted`` for Ctrl-C,
    /// ``StoreError/Code/timeLimit`` when `timeLimit` stopped it.
    ///
    /// `parameters` binds named parameters (`:name`, `@name`, `$name`), keyed by their name with its
    /// prefix; a parameter without a value, and every `?`, is NULL, as in sqlite3.
    ///
    /// `prepared` learns whether the statement is an `EXPLAIN` or `EXPLAIN QUERY PLAN` before any row
    /// (the shell formats those as sqlite3 does).
    package func execute(
        _ sql: String, timeLimit: Double? = nil, parameters: [String: SQLValue] = [:],
        prepared: (StatementKind) -> Void = { _ in }, columns: ([String]) -> Void, row: ([SQLValue]) -> Void
    ) throws {
        let authorizer = self.authorizer
        let deadline = self.deadline
        do {
            try queue.inDatabase { db in
                // The authorizer stands in for GRDB's, which would have noticed a schema change.
                defer { db.clearSchemaCache() }
                let statement: Statement
                authorizer.reset()
                do {
                    statement = try db.makeStatement(sql: sql)
                } catch let error as DatabaseError {
                    let offset = db.sqliteConnection.map { Int(sqlite3_error_offset($0)) } ?? -1
                    // A refusal names its reason rather than SQLite's "not authorized".
                    let message =
                        authorizer.lastDenial
                        ?? (error.resultCode == .SQLITE_TOOBIG ? ConnectionHardening.tooBigMessage : nil)
                    throw SQLStatementError(
                        message: message ?? TraceStore.describe(error), offset: offset >= 0 ? offset : nil)
                }
                switch sqlite3_stmt_isexplain(statement.sqliteStatement) {
                case 1: prepared(.explain)
                case 2: prepared(.queryPlan)
                default: prepared(.ordinary)
                }
                // GRDB names a parameter without its prefix; unbound parameters are NULL.
                var named: [String: DatabaseValue] = [:]
                for (name, value) in parameters {
                    guard let prefix = name.first, ":@$".contains(prefix) else { continue }
                    named[String(name.dropFirst())] = value.databaseValue
                }
                statement.setUncheckedArguments(StatementArguments(named))
                deadline.arm(seconds: timeLimit)
                defer { deadline.disarm() }
                do {
                    guard statement.columnCount > 0 else {
                        try statement.execute()
                        return
                    }
                    columns(statement.columnNames)
                    let rows = try Row.fetchCursor(statement)
                    while let next = try rows.next() {
                        row(Array(next.databaseValues.map(SQLValue.init)))
                    }
                } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT && deadline.expired {
                    // The limit, not Ctrl-C: the caller says which limit, and how to lift it.
                    throw StoreError(.timeLimit, path: path, message: "the statement ran past its time limit")
                } catch let error as DatabaseError where error.resultCode == .SQLITE_TOOBIG {
                    throw SQLStatementError(message: ConnectionHardening.tooBigMessage, offset: nil)
                } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
                    throw SQLStatementError(message: ConnectionHardening.fullMessage, offset: nil)
                } catch let error as DatabaseError where error.resultCode == .SQLITE_AUTH && authorizer.lastDenial != nil {
                    // `VACUUM INTO` compiles, then attaches its target as it runs.
                    throw SQLStatementError(message: authorizer.lastDenial ?? TraceStore.describe(error), offset: nil)
                }
            }
        } catch let error as SQLStatementError {
            throw error
        } catch let error as StoreError {
            throw error
        } catch {
            throw TraceStore.storeError(error, path: path)
        }
    }
}
