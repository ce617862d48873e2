import LifelineTerminal

/// How the shell prints query results, as sqlite3's `.mode` (3.53).
///
/// Two kinds: *screen* modes lay rows out in aligned columns for a person to read, each value on
/// one line of its cell; *machine* modes print rows as they come, for another program to read
/// back, byte for byte as sqlite3 3.53 prints them (docs/repl.md lists where they differ). Both
/// escape control characters (``ControlEscape``) unless `.mode --escape off` says otherwise.
package enum OutputMode: String, CaseIterable, Sendable {
    /// Columns between ASCII rules.
    case table
    /// The same with box-drawing characters.
    case box
    /// Aligned columns with a rule under the header and no borders.
    case column
    /// A GitHub-flavoured Markdown table.
    case markdown
    /// `box` with values as SQL literals (`'text'`, `NULL`, `x'00ff'`); with relaxed quoting, the
    /// default at a terminal (text in quotes only where it could be mistaken for a number or NULL).
    case qbox
    /// Values between the column separator (`|`), rows ending with the row separator (the default in a script).
    case list
    /// `list` with tab separators and CSV quoting.
    case tabs
    /// RFC 4180 comma-separated values.
    case csv
    /// `list` with the ASCII unit and record separators (0x1F, 0x1E).
    case ascii
    /// A JSON array with one object per row.
    case json
    /// One `name: value` line per column, a blank line between rows.
    case line
    /// SQL literals separated by commas.
    case quote
    /// One `INSERT INTO tab VALUES(...);` statement per row.
    case insert
    /// HTML table rows (`<TR><TD>...`), as sqlite3 prints them.
    case html

    /// How a mode writes text: as it is, or encoded as a format requires.
    enum TextEncoding {
        case plain, sql, csv, html, json
    }

    /// What choosing the mode resets, as sqlite3 3.53's table of modes says: the separators (nil:
    /// unchanged), the text NULL prints as (nil: unchanged), and whether the column names show
    /// (nil: the mode has no header line).
    struct Defaults {
        var columnSeparator: String?
        var rowSeparator: String?
        var nullText: String?
        var headers: Bool?
        var text: TextEncoding
    }

    var defaults: Defaults {
        switch self {
        case .table, .box, .column, .markdown: Defaults(nullText: "", headers: true, text: .plain)
        case .qbox: Defaults(nullText: "NULL", headers: true, text: .sql)
        case .list: Defaults(columnSeparator: "|", rowSeparator: "\n", nullText: "", headers: false, text: .plain)
        case .tabs: Defaults(columnSeparator: "\t", rowSeparator: "\n", nullText: "", headers: false, text: .csv)
        case .csv: Defaults(columnSeparator: ",", rowSeparator: "\r\n", nullText: "", headers: false, text: .csv)
        case .ascii: Defaults(columnSeparator: "\u{1F}", rowSeparator: "\u{1E}", nullText: "", headers: false, text: .plain)
        case .json: Defaults(nullText: "null", headers: nil, text: .json)
        case .line: Defaults(columnSeparator: ": ", rowSeparator: "\n", nullText: "", headers: nil, text: .plain)
        case .quote: Defaults(columnSeparator: ",", rowSeparator: "\n", nullText: "NULL", headers: false, text: .sql)
        case .insert: Defaults(nullText: "NULL", headers: false, text: .sql)
        case .html: Defaults(nullText: "", headers: true, text: .html)
        }
    }

    /// Whether rows are laid out in aligned columns (widths measured from the rows): the screen modes.
    var isAligned: Bool {
        switch self {
        case .table, .box, .column, .markdown, .qbox: true
        case .list, .tabs, .csv, .ascii, .json, .line, .quote, .insert, .html: false
        }
    }

    /// The frame an aligned mode draws (streamed modes draw none; they never lay out a table).
    var frame: TableLayout.Frame {
        switch self {
        case .table: .ascii
        case .box, .qbox: .box
        case .markdown: .markdown
        default: .columns
        }
    }
}
