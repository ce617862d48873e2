import LifelineReports
import LifelineTerminal

/// Prints the rows of one result set in an ``OutputMode``, as they come.
///
/// Aligned (screen) modes measure column widths on the first ``Settings/sampleSize``
/// rows, fit them to the terminal width and print; later rows stream with the
/// same widths, values cut with an ellipsis where they are wider, every value escaped
/// (``TerminalText``). The machine modes print each row at once, as sqlite3 does, with
/// the values' real bytes: escaped only when the output is a terminal
/// (``ResultPrinter+Machine.swift``).
///
/// ```
/// +-----+------------------------------+
/// | seq | event                        |
/// +-----+------------------------------+
/// |   1 | application(_:didFinishLaun… |
/// +-----+------------------------------+
/// ```
final class ResultPrinter {
    struct Settings {
        var mode: OutputMode = .table
        var headers = true
        /// Columns available, nil for no limit.
        var width: Int?
        var style: TerminalStyle = .plain
        var sampleSize = 100
        /// No column is wider than this, whatever the terminal.
        var maxColumnWidth = 60
        /// How NULL prints (`.nullvalue`); nil: `NULL` in aligned modes, nothing in machine modes (as sqlite3).
        var nullText: String?
        /// Between values in `list` mode (and `.separator`'s first argument).
        var columnSeparator = "|"
        /// After each row in `list` and `csv` mode (`.separator`'s second argument).
        var rowSeparator = "\n"
        /// The table `.mode insert` writes into.
        var tableName = "table"
        /// Fixed column widths (`.width`) for aligned modes: 0 measures the column, a negative width right-aligns it.
        var columnWidths: [Int] = []
    }

    let columns: [String]
    let rawColumns: [String]
    let settings: Settings
    let sink: OutputSink
    /// Whether values are shown escaped: always in aligned modes, in machine modes only on a terminal.
    let escapes: Bool
    private var sample: [[ResultValue]] = []
    /// Fixed once the sample is measured; nil until then.
    private var layout: TableLayout?
    var rowCount = 0

    init(columns: [String], settings: Settings, sink: OutputSink) {
        rawColumns = columns
        self.columns = columns.map(TerminalText.escape)
        self.settings = settings
        self.sink = sink
        escapes = settings.mode.isAligned || sink.isTerminal
    }

    func add(_ row: [ResultValue]) {
        defer { rowCount += 1 }
        guard settings.mode.isAligned else {
            sink.write(bytes: machineRow(row))
            return
        }
        if layout == nil {
            sample.append(row)
            if sample.count >= settings.sampleSize { layOut() }
        } else {
            sink.write(alignedRow(row))
        }
    }

    /// Prints what is buffered and closes the table (or the JSON array).
    func finish() {
        switch settings.mode {
        case .json: if rowCount > 0 { sink.write("]\n") }
        case .list, .csv, .line, .quote, .insert, .html: break
        case .table, .box, .column, .markdown:
            if layout == nil {
                guard !sample.isEmpty else { return }
                layOut()
            }
            if let bottom = layout?.rule(.bottom) { sink.write(bottom) }
        }
    }

    // MARK: - Aligned modes

    private func layOut() {
        let count = columns.count
        var natural = settings.headers ? columns.map(TerminalText.width) : Array(repeating: 1, count: count)
        var numeric = Array(repeating: true, count: count)
        var seen = Array(repeating: false, count: count)
        for row in sample {
            for (index, value) in row.enumerated() where index < count {
                natural[index] = max(natural[index], TerminalText.width(shown(value)))
                if !value.isNull {
                    seen[index] = true
                    numeric[index] = numeric[index] && value.isNumeric
                }
            }
        }
        var rightAligned = (0..<count).map { numeric[$0] && seen[$0] }
        var widths = natural.map { min(max($0, 1), settings.maxColumnWidth) }
        for (index, fixed) in settings.columnWidths.prefix(count).enumerated() where fixed != 0 {
            widths[index] = fixed.magnitude > Int.max / 2 ? Int.max / 2 : Int(fixed.magnitude)
            rightAligned[index] = fixed < 0
        }
        if let available = settings.width {
            let overhead: Int
            switch settings.mode {
            case .column: overhead = 2 * max(count - 1, 0)
            default: overhead = 3 * count + 1
            }
            // Cut the widest column first, but no column below its header (or 3 columns).
            let minimums = widths.indices.map { min(widths[$0], max(3, settings.headers ? TerminalText.width(columns[$0]) : 3)) }
            while widths.reduce(0, +) + overhead > available,
                let widest = widths.indices.filter({ widths[$0] > minimums[$0] })
                    .max(by: { widths[$0] < widths[$1] })
            {
                widths[widest] -= 1
            }
        }
        let layout = TableLayout(frame: settings.mode.frame, widths: widths, rightAligned: rightAligned)
        self.layout = layout
        if let top = layout.rule(.top) { sink.write(top) }
        if settings.headers {
            sink.write(
                layout.line(
                    columns.enumerated().map { index, name in
                        settings.style.bold(layout.cell(name, column: index))
                    }))
            if let separator = layout.rule(.header) { sink.write(separator) }
        }
        for row in sample { sink.write(alignedRow(row)) }
        sample = []
    }

    private func alignedRow(_ row: [ResultValue]) -> String {
        guard let layout else { return "" }
        return layout.line(
            columns.indices.map { index in
                let value = index < row.count ? row[index] : .null
                var text = shown(value)
                if settings.mode == .markdown { text = text.replacingOccurrences(of: "|", with: "\\|") }
                let shown = layout.cell(text, column: index)
                return value.isNull ? settings.style.dim(shown) : shown
            })
    }

    private func shown(_ value: ResultValue) -> String {
        value.isNull ? TerminalText.escape(settings.nullText ?? "NULL") : value.display
    }
}
