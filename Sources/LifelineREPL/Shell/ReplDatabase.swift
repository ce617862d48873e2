import Foundation
import LifelineStore

/// The shell's database connection: read-only unless a command writes.
///
/// User SQL and the lifecycle commands' reads run on one read-only
/// ``SQLSession`` (the store's hardened connection for untrusted SQL: docs/repl.md,
/// "Threat model"). A command that writes (`.import`, `.check`) closes it, opens
/// a writable ``TraceStore`` for the duration, and reopens read-only.
final class ReplDatabase {
    let path: String
    private(set) var session: SQLSession

    /// Opens the existing database at `path` read-only.
    init(path: String) throws(ReplError) {
        self.path = path
        session = try Self.openReadOnly(path)
    }

    /// Runs `body` with a writable store, then reopens the read-only connection.
    func withWritableStore<T>(_ body: (TraceStore) throws -> T) throws -> T {
        if session.isInsideTransaction {
            // Closing would roll it back, and the user's temporary tables with it, without a word.
            throw ReplError.message("a transaction is open: end it with 'COMMIT;' or 'ROLLBACK;' first")
        }
        session.close()
        defer { if let reopened = try? Self.openReadOnly(path) { session = reopened } }
        let store: TraceStore
        do {
            store = try TraceStore(path: path)
        } catch {
            throw ReplError.message(error.description)
        }
        return try body(store)
    }

    private static func openReadOnly(_ path: String) throws(ReplError) -> SQLSession {
        do {
            return try SQLSession(path: path)
        } catch  where error.code == .noSuchDatabase {
            throw .noSuchDatabase(path: path)
        } catch {
            throw .cannotOpen(path: path, reason: error.message)
        }
    }
}
