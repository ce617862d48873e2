import LifelineReports
import LifelineTerminal

/// Prints the rows of one result set in an ``OutputMode``, as sqlite3 3.53 prints them.
///
/// The machine modes print each row as it comes (``ResultPrinter+Machine.swift``). The screen
/// modes measure every row before they print, as sqlite3 does, so nothing is cut off a terminal;
/// at a terminal they measure the first ``Settings/sampleSize`` rows (a person should not wait for
/// a million rows to see the first), fit the columns to the terminal's width and cut what is
/// wider with `…`. Column names are centred, numbers right-aligned, other values left-aligned;
/// a value with line feeds spans lines of its cell, and rules then separate the rows, as in
/// sqlite3. Control characters are escaped (``ControlEscape``), with `--escape off` too.
///
/// ```
/// ╭─────┬──────────────────────────────╮
/// │ seq │            event             │
/// ╞═════╪══════════════════════════════╡
/// │   1 │ application(_:didFinishLaun… │
/// ╰─────┴──────────────────────────────╯
/// ```
final class ResultPrinter {
    struct Settings {
        var format: OutputFormat
        /// Columns available, nil for no limit.
        var width: Int?
        var style: TerminalStyle = .plain
        /// Rows a screen mode measures before it prints; nil: all of them.
        var sampleSize: Int?
        /// Where column names sit: centred, as sqlite3 puts them; the shell's own listings (nil) put
        /// them on their values' side, right over numbers and left over the rest.
        var titleAlignment: TableLayout.Alignment? = .center
        /// No column is wider than this (the shell's own listings); nil: no limit.
        var maxColumnWidth: Int?

        init(format: OutputFormat, width: Int? = nil, style: TerminalStyle = .plain, sampleSize: Int? = nil) {
            self.format = format
            self.width = width
            self.style = style
            self.sampleSize = sampleSize
        }
    }

    /// The column names as SQLite gives them.
    let columns: [String]
    let settings: Settings
    let sink: OutputSink
    private var sample: [[ResultValue]] = []
    /// Fixed once the sample is measured; nil until then.
    private var layout: TableLayout?
    private var rightAligned: [Bool] = []
    /// Whether a cell spans lines: rows are then separated by rules, as sqlite3 separates them.
    private var multiline = false
    private var rowsPrinted = 0
    var rowCount = 0

    init(columns: [String], settings: Settings, sink: OutputSink) {
        self.columns = columns
        self.settings = settings
        self.sink = sink
    }

    var format: OutputFormat { settings.format }

    func add(_ row: [ResultValue]) {
        defer { rowCount += 1 }
        guard format.mode.isAligned else {
            sink.write(bytes: machineRow(row))
            return
        }
        if layout == nil {
            sample.append(row)
            if let size = settings.sampleSize, sample.count >= size { layOut() }
        } else {
            sink.write(alignedRow(row))
        }
    }

    /// Prints what is buffered and closes the table (or the JSON array).
    func finish() {
        if format.mode.isAligned {
            if layout == nil {
                guard !sample.isEmpty else { return }
                layOut()
            }
            if let bottom = layout?.rule(.bottom) { sink.write(bottom) }
        } else {
            sink.write(bytes: machineEnd())
        }
    }

    // MARK: - Screen modes

