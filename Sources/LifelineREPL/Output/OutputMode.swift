import LifelineTerminal

/// How the shell prints query results, as sqlite3's `.mode`.
///
/// Two kinds: *screen* modes lay rows out in aligned columns for a person to read, and always
/// show control characters escaped (a value is one line of its cell); *machine* modes print the
/// values' real bytes for another program to read back, escaped only when the output is a
/// terminal (so a value from a trace cannot drive the terminal it is printed on).
package enum OutputMode: String, CaseIterable, Sendable {
    /// Columns between ASCII rules, sized to the terminal (the default at a terminal).
    case table
    /// The same with box-drawing characters.
    case box
    /// Aligned columns with a rule under the header and no borders.
    case column
    /// A GitHub-flavoured Markdown table.
    case markdown
    /// Values between the column separator (`|`), rows ending with the row separator (the default in a script).
    case list
    /// RFC 4180 comma-separated values: quoted where needed, the real bytes inside the quotes.
    case csv
    /// A JSON array with one object per row.
    case json
    /// One `column = value` line per column, a blank line between rows.
    case line
    /// SQL literals separated by commas.
    case quote
    /// One `INSERT INTO table VALUES(...);` statement per row.
    case insert
    /// HTML table rows (`<TR><TD>...</TD>`), as sqlite3 prints them.
    case html

    /// Every name `.mode` accepts: the modes, and `tabs` (`list` with a tab separator, as in sqlite3).
    static var names: [String] { allCases.map(\.rawValue) + ["tabs"] }

    /// The separators choosing the mode sets, as sqlite3's `.mode` does (nil: unchanged).
    var separators: (column: String?, row: String?)? {
        switch self {
        case .list: ("|", "\n")
        case .csv: (",", "\r\n")
        case .quote: (",", "\n")
        case .line: (nil, "\n")
        case .table, .box, .column, .markdown, .json, .insert, .html: nil
        }
    }

    /// Whether rows are laid out in aligned columns (widths measured from the first rows): the screen modes.
    var isAligned: Bool {
        switch self {
        case .table, .box, .column, .markdown: true
        case .list, .csv, .json, .line, .quote, .insert, .html: false
        }
    }

    /// The frame an aligned mode draws (streamed modes draw none; they never lay out a table).
    var frame: TableLayout.Frame {
        switch self {
        case .table: .ascii
        case .box: .box
        case .markdown: .markdown
        default: .columns
        }
    }
}
