@testable import LifelineREPL
import Testing

@Suite("splitting SQL into statements")
struct SQLScriptTests {
    @Test("statements end at a semicolon outside strings, comments and trigger bodies")
    func splitting() {
        let script = SQLScript(text: """
            SELECT ';'; SELECT 2 -- a comment; still the comment
            ;
            CREATE TEMP TRIGGER t AFTER INSERT ON x BEGIN SELECT 1; SELECT 2; END;
            /* only a comment */ ;
            """, firstLine: 1)
        #expect(script.statements.map(\.text) == [
            "SELECT ';';",
            " SELECT 2 -- a comment; still the comment\n;",
            "\nCREATE TEMP TRIGGER t AFTER INSERT ON x BEGIN SELECT 1; SELECT 2; END;",
        ])
    }

    @Test("whether more lines are needed", arguments: [
        ("SELECT 1;", true), ("SELECT 1", false), ("SELECT ';", false), ("SELECT 1; -- done", true),
    ])
    func completeness(_ text: String, _ complete: Bool) {
        #expect(SQLScript.isComplete(text) == complete)
    }

    @Test("a byte offset maps to the input's line and column")
    func locations() {
        let script = SQLScript(text: "SELECT 1,\n  é, evnt\nFROM x;", firstLine: 7)
        let offset = Array("SELECT 1,\n  é, ".utf8).count
        #expect(script.location(ofByte: offset) == (line: 8, column: 7))
        #expect(script.sourceLine(atByte: offset) == (text: "  é, evnt", caret: 5))
    }

    @Test("blank means whitespace, comments and semicolons only", arguments: [
        ("  ;\n", true), ("-- note\n", true), ("/* a */ ;", true), ("/* open", false), ("x", false),
    ])
    func blank(_ text: String, _ blank: Bool) {
        #expect(SQLScript.isBlank(Array(text.utf8)[...]) == blank)
    }
}
