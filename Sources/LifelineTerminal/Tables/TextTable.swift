/// Rows rendered as an aligned plain-text table: numbers right-aligned, text left-aligned.
///
/// ```
/// launch  file                            time_to_active_ms
/// ------  ------------------------------  -----------------
///      9  demo-traces/cold-launch.ndjson              151.6
/// ```
///
/// The demo's tables, the summary table of `lifeline check` and the listing of `lifeline rules`
/// are all one of these; ``Options`` says what differs.
package struct TextTable: Hashable, Sendable {
    package var columns: [String]
    /// Cells as text; `nil` for SQL `NULL` (rendered empty).
    package var rows: [[String?]]

    package init(columns: [String], rows: [[String?]]) {
        self.columns = columns
        self.rows = rows
    }

    /// How a table is printed beyond its cells.
    package struct Options: Hashable, Sendable {
        /// Printed before every line (`"  "` to indent the table under a heading).
        package var indent = ""
        /// Whether the column names are printed as the first line.
        package var header = true
        /// Whether dashes underline the header.
        package var underline = true
        /// Whether trailing spaces are cut from each line. Without it, lines keep the separator and the
        /// padding of the columns before the last (the last column, if left-aligned, is never padded).
        package var trimsTrailingSpaces = true
        /// Columns are at least this wide, by index (missing: no minimum).
        package var minimumWidths: [Int] = []
        /// Right-aligned or not, by index; missing or nil: right-aligned when every value is a number.
        package var rightAligned: [Bool?] = []

        package init(
            indent: String = "", header: Bool = true, underline: Bool = true, trimsTrailingSpaces: Bool = true,
            minimumWidths: [Int] = [], rightAligned: [Bool?] = []
        ) {
            self.indent = indent
            self.header = header
            self.underline = underline
            self.trimsTrailingSpaces = trimsTrailingSpaces
            self.minimumWidths = minimumWidths
            self.rightAligned = rightAligned
        }
    }

    /// The table, one line per row, each line ending in a newline, trailing spaces trimmed.
    package var rendered: String { rendered(Options()) }

    /// The table as `options` say, one line per row, each line ending in a newline.
    package func rendered(_ options: Options) -> String {
        let widths = columns.indices.map { column in
            let natural = rows.reduce(options.header ? TerminalText.width(columns[column]) : 0) {
                max($0, TerminalText.width(cell($1, column) ?? ""))
            }
            return max(natural, column < options.minimumWidths.count ? options.minimumWidths[column] : 0)
        }
        let rightAligned = columns.indices.map { column in
            (column < options.rightAligned.count ? options.rightAligned[column] : nil)
                ?? (rows.contains { cell($0, column) != nil } && rows.allSatisfy { row in cell(row, column).map(Self.isNumber) ?? true })
        }
        let layout = TableLayout(frame: .columns, widths: widths, rightAligned: rightAligned)
        func line(_ cells: [String]) -> String {
            let padded = cells.indices.map { column in
                column == cells.count - 1 && !rightAligned[column] ? cells[column] : layout.cell(cells[column], column: column)
            }
            let text =
                options.trimsTrailingSpaces
                ? layout.line(padded) : padded.joined(separator: "  ") + "\n"
            return options.indent + text
        }
        var output = ""
        if options.header {
            output += line(columns)
            if options.underline, let rule = layout.rule(.header) { output += options.indent + rule }
        }
        for row in rows { output += line(columns.indices.map { cell(row, $0) ?? "" }) }
        return output
    }

    private func cell(_ row: [String?], _ column: Int) -> String? {
        column < row.count ? row[column] : nil
    }

    private static func isNumber(_ text: String) -> Bool {
        !text.isEmpty && Double(text) != nil
    }
}
