import LifelineTerminal

/// How the shell prints query results, as sqlite3's `.mode`.
package enum OutputMode: String, CaseIterable, Sendable {
    /// Columns between ASCII rules, sized to the terminal (the default).
    case table
    /// The same with box-drawing characters.
    case box
    /// Aligned columns with a rule under the header and no borders.
    case column
    /// A GitHub-flavoured Markdown table.
    case markdown
    /// Comma-separated values, quoted where needed.
    case csv
    /// A JSON array with one object per row.
    case json
    /// One `column = value` line per column, a blank line between rows.
    case line

    /// Whether rows are laid out in aligned columns (widths measured from the first rows).
    var isAligned: Bool {
        switch self {
        case .table, .box, .column, .markdown: true
        case .csv, .json, .line: false
        }
    }

    /// The frame an aligned mode draws (streamed modes draw none; they never lay out a table).
    var frame: TableLayout.Frame {
        switch self {
        case .table: .ascii
        case .box: .box
        case .markdown: .markdown
        case .column, .csv, .json, .line: .columns
        }
    }
}
