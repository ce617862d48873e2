import LifelineReports
import LifelineTerminal

/// Prints the rows of one result set in an ``OutputMode``, as they come.
///
/// Aligned modes measure column widths on the first ``Settings/sampleSize``
/// rows, fit them to the terminal width and print; later rows stream with the
/// same widths, values cut with an ellipsis where they are wider. The other
/// modes print each row at once. Every value is escaped (``TerminalText``).
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
        /// How aligned modes show NULL.
        var nullText = "NULL"
    }

    private let columns: [String]
    private let rawColumns: [String]
    private let settings: Settings
    private let sink: OutputSink
    private var sample: [[ResultValue]] = []
    /// Fixed once the sample is measured; nil until then.
    private var layout: TableLayout?
    private var rowCount = 0

    init(columns: [String], settings: Settings, sink: OutputSink) {
        rawColumns = columns
        self.columns = columns.map(TerminalText.escape)
        self.settings = settings
        self.sink = sink
    }

    func add(_ row: [ResultValue]) {
        defer { rowCount += 1 }
        guard settings.mode.isAligned else {
            printStreamed(row)
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
        case .csv, .line: break
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
        let rightAligned = (0..<count).map { numeric[$0] && seen[$0] }
        var widths = natural.map { min(max($0, 1), settings.maxColumnWidth) }
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
        value.isNull ? settings.nullText : value.display
    }

    // MARK: - Streamed modes

    private func printStreamed(_ row: [ResultValue]) {
        switch settings.mode {
        case .csv:
            if rowCount == 0 && settings.headers { sink.write(columns.map(Self.csvField).joined(separator: ",") + "\n") }
            sink.write(
                row.map { value in
                    switch value {
                    case .null: ""
                    case .text(let text): Self.csvField(TerminalText.escape(text))
                    default: value.display
                    }
                }.joined(separator: ",") + "\n")
        case .json:
            let members = columns.indices.map { index in
                Self.jsonString(rawColumns[index]) + ":" + Self.json(index < row.count ? row[index] : .null)
            }
            sink.write((rowCount == 0 ? "[" : ",\n") + "{" + members.joined(separator: ",") + "}")
        case .line:
            let nameWidth = columns.map(TerminalText.width).max() ?? 0
            if rowCount > 0 { sink.write("\n") }
            for (index, name) in columns.enumerated() {
                let value = index < row.count ? row[index] : .null
                sink.write(TerminalText.pad(name, to: nameWidth, right: true) + " = " + value.display + "\n")
            }
        case .table, .box, .column, .markdown:
            break
        }
    }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == " " }) || text.isEmpty else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func json(_ value: ResultValue) -> String {
        switch value {
        case .null: "null"
        case .integer(let integer): String(integer)
        case .real(let real): real.isFinite ? RealText.exact(real) : "null"
        case .text(let text): jsonString(text)
        case .blob(let bytes): jsonString(ResultValue.hexLiteral(bytes))
        }
    }

    /// A JSON string literal with every control, DEL, C1 and bidirectional character as `\u` escapes.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if TerminalText.needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
