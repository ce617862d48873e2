import Foundation
import GRDB
import GRDBSQLite

// MARK: - What the shell's sqlite3 commands read

extension SQLSession {
    /// One step of a statement's query plan (`EXPLAIN QUERY PLAN`): its id, its parent's, and what it does.
    package struct QueryPlanStep: Equatable, Sendable {
        package var id: Int
        package var parent: Int
        package var detail: String

        package init(id: Int, parent: Int, detail: String) {
            self.id = id
            self.parent = parent
            self.detail = detail
        }
    }

    /// A database the connection has open (`PRAGMA database_list`).
    package struct OpenDatabase: Equatable, Sendable {
        package var name: String
        /// The file, empty for an in-memory or temporary database.
        package var file: String
        package var isReadOnly: Bool
        /// `"read"` or `"write"` while a transaction holds it, else nil.
        package var transaction: String?
    }

    /// A table, view, index or trigger as `.dump` writes it.
    package struct SchemaObject: Equatable, Sendable {
        package var type: String
        package var name: String
        package var sql: String
    }

    /// Rows changed by the last statement, and since the connection opened (`.changes on`).
    package func changeCounts() throws(StoreError) -> (changes: Int64, total: Int64) {
        try read { db in
            guard let connection = db.sqliteConnection else { return (0, 0) }
            return (sqlite3_changes64(connection), sqlite3_total_changes64(connection))
        }
    }

    /// The query plan of `sql`, a statement a person wrote (`.eqp on`); empty for a statement
    /// without one (`CREATE`, `EXPLAIN`) or one that does not compile (running it reports why).
    package func queryPlan(of sql: String) -> [QueryPlanStep] {
        let trimmed = sql.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.lowercased().hasPrefix("explain") else { return [] }
        return
            (try? read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + trimmed).map { row in
                    QueryPlanStep(id: row[0], parent: row[1], detail: row[3])
                }
            }) ?? []
    }

    /// The value of an SQL expression a person wrote (`.parameter set NAME VALUE`), nil when it is
    /// not one (sqlite3 then takes VALUE as text).
    package func value(ofExpression expression: String) -> SQLValue? {
        var value: SQLValue?
        do {
            try execute("SELECT (\(expression))", timeLimit: 10, columns: { _ in }, row: { value = $0.first })
        } catch {
            return nil
        }
        return value
    }

    /// The indexes whose names hold `part` (`LIKE '%part%'`), temporary ones as `temp.NAME`, SQLite's
    /// own (`sqlite_autoindex_...`) left out, in order: sqlite3 3.53's `.indexes`.
    package func indexNames(containing part: String) throws(StoreError) -> [String] {
        try read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM sqlite_schema WHERE type = 'index' AND name NOT LIKE 'sqlite__%' ESCAPE '_'
                    AND name LIKE '%' || ?1 || '%'
                    UNION ALL SELECT 'temp.' || name FROM sqlite_temp_schema WHERE type = 'index'
                    AND name NOT LIKE 'sqlite__%' ESCAPE '_' AND name LIKE '%' || ?1 || '%' ORDER BY 1
                    """, arguments: [part])
        }
    }

    /// The databases open on the connection (`.databases`).
    ///
    /// The temporary database is listed once it holds something, as sqlite3 lists it once it is
    /// used (the shell's connection opens it at once, to limit its size).
    package func openDatabases() throws(StoreError) -> [OpenDatabase] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: "PRAGMA database_list")
            let temporaryIsUsed = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_temp_schema)") ?? false
            return rows.filter { row in temporaryIsUsed || row["name"] != "temp" }.map { row in
                let name: String = row["name"]
                let file: String = row["file"] ?? ""
                var readOnly = false
                var transaction: String?
                if let connection = db.sqliteConnection {
                    readOnly = sqlite3_db_readonly(connection, name) == 1
                    switch sqlite3_txn_state(connection, name) {
                    case SQLITE_TXN_READ: transaction = "read"
                    case SQLITE_TXN_WRITE: transaction = "write"
                    default: transaction = nil
                    }
                }
                return OpenDatabase(name: name, file: file, isReadOnly: readOnly, transaction: transaction)
            }
        }
    }

    /// What `.dump` writes for tables `LIKE pattern`: the tables (`sqlite_sequence` last), then
    /// the views, triggers and indexes that go with them, as sqlite3 3.53 orders them.
    package func dumpObjects(like pattern: String) throws(StoreError) -> (tables: [SchemaObject], others: [SchemaObject]) {
        try read { db in
            let tables = try Row.fetchAll(
                db,
                sql: """
                    SELECT type, name, sql FROM sqlite_schema WHERE name LIKE ?1 AND type = 'table' AND sql NOT NULL
                    ORDER BY tbl_name = 'sqlite_sequence', rowid
                    """, arguments: [pattern])
            let others = try Row.fetchAll(
                db,
                sql: """
                    SELECT type, name, sql FROM sqlite_schema WHERE name LIKE ?1 AND sql NOT NULL
                    AND type IN ('index', 'trigger', 'view') ORDER BY type COLLATE NOCASE DESC, rowid
                    """, arguments: [pattern])
            func object(_ row: Row) -> SchemaObject { SchemaObject(type: row["type"], name: row["name"], sql: row["sql"]) }
            return (tables.map(object), others.map(object))
        }
    }

    /// Every row of table `name`, in rowid order, with its column names first (`.dump`).
    package func rows(ofTable name: String, columns: ([String]) -> Void, row: ([SQLValue]) -> Void) throws {
        let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        try execute("SELECT * FROM \(quoted)", columns: columns, row: row)
    }

    /// Every `CREATE` statement, the temporary schema's too, in the order they were made (`.fullschema`).
    package func fullSchema() throws(StoreError) -> [String] {
        try read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT sql FROM (SELECT sql sql, type type, tbl_name tbl_name, name name, rowid x FROM sqlite_schema
                    UNION ALL SELECT sql, type, tbl_name, name, rowid FROM sqlite_temp_schema)
                    WHERE type != 'meta' AND sql NOTNULL AND name NOT LIKE 'sqlite_%' ORDER BY x
                    """)
        }
    }

    /// Whether `ANALYZE` left statistics (`sqlite_stat1`), which `.fullschema` then prints.
    package func hasStatistics() throws(StoreError) -> Bool {
        try read { db in try db.tableExists("sqlite_stat1") }
    }
}

