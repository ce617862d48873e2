import LifelineTerminal

/// Everything `.mode`, `.headers`, `.nullvalue`, `.separator` and `.width` set, kept as sqlite3
/// 3.53 keeps it: choosing a mode resets its separators and its text for NULL, and its headers
/// unless `.headers` (or `-header`, `-noheader`) chose them.
///
/// ```swift
/// var format = OutputFormat(mode: .list)
/// format.nullText = "<null>"
/// format.change(to: .csv)   // "," and "\r\n", NULL as "" again, headers off
/// format.description        // "csv"
/// ```
package struct OutputFormat: Equatable, Sendable {
    package private(set) var mode: OutputMode
    /// Whether column names print (where the mode has a header line); ``chooseHeaders(_:)`` sets them.
    package private(set) var headers = false
    /// Whether `.headers` chose the headers: choosing a mode keeps them then (sqlite3's `MFLG_HDR`).
    private var headersChosen = false
    package var columnSeparator = "|"
    package var rowSeparator = "\n"
    /// How NULL prints (`.nullvalue`); `json`, `html` and `insert` print their own (`null`, `NULL`).
    package var nullText = ""
    /// The table `insert` writes into (`.mode insert TABLE`); nil: `tab`, as in sqlite3.
    package var tableName: String?
    /// `--escape`: nil until chosen (sqlite3's `auto`, which is `ascii`).
    package var escapeChoice: ControlEscape?
    /// Text in quotes in `qbox` only where it could be mistaken for a number or NULL (the
    /// terminal's default, sqlite3's `--quote relaxed`).
    package var relaxedQuotes = false
    /// Fixed column widths (`.width`) for the screen modes: 0 measures the column, a negative width right-aligns it.
    package var columnWidths: [Int] = []

    /// How control characters are escaped now.
    package var escape: ControlEscape { escapeChoice ?? .ascii }

    /// The format after choosing `mode` from sqlite3's defaults.
    package init(mode: OutputMode) {
        self.mode = mode
        change(to: mode)
    }

    /// The shell's format at a terminal: `qbox` with relaxed quoting, as sqlite3 3.53's (its "tty" mode).
    package static var terminal: OutputFormat {
        var format = OutputFormat(mode: .qbox)
        format.relaxedQuotes = true
        return format
    }

    /// Chooses `mode` as sqlite3's `.mode` does: the separators, the text for NULL and the headers it implies.
    package mutating func change(to mode: OutputMode) {
        self.mode = mode
        let defaults = mode.defaults
        if let separator = defaults.columnSeparator { columnSeparator = separator }
        if let separator = defaults.rowSeparator { rowSeparator = separator }
        if let null = defaults.nullText { nullText = null }
        relaxedQuotes = false
        if !headersChosen { headers = defaults.headers ?? false }
    }

    /// Sets the headers as `-header`/`-noheader` or `.headers` does.
    package mutating func chooseHeaders(_ on: Bool) {
        headers = on
        headersChosen = true
    }

    /// What `.mode` alone prints after `.mode `: the mode, then each setting that differs from what
    /// choosing the mode implies, in sqlite3's spelling (`csv --null "-"`, `insert --tablename "t"`).
    package var description: String {
        let defaults = mode.defaults
        var text = mode.rawValue
        if let separator = defaults.columnSeparator, separator != columnSeparator {
            text += " --colsep " + Self.cString(columnSeparator)
        }
        if let escapeChoice { text += " --escape \(escapeChoice.rawValue)" }
        if let null = defaults.nullText, null != nullText, mode != .json {
            text += " --null " + Self.cString(nullText)
        }
        if relaxedQuotes { text += " --quote relaxed" }
        if let separator = defaults.rowSeparator, separator != rowSeparator {
            text += " --rowsep " + Self.cString(rowSeparator)
        }
        if mode == .insert { text += " --tablename " + Self.cString(tableName ?? "") }
        if let implied = defaults.headers, implied != headers { text += headers ? " --titles on" : " --titles off" }
        if mode.isAligned && !columnWidths.isEmpty {
            text += " --widths " + columnWidths.map(String.init).joined(separator: ",")
        }
        return text
    }

    /// `text` in double quotes with C escapes, as sqlite3's `.show` and `.mode` print strings: `"\r\n"`.
    package static func cString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let octal = String(scalar.value, radix: 8)
                    result += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
