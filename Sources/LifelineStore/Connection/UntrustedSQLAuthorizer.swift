import Foundation
import GRDB
import GRDBSQLite
import LifelineCore
import LifelineFormat

/// An SQLite authorizer for connections that run SQL nobody vetted: the shell's user SQL,
/// typed or from a saved query or a script.
///
/// ``ConnectionHardening`` already makes the dangerous things fail; this says
/// no earlier and by name, and closes what SQLite settings cannot:
///
/// - `ATTACH` (and `VACUUM INTO`, which attaches its target): another file
///   opened, or written anywhere the user can write.
/// - `PRAGMA` with a value, except the read-only introspection pragmas
///   (`table_info(t)`, `index_list(t)`, `integrity_check`, ...): `PRAGMA
///   trusted_schema = ON` would undo the hardening, `writable_schema`,
///   `journal_mode`, `schema_version` and the like write or weaken the file.
///   Reading a pragma (`PRAGMA user_version`) stays allowed.
/// - `CREATE VIRTUAL TABLE`: modules such as FTS3 parse their own shadow
///   data, which is where SQLite's memory-safety bugs have lived.
/// - `fts3_tokenizer()` and `load_extension()`, in case the SQLite the binary
///   runs with ignores the configuration that turns them off.
///
/// Everything else (reading, temporary tables and views, transactions and
/// savepoints) is allowed. The connection is read-only, so writes to the
/// database itself fail on their own.
///
/// Installing it replaces GRDB's own authorizer on that connection, which
/// GRDB uses for change observation and its schema cache: the connection must
/// have no transaction observers, and its user must call
/// `Database.clearSchemaCache()` after SQL that may change the schema.
package final class UntrustedSQLAuthorizer: @unchecked Sendable {
    /// Why the last statement was refused, as a sentence; read after compiling fails with `SQLITE_AUTH`.
    package var lastDenial: String? { denial.withLock { $0 } }

    private let denial = Locked<String?>(nil)

    package init() {}

    /// Pragmas that only read, allowed with an argument (a table or index name).
    static let readingPragmas: Set<String> = [
        "table_info", "table_xinfo", "table_list", "index_info", "index_xinfo", "index_list", "foreign_key_list",
        "foreign_key_check", "integrity_check", "quick_check", "collation_list", "function_list", "module_list",
        "pragma_list", "database_list", "compile_options",
    ]

    /// The reason an action is refused, or nil to allow it. `first` and `second` are SQLite's first
    /// two authorizer arguments (for a pragma, its name and its value).
    package static func denial(action: Int32, _ first: String?, _ second: String?) -> String? {
        switch action {
        case SQLITE_ATTACH, SQLITE_DETACH:
            return "'ATTACH' and 'VACUUM INTO' are not allowed in the shell: SQL here reads this database and writes no files"
        case SQLITE_PRAGMA:
            guard let name = first?.lowercased(), second != nil, !readingPragmas.contains(name) else { return nil }
            return "'PRAGMA \(name) = ...' is not allowed in the shell: SQL here may read settings but not change them"
        case SQLITE_CREATE_VTABLE, SQLITE_DROP_VTABLE:
            return "virtual tables ('\(second ?? "")') are not allowed in the shell"
        case SQLITE_FUNCTION:
            guard let name = second?.lowercased(), name == "fts3_tokenizer" || name == "load_extension" else { return nil }
            return "'\(name)()' is not allowed in the shell"
        default:
            return nil
        }
    }

    /// Installs the authorizer on `db`'s connection (see the type's discussion for what that replaces).
    package func install(on db: Database) {
        guard let connection = db.sqliteConnection else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_set_authorizer(
            connection,
            { context, action, first, second, _, _ in
                guard let context else { return SQLITE_OK }
                let authorizer = Unmanaged<UntrustedSQLAuthorizer>.fromOpaque(context).takeUnretainedValue()
                return authorizer.authorize(action, first.map { String(cString: $0) }, second.map { String(cString: $0) })
            }, context)
    }

    private func authorize(_ action: Int32, _ first: String?, _ second: String?) -> Int32 {
        let reason = Self.denial(action: action, first, second)
        if let reason { denial.withLock { $0 = reason } }
        return reason == nil ? SQLITE_OK : SQLITE_DENY
    }

    /// Forgets the last denial, before compiling the next statement.
    package func reset() {
        denial.withLock { $0 = nil }
    }
}