    /// A cell's lines, laid out: control characters escaped (in `off` too, as symbols: a table
    /// must keep its shape), split at line feeds, tabs expanded to the next multiple of 8.
    /// In `markdown` a `|` is written `\|`, so the table keeps its columns.
    private func lines(_ bytes: [UInt8]) -> [String] {
        let escape = format.escape == .off ? ControlEscape.symbol : format.escape
        let escaped = escape.apply(bytes, for: sink.isTerminal ? .terminal : .stream)
        return escaped.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            var line = Array(line)
            if format.mode == .markdown {
                line = line.flatMap { $0 == UInt8(ascii: "|") ? [UInt8(ascii: "\\"), $0] : [$0] }
            }
            if line.last == 0x0D { line.removeLast() }  // the CR of a CR LF
            var text = ""
            var column = 0
            for character in String(decoding: line, as: UTF8.self) {
                if character == "\t" {
                    let spaces = 8 - column % 8
                    text += String(repeating: " ", count: spaces)
                    column += spaces
                } else {
                    text.append(character)
                    column += TerminalText.width(of: character)
                }
            }
            return text
        }
    }

    private func layOut() {
        let count = columns.count
        let titles = columns.map { lines(Array($0.utf8)) }
        var natural = format.headers ? titles.map { $0.map(TerminalText.width).max() ?? 0 } : Array(repeating: 0, count: count)
        var multiline = format.headers && titles.contains { $0.count > 1 }
        var numeric = Array(repeating: true, count: count)
        for row in sample {
            for index in 0..<min(row.count, count) {
                if !row[index].isNull { numeric[index] = numeric[index] && row[index].isNumeric }
                let cell = cell(row[index])
                multiline = multiline || cell.count > 1
                natural[index] = max(natural[index], cell.map(TerminalText.width).max() ?? 0)
            }
        }
        var widths = natural.map { min($0, settings.maxColumnWidth ?? .max) }
        rightAligned = Array(repeating: false, count: count)
        for (index, fixed) in format.columnWidths.prefix(count).enumerated() where fixed != 0 {
            widths[index] = min(Int(fixed.magnitude), 10_000)
            rightAligned[index] = fixed < 0
        }
        if let available = settings.width {
            let overhead =
                switch format.mode {
                case .column: 2 * max(count - 1, 0)
                default: 3 * count + 1
                }
            // Cut the widest column first, but no column below its name (or 3 columns).
            let minimums = widths.indices.map { index in
                min(widths[index], max(3, format.headers ? (titles[index].map(TerminalText.width).max() ?? 0) : 3))
            }
            while widths.reduce(0, +) + overhead > available,
                let widest = widths.indices.filter({ widths[$0] > minimums[$0] }).max(by: { widths[$0] < widths[$1] })
            {
                widths[widest] -= 1
            }
        }
        let layout = TableLayout(frame: format.mode.frame, widths: widths, rightAligned: rightAligned)
        self.layout = layout
        self.multiline = multiline
        if let top = layout.rule(.top) { sink.write(top) }
        if format.headers {
            let height = titles.map(\.count).max() ?? 1
            for line in 0..<height {
                sink.write(
                    layout.line(
                        titles.enumerated().map { index, title in
                            let alignment = settings.titleAlignment ?? (numeric[index] ? .right : .left)
                            return settings.style.bold(
                                layout.cell(line < title.count ? title[line] : "", column: index, alignment: alignment))
                        }))
            }
            if let separator = layout.rule(.header) { sink.write(separator) }
        }
        for row in sample { sink.write(alignedRow(row)) }
        sample = []
    }

    /// A row's lines, after the rule that separates it from the row before when cells span lines (as sqlite3 draws them).
    private func alignedRow(_ row: [ResultValue]) -> String {
        guard let layout else { return "" }
        var text = ""
        if multiline && (rowsPrinted > 0) {
            switch layout.frame {
            case .ascii: text += layout.rule(.top) ?? ""
            case .box: text += layout.rule(.between) ?? ""
            case .columns: text += "\n"
            case .markdown: break
            }
        }
        rowsPrinted += 1
        let cells = columns.indices.map { index in cell(index < row.count ? row[index] : .null) }
        let height = cells.map(\.count).max() ?? 1
        for line in 0..<height {
            text += layout.line(
                columns.indices.map { index in
                    let value = index < row.count ? row[index] : .null
                    let content = line < cells[index].count ? cells[index][line] : ""
                    let alignment: TableLayout.Alignment = rightAligned[index] || value.isNumeric ? .right : .left
                    let shown = layout.cell(content, column: index, alignment: alignment)
                    return value.isNull ? settings.style.dim(shown) : shown
                })
        }
        return text
    }

    /// A value's lines in a cell: sqlite3's text for numbers, the NULL text, text and blobs as the
    /// mode writes them (SQL literals in `qbox`), control characters escaped.
    private func cell(_ value: ResultValue) -> [String] {
        let bytes: [UInt8]
        switch value {
        case .null: bytes = Array(format.nullText.utf8)
        case .integer(let integer): return [String(integer)]
        case .real(let real): return [RealText.exact(real)]
        case .text(let text):
            let content = Self.cString(Array(text.utf8))
            if format.mode == .qbox && !(format.relaxedQuotes && isRelaxable(content)) {
                bytes = Self.sqlQuoted(content, escaping: format.escape != .off)
            } else {
                bytes = content
            }
        case .blob(let blob):
            bytes = format.mode == .qbox ? Array(ResultValue.hexLiteral(blob).utf8) : Self.cString(blob)
        }
        return lines(bytes)
    }
}
