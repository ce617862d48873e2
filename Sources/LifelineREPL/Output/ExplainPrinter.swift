/// Prints rows as sqlite3's `.explain` mode does: fixed-width columns sized for `EXPLAIN` output
/// (`addr`, `opcode`, `p1` ... `comment`), with the opcodes inside a loop indented as sqlite3
/// indents them.
///
/// ```
/// addr  opcode         p1    p2    p3    p4             p5  comment
/// ----  -------------  ----  ----  ----  -------------  --  -------------
/// 0     Init           0     7     0                    0
/// 3     Rewind         0     6     0                    0
/// 4       Column         0     1     1                    0
/// 5     Next           0     4     0                    1
/// ```
///
/// The rows of an `EXPLAIN` are held until the end (the indentation of a loop is known only at its
/// `Next`); other statements' rows print as they come, unindented.
final class ExplainPrinter {
    private static let widths = [4, 13, 4, 4, 4, 13, 2, 13]
    private let columns: [String]
    private let isExplain: Bool
    private let nullText: String
    private let sink: OutputSink
    private var rows: [[String?]] = []
    private var rowCount = 0

    /// `isExplain`: the statement is an `EXPLAIN`, whose opcodes are indented.
    init(columns: [String], isExplain: Bool, nullText: String, sink: OutputSink) {
        self.columns = Array(columns.prefix(Self.widths.count))
        self.isExplain = isExplain && columns.count == 8
        self.nullText = nullText
        self.sink = sink
    }

    /// A row's values as text (nil for NULL), already escaped for where they go.
    func add(_ row: [String?]) {
        if rowCount == 0 { writeHeader() }
        rowCount += 1
        if isExplain {
            rows.append(row)
        } else {
            sink.write(line(row, indent: 0))
        }
    }

    func finish() {
        guard isExplain else { return }
        let indents = Self.indents(rows)
        for (row, indent) in zip(rows, indents) { sink.write(line(row, indent: indent)) }
        rows = []
    }

    private func writeHeader() {
        var text = ""
        for (index, name) in columns.enumerated() {
            // Exactly the column's width: sqlite3 cuts a longer name ('notused' is 'notu').
            text += name.padding(toLength: Self.widths[index], withPad: " ", startingAt: 0)
            text += index == columns.count - 1 ? "\n" : "  "
        }
        for index in columns.indices {
            text += String(repeating: "-", count: Self.widths[index]) + (index == columns.count - 1 ? "\n" : "  ")
        }
        sink.write(text)
    }

    private func line(_ row: [String?], indent: Int) -> String {
        var text = ""
        for index in columns.indices {
            let value = index < row.count ? row[index] ?? nullText : nullText
            // A longer value widens its column for this row only; the last column is not padded.
            let width = max(index == columns.count - 1 ? 0 : Self.widths[index], value.count)
            if index == 1 { text += String(repeating: " ", count: indent) }
            text += value.padding(toLength: width, withPad: " ", startingAt: 0)
            text += index == columns.count - 1 ? "\n" : "  "
        }
        return text
    }

    /// sqlite3's `explain_data_prepare`: two spaces more for each loop (a `Next`-like opcode or a
    /// subroutine's `Return` jumping back, or a `Goto` back to a `Yield`-like opcode or with P1 set)
    /// an opcode is inside.
    static func indents(_ rows: [[String?]]) -> [Int] {
        let next: Set<String> = ["Next", "Prev", "VPrev", "VNext", "SorterNext", "Return"]
        let yield: Set<String> = ["Yield", "SeekLT", "SeekGT", "RowSetRead", "Rewind"]
        var indents = Array(repeating: 0, count: rows.count)
        var yields = Array(repeating: false, count: rows.count)
        for (operation, row) in rows.enumerated() {
            func integer(_ index: Int) -> Int { index < row.count ? Int(row[index] ?? "") ?? 0 : 0 }
            let opcode = row.count > 1 ? row[1] ?? "" : ""
            let address = integer(0)
            let (target, overflow) = integer(3).addingReportingOverflow(operation - address)
            guard !overflow else { continue }
            yields[operation] = yield.contains(opcode)
            if next.contains(opcode) && target > 0 && target < operation {
                for index in target..<operation { indents[index] += 2 }
            }
            if opcode == "Goto" && target >= 0 && target < operation && (yields[target] || integer(2) != 0) {
                for index in target..<operation { indents[index] += 2 }
            }
        }
        return indents
    }
}
