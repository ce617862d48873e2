import CSQLiteConfig
import GRDB
import GRDBSQLite

/// The settings every connection Lifeline opens gets, whatever it opens.
///
/// A Lifeline database can come from anywhere (a CI artifact, a colleague, an
/// attacker), and the shell runs SQL from saved queries and scripts that can
/// too. SQLite's defaults trust the file and the SQL; these settings, applied
/// once in ``prepare(_:)`` for the store's pool and the shell's connection
/// alike, do not:
///
/// - `SQLITE_DBCONFIG_DEFENSIVE`: no `PRAGMA writable_schema`, no writes to
///   shadow tables or `sqlite_dbpage`, no `journal_mode = OFF`, so SQL cannot
///   corrupt a database file on purpose.
/// - `SQLITE_DBCONFIG_TRUSTED_SCHEMA` off: views and triggers in a file from
///   elsewhere may call only functions without side effects.
/// - `SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER` off: `fts3_tokenizer()` can neither
///   plant a function pointer (a crash, or worse) nor print one (an address leak).
/// - Extension loading off, the C API and `load_extension()` both.
/// - `SQLITE_LIMIT_LENGTH` of ``maximumValueBytes``: a string, a blob or a row
///   cannot grow past 100 MB (`printf('%999999999s', 1)` would build a 1 GB
///   value); the statement fails with `SQLITE_TOOBIG` instead.
/// - `SQLITE_LIMIT_ATTACHED` of 0: no `ATTACH`, so no `VACUUM INTO` either (it
///   attaches its target): SQL cannot open or write another file.
package enum ConnectionHardening {
    /// The largest string, blob or row a connection builds: 100 MB. A trace line is far smaller
    /// (the importer stores each event's fields, not whole files), so imports never meet it.
    package static let maximumValueBytes: Int32 = 100_000_000

    /// Adds the hardening to `configuration`, to run on every connection it opens.
    package static func prepare(_ configuration: inout Configuration) {
        configuration.prepareDatabase { db in try harden(db) }
    }

    /// Applies the hardening to an open connection; throws if this SQLite does not support it.
    package static func harden(_ db: Database) throws {
        guard let connection = db.sqliteConnection else { return }
        // SQLite before 3.31 (macOS 10.15's) has no trusted-schema setting: every schema is trusted there.
        let hasTrustedSchema = sqlite3_libversion_number() >= 3_031_000
        let flags: [(option: Int32, on: Int32, name: String)] =
            [
                (SQLITE_DBCONFIG_DEFENSIVE, 1, "defensive mode"),
                (SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0, "fts3_tokenizer off"),
                (SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, "extension loading off"),
            ] + (hasTrustedSchema ? [(SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, "untrusted schema")] : [])
        for flag in flags {
            let code = lifeline_sqlite3_db_config_flag(connection, flag.option, flag.on)
            guard code == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot set \(flag.name)")
            }
        }
        sqlite3_limit(connection, SQLITE_LIMIT_LENGTH, maximumValueBytes)
        sqlite3_limit(connection, SQLITE_LIMIT_ATTACHED, 0)
    }

    /// The most the shell's temporary tables and indexes may hold together: 4 GiB, room for
    /// a copy of a 10-million-event database's events (about 1.5 GB) twice over.
    ///
    /// A script or a saved query from elsewhere could otherwise fill the disk: each statement
    /// stops at its time limit, but `INSERT INTO temp.t SELECT randomblob(...)` writes 2 GB in
    /// nine seconds, and the next statement adds more. `PRAGMA temp.max_page_count` bounds the
    /// temporary database as a whole, and user SQL cannot raise it (``UntrustedSQLAuthorizer``
    /// refuses pragmas with a value).
    package static let maximumTemporaryBytes: Int64 = 4 << 30

    /// Caps a connection's temporary database at `bytes` (``maximumTemporaryBytes`` unless a test
    /// says less); for connections that run untrusted SQL, before the authorizer that forbids
    /// changing it is installed.
    package static func limitTemporaryStorage(_ db: Database, bytes: Int64 = maximumTemporaryBytes) throws {
        let pageSize = try Int64.fetchOne(db, sql: "PRAGMA temp.page_size") ?? 4096
        try db.execute(sql: "PRAGMA temp.max_page_count = \(max(bytes / max(pageSize, 512), 1))")
    }

    /// The message for `SQLITE_FULL` in the shell: the cap above, or a disk that is really full.
    package static var fullMessage: String {
        "database or disk is full (temporary tables and indexes may hold at most \(maximumTemporaryBytes >> 30) GiB in the shell)"
    }

    /// The message for `SQLITE_TOOBIG`, which SQLite words as "string or blob too big".
    package static var tooBigMessage: String {
        "string or blob too big (a value or a row may hold at most \(maximumValueBytes / 1_000_000) MB)"
    }
}
