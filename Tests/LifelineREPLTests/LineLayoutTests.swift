import Testing

@testable import LifelineREPL

/// Where Ctrl-C leaves the cursor: the next prompt goes below the whole abandoned line.
@Suite("line layout at Ctrl-C")
struct LineLayoutTests {
    let prompt = "lifeline> "  // 10 columns

    @Test("a line on one row: nothing below the cursor, wherever it is")
    func oneRow() {
        let layout = LineLayout(prompt: prompt, line: "SELECT 1;", columns: 80)
        #expect(layout.rowsBelow(cursor: 0, echoed: 2) == 0)
        #expect(layout.rowsBelow(cursor: 9, echoed: 2) == 0)
    }

    @Test("a line over three rows of 80: from its start two rows below, from its end none")
    func wrapped() {
        let line = "SELECT '" + String(repeating: "a", count: 180) + "' AS long"  // 10 + 197 = 207 columns
        let layout = LineLayout(prompt: prompt, line: line, columns: 80)
        #expect(layout.rowsBelow(cursor: 0, echoed: 2) == 2)
        #expect(layout.rowsBelow(cursor: 75, echoed: 2) == 1)  // column 85: the second row
        #expect(layout.rowsBelow(cursor: line.utf8.count, echoed: 2) == 0)
    }

    @Test("the echo that fills a row keeps the cursor on it; one more column wraps it to the next")
    func echoAtTheRowsEnd() {
        let line = String(repeating: "x", count: 100)  // 110 columns: rows 0 and 1
        let layout = LineLayout(prompt: prompt, line: line, columns: 80)
        #expect(layout.rowsBelow(cursor: 68, echoed: 2) == 1)  // '^C' in columns 78 and 79
        #expect(layout.rowsBelow(cursor: 69, echoed: 2) == 0)  // 'C' wraps to row 1
    }

    @Test("a line that ends exactly at a row's end: its last row is that row")
    func exactFit() {
        let layout = LineLayout(prompt: prompt, line: String(repeating: "x", count: 150), columns: 80)  // 160 columns
        #expect(layout.rowsBelow(cursor: 0, echoed: 2) == 1)
        #expect(layout.rowsBelow(cursor: 150, echoed: 2) == 0)
    }

    @Test("wide characters count two columns, offsets are in bytes, a wide character that does not fit starts the next row")
    func wideCharacters() {
        // 10 + 35 × 2 = 80: the row is full; the 36th character starts row 1.
        let line = String(repeating: "日", count: 36)
        let layout = LineLayout(prompt: prompt, line: line, columns: 80)
        #expect(layout.position(ofByte: 3) == 12)
        #expect(layout.position(ofByte: 35 * 3) == 80)
        #expect(layout.rowsBelow(cursor: 0, echoed: 2) == 1)
        // In 79 columns the 35th character (at column 78) does not fit and starts row 1 at 79.
        let narrow = LineLayout(prompt: prompt, line: line, columns: 79)
        #expect(narrow.position(ofByte: 34 * 3) == 79)
        #expect(narrow.position(ofByte: 36 * 3) == 79 + 4)
    }

    @Test("a control character is drawn as two columns (^A)")
    func controlCharacters() {
        let layout = LineLayout(prompt: prompt, line: "a\u{1}b", columns: 80)
        #expect(layout.position(ofByte: 2) == 13)
        #expect(layout.position(ofByte: 3) == 14)
    }
}
