import LifelineTerminal
import Testing

@Suite("tables")
struct TextTableTests {
    static let table = TextTable(
        columns: ["seq", "event", "ms"], rows: [["1", "didFinishLaunching", "12.5"], ["10", "sceneDidBecomeActive", nil]])

    @Test("a plain table aligns text left and numbers right, underlines the header and trims trailing spaces")
    func plain() {
        #expect(
            Self.table.rendered == """
                seq  event                   ms
                ---  --------------------  ----
                  1  didFinishLaunching    12.5
                 10  sceneDidBecomeActive

                """)
    }

    @Test("options indent, drop the header, keep trailing space and set minimum widths and alignment")
    func options() {
        let table = TextTable(columns: ["id", "severity", "message"], rows: [["a.b", "error", "x"], ["c", "info", ""]])
        let rendered = table.rendered(
            TextTable.Options(
                indent: "  ", header: false, trimsTrailingSpaces: false, minimumWidths: [4, 7], rightAligned: [false, false, false]))
        #expect(rendered == "  a.b   error    x\n  c     info     \n")
    }

    @Test("a header without an underline, explicit right alignment")
    func noUnderline() {
        let table = TextTable(columns: ["rule", "violations"], rows: [["x", "3"], ["long.rule", "12"]])
        let rendered = table.rendered(TextTable.Options(underline: false, rightAligned: [false, true]))
        #expect(rendered == "rule       violations\nx                   3\nlong.rule          12\n")
    }

    @Test("a row shorter than the header renders its missing cells empty")
    func shortRow() {
        #expect(TextTable(columns: ["a", "b"], rows: [["1"]]).rendered == "a  b\n-  -\n1\n")
    }

    static let layout = TableLayout(frame: .ascii, widths: [3, 5], rightAligned: [true, false])

    @Test(
        "the frames draw their rules",
        arguments: [
            (TableLayout.Frame.ascii, TableLayout.Rule.top, "+-----+-------+\n" as String?),
            (.ascii, .bottom, "+-----+-------+\n"),
            (.box, .top, "╭─────┬───────╮\n"),
            (.box, .header, "╞═════╪═══════╡\n"),
            (.box, .bottom, "╰─────┴───────╯\n"),
            (.markdown, .header, "|-----|-------|\n"),
            (.markdown, .top, nil),
            (.columns, .header, "---  -----\n"),
            (.columns, .bottom, nil),
        ])
    func rules(_ frame: TableLayout.Frame, _ rule: TableLayout.Rule, _ expected: String?) {
        var layout = Self.layout
        layout.frame = frame
        #expect(layout.rule(rule) == expected)
    }

    @Test("cells are cut with an ellipsis and padded on their alignment's side; lines join them in the frame")
    func cellsAndLines() {
        #expect(Self.layout.cell("7", column: 0) == "  7")
        #expect(Self.layout.cell("sceneDidBecomeActive", column: 1) == "scen…")
        let cells = [Self.layout.cell("7", column: 0), Self.layout.cell("a", column: 1)]
        #expect(Self.layout.line(cells) == "|   7 | a     |\n")
        var box = Self.layout
        box.frame = .box
        #expect(box.line(cells) == "│   7 │ a     │\n")
        var columns = Self.layout
        columns.frame = .columns
        #expect(columns.line(cells) == "  7  a\n")
    }

    @Test("a centred cell has the odd space on its right, as sqlite3 centres column names")
    func centred() {
        #expect(Self.layout.cell("ab", column: 1, alignment: .center) == " ab  ")
        #expect(Self.layout.cell("a", column: 0, alignment: .center) == " a ")
        #expect(Self.layout.cell("a", column: 0, alignment: .right) == "  a")
    }
}