// MARK: - CSV into a temporary table

extension SQLSession {
    /// Puts `records` into the temporary table `name`, as sqlite3's `.import --csv` does: when the
    /// table does not exist yet, it is created with the first record as its column names (every
    /// column TEXT) and the rest are its rows; when it does, every record is a row. A record with
    /// too few values is filled with NULL, one with too many is cut. All or nothing (a savepoint).
    ///
    /// Returns whether the table was created, how many rows went in, and the table's column count.
    package func importRecords(
        _ records: [[String]], intoTemporaryTable name: String
    ) throws -> (
        created: Bool, rows: Int, columns: Int
    ) {
        let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        var created = false
        var inserted = 0
        var tableColumns = 0
        try read { db in
            try db.inSavepoint {
                var columnCount = try String.fetchAll(
                    db, sql: "SELECT name FROM pragma_table_info(?, 'temp')", arguments: [name]
                ).count
                var rows = records[...]
                if columnCount == 0 {
                    guard let header = rows.popFirst(), !header.isEmpty else { return .commit }
                    let columns = header.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\" TEXT" }
                    try db.execute(sql: "CREATE TEMP TABLE \(quoted)(\(columns.joined(separator: ",")))")
                    columnCount = header.count
                    created = true
                }
                tableColumns = columnCount
                let placeholders = Array(repeating: "?", count: columnCount).joined(separator: ",")
                let insert = try db.makeStatement(sql: "INSERT INTO temp.\(quoted) VALUES(\(placeholders))")
                for record in rows {
                    let values = (0..<columnCount).map { $0 < record.count ? record[$0] as String? : nil }
                    try insert.execute(arguments: StatementArguments(values))
                    inserted += 1
                }
                return .commit
            }
        }
        return (created, inserted, tableColumns)
    }
}
