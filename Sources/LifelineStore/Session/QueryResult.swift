/// The rows of one query, all read: its column names, then each row's values in column order.
package struct QueryResult: Equatable, Sendable {
    package var columns: [String]
    package var rows: [[SQLValue]]

    package init(columns: [String], rows: [[SQLValue]]) {
        self.columns = columns
        self.rows = rows
    }
}
