/// Rows rendered as an aligned plain-text table: numbers right-aligned, text left-aligned.
///
/// ```
/// launch  file                            time_to_active_ms
/// ------  ------------------------------  -----------------
///      9  traces/demo/cold-launch.ndjson              151.6
/// ```
public struct TextTable: Hashable, Sendable {
    public var columns: [String]
    /// Cells as text; `nil` for SQL `NULL` (rendered empty).
    public var rows: [[String?]]

    public init(columns: [String], rows: [[String?]]) {
        self.columns = columns
        self.rows = rows
    }

    /// The table, one line per row, each line ending in a newline, trailing spaces trimmed.
    public var rendered: String {
        let widths = columns.indices.map { column in
            rows.reduce(columns[column].count) { max($0, ($1[column] ?? "").count) }
        }
        let numeric = columns.indices.map { column in
            rows.contains { $0[column] != nil } && rows.allSatisfy { row in row[column].map(Self.isNumber) ?? true }
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.indices.map { column -> String in
                let cell = cells[column]
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return numeric[column] ? padding + cell : cell + padding
            }
            var text = padded.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text + "\n"
        }
        var output = line(columns)
        output += line(widths.map { String(repeating: "-", count: $0) })
        for row in rows { output += line(row.map { $0 ?? "" }) }
        return output
    }

    private static func isNumber(_ text: String) -> Bool {
        !text.isEmpty && Double(text) != nil
    }
}
