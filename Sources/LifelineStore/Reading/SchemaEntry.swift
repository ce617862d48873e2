/// A table, view, index or trigger of a database, as `.schema` lists it.
package struct SchemaEntry: Equatable, Sendable {
    /// `table`, `view`, `index` or `trigger`.
    package var type: String
    package var name: String
    /// The table it belongs to (its own name for a table or view).
    package var table: String
    /// Its `CREATE` statement as SQLite keeps it.
    package var sql: String
    /// `temp` for the temporary schema, nil for the main one.
    package var schema: String?
    /// A view's column names; empty for the rest, and for a view that no longer compiles.
    package var viewColumns: [String]

    package init(type: String, name: String, table: String, sql: String, schema: String?, viewColumns: [String]) {
        self.type = type
        self.name = name
        self.table = table
        self.sql = sql
        self.schema = schema
        self.viewColumns = viewColumns
    }
}
