import LifelineFormat
import LifelineSupport
import LifelineTestSupport
import Testing

@testable import LifelineREPL

@Suite("splitting SQL into statements")
struct SQLScriptTests {
    @Test("statements end at a semicolon outside strings, comments and trigger bodies")
    func splitting() {
        let script = SQLScript(
            text: """
                SELECT ';'; SELECT 2 -- a comment; still the comment
                ;
                CREATE TEMP TRIGGER t AFTER INSERT ON x BEGIN SELECT 1; SELECT 2; END;
                /* only a comment */ ;
                """, firstLine: 1)
        #expect(
            script.statements.map(\.text) == [
                "SELECT ';';",
                " SELECT 2 -- a comment; still the comment\n;",
                "\nCREATE TEMP TRIGGER t AFTER INSERT ON x BEGIN SELECT 1; SELECT 2; END;",
            ])
    }

    @Test(
        "whether more lines are needed",
        arguments: [
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

    @Test(
        "blank means whitespace, comments and semicolons only",
        arguments: [
            ("  ;\n", true), ("-- note\n", true), ("/* a */ ;", true), ("/* open", false), ("x", false),
        ])
    func blank(_ text: String, _ blank: Bool) {
        #expect(SQLScript.isBlank(Array(text.utf8)[...]) == blank)
    }
}

@Suite("following SQL as it arrives")
struct SQLCompletionScannerTests {
    /// Pieces that exercise every state and token of `sqlite3_complete`: keywords of any case,
    /// strings and comments left open, triggers, a NUL, bytes of a multi-byte character.
    static let pieces = [
        ";", " ", "\n", "\t", "\r", "\u{0C}", "\u{0B}", "-", "--", "/", "/*", "*", "*/", "'", "\"", "`", "[", "]",
        "CREATE", "create", "TeMp", "TEMPORARY", "temporarx", "TRIGGER", "trigger", "END", "end", "EXPLAIN", "explain",
        "BEGIN", "SELECT", "x", "1", "_", "$", "é", "\u{0}", "en", "d", "ex", "plain", "tempo", "rary", "(", ")",
    ]

    @Test("after every piece of random text, complete and blank are what sqlite3_complete and isBlank say of it all")
    func agreesWithSQLite() {
        var random = SplitMix64(seed: 12)
        for _ in 0..<3_000 {
            var text = ""
            var scanner = SQLCompletionScanner()
            for _ in 0..<Int.random(in: 1...24, using: &random) {
                let piece = Self.pieces.randomElement(using: &random) ?? ";"
                text += piece
                scanner.consume(piece)
                #expect(scanner.isComplete == SQLScript.isComplete(text), "\(Array(text.utf8))")
                #expect(scanner.isBlank == SQLScript.isBlank(Array(text.utf8)[...]), "\(Array(text.utf8))")
            }
        }
    }

    @Test("a statement over many lines is complete at its last ';', not at one in a string, comment or trigger body")
    func lines() {
        var scanner = SQLCompletionScanner()
        for line in ["CREATE TEMP TRIGGER t AFTER INSERT ON x BEGIN", "SELECT ';';", "/* END; */ END", "; -- done"] {
            #expect(!scanner.isComplete)
            scanner.consume(line)
            scanner.consume(0x0A)
        }
        #expect(scanner.isComplete)
        #expect(!scanner.isBlank)
    }

    @Test("statements split at the same places as sqlite3_complete at each ';' finds")
    func statementsMatchTheWholeTextScan() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 1...30, using: &random))
                .map { _ in Self.pieces.randomElement(using: &random) ?? ";" }.joined()
            let bytes = Array(text.utf8)
            var expected: [Int] = []
            var start = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: ";") {
                guard SQLScript.isComplete(String(decoding: bytes[start...index], as: UTF8.self)) else { continue }
                if !SQLScript.isBlank(bytes[start...index]) { expected.append(start) }
                start = index + 1
            }
            if start < bytes.count, !SQLScript.isBlank(bytes[start...]) { expected.append(start) }
            #expect(SQLScript(text: text, firstLine: 1).statements.map(\.offset) == expected, "\(bytes)")
        }
    }
}

@Suite("the statement time limit's setting")
struct StatementTimeLimitTests {
    @Test(
        "what --statement-time and .limit accept",
        arguments: [
            ("off", StatementTimeLimit.off), ("OFF", .off), ("default", .automatic), ("30", .seconds(30)), ("0.5", .seconds(0.5)),
            ("1000000", .seconds(1_000_000)),
        ])
    func parsing(_ text: String, _ limit: StatementTimeLimit) {
        #expect(StatementTimeLimit(parsing: text) == limit)
    }

    @Test("what they refuse", arguments: ["0", "-2", "1000001", "inf", "nan", "", "1 s", "soon"])
    func refused(_ text: String) {
        #expect(StatementTimeLimit(parsing: text) == nil)
    }

    @Test("by default SQL from a script has 60 s and SQL typed at the prompt none; a setting applies to both")
    func perSource() {
        #expect(StatementTimeLimit.automatic.seconds(scripted: true) == 60)
        #expect(StatementTimeLimit.automatic.seconds(scripted: false) == nil)
        #expect(StatementTimeLimit.off.seconds(scripted: true) == nil)
        #expect(StatementTimeLimit.seconds(2).seconds(scripted: false) == 2)
        #expect(StatementTimeLimit.automatic.description == "60 s for scripts, none at the prompt (default)")
    }
}
