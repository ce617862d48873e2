/// Column widths and alignments fixed, and the frame drawn around them: how every table
/// Lifeline prints is laid out, line by line.
///
/// ``TextTable`` measures its rows and lays them out with it; the REPL's result printer
/// measures a sample of rows, fixes a layout, and streams the rest through the same one.
///
/// ```
/// +-----+---------+      ╭─────┬─────────╮      | seq |  event  |      seq  event
/// | seq |  event  |      │ seq │  event  │      |-----|---------|      ---  -------
/// +-----+---------+      ╞═════╪═════════╡      |   1 | launch  |        1  launch
/// |   1 | launch  |      │   1 │ launch  │
/// +-----+---------+      ╰─────┴─────────╯
/// ```
///
/// The box and Markdown frames are the sqlite3 shell's (3.53), as its `.mode box` and `.mode
/// markdown` draw them; the REPL's result printer centres column names in them, as sqlite3 does.
package struct TableLayout: Hashable, Sendable {
    /// What surrounds and separates the cells.
    package enum Frame: Hashable, Sendable {
        /// Two spaces between columns, dashes under the header, trailing spaces trimmed.
        case columns
        /// `+---+` rules and `|` separators.
        case ascii
        /// Unicode box-drawing lines with rounded corners, a double line under the header.
        case box
        /// A GitHub-flavoured Markdown table.
        case markdown
    }

    /// Where a cell's text sits in its column.
    package enum Alignment: Hashable, Sendable {
        case left, right
        /// Centred, one space more on the right when the space cannot be split evenly.
        case center
    }

    /// A horizontal line of the frame: above the table, under the header, between rows (a box's
    /// single line; the other frames draw their top rule there), below the table.
    package enum Rule: Hashable, Sendable { case top, header, between, bottom }

    package var frame: Frame
    /// Each column's width in terminal columns (``TerminalText/width(_:)``).
    package var widths: [Int]
    /// Whether each column is right-aligned (numbers) rather than left-aligned.
    package var rightAligned: [Bool]

    package init(frame: Frame, widths: [Int], rightAligned: [Bool]) {
        self.frame = frame
        self.widths = widths
        self.rightAligned = rightAligned
    }

    /// `text` cut with an ellipsis to its column's width and padded to it on the side its alignment says.
    package func cell(_ text: String, column: Int) -> String {
        let width = column < widths.count ? widths[column] : TerminalText.width(text)
        let right = column < rightAligned.count && rightAligned[column]
        return TerminalText.pad(TerminalText.truncate(text, to: width), to: width, right: right)
    }

    /// `text` cut with an ellipsis to its column's width and placed in it as `alignment` says.
    package func cell(_ text: String, column: Int, alignment: Alignment) -> String {
        let width = column < widths.count ? widths[column] : TerminalText.width(text)
        let cut = TerminalText.truncate(text, to: width)
        switch alignment {
        case .left: return TerminalText.pad(cut, to: width)
        case .right: return TerminalText.pad(cut, to: width, right: true)
        case .center:
            let space = max(0, width - TerminalText.width(cut))
            return String(repeating: " ", count: space / 2) + cut + String(repeating: " ", count: space - space / 2)
        }
    }

    /// One line of cells (already cut and padded, perhaps coloured), ending in a newline.
    package func line(_ cells: [String]) -> String {
        switch frame {
        case .ascii, .markdown: "| " + cells.joined(separator: " | ") + " |\n"
        case .box: "│ " + cells.joined(separator: " │ ") + " │\n"
        case .columns: TerminalText.trimmingTrailingSpaces(cells.joined(separator: "  ")) + "\n"
        }
    }

    /// The rule the frame draws at `kind`, ending in a newline, or nil where it draws none.
    package func rule(_ kind: Rule) -> String? {
        func draw(_ left: String, _ fill: String, _ middle: String, _ right: String) -> String {
            left + widths.map { String(repeating: fill, count: $0 + 2) }.joined(separator: middle) + right + "\n"
        }
        switch (frame, kind) {
        case (.ascii, _): return draw("+", "-", "+", "+")
        case (.box, .top): return draw("╭", "─", "┬", "╮")
        case (.box, .header): return draw("╞", "═", "╪", "╡")
        case (.box, .between): return draw("├", "─", "┼", "┤")
        case (.box, .bottom): return draw("╰", "─", "┴", "╯")
        case (.markdown, .header): return draw("|", "-", "|", "|")
        case (.columns, .header):
            return TerminalText.trimmingTrailingSpaces(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) + "\n"
        default: return nil
        }
    }
}
