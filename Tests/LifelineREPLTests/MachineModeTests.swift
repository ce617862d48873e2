import Foundation
import Testing

@testable import LifelineREPL

/// The machine modes print what another program can read back: real bytes, NULL told from 'NULL',
/// blobs told from text, nothing lost; escaped only on a terminal.
@Suite("machine output modes")
struct MachineModeTests {
    static let values = """
        SELECT 'a' || char(10) || 'b' AS nl, 'a\\nb' AS backslash, 'say "hi", twice' AS q, NULL AS n, 'NULL' AS t, 7 AS i;
        """

    @Test("CSV is RFC 4180: a line break is inside quotes as itself, a backslash-n stays two characters")
    func csvRoundTrips() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(".mode csv\n" + Self.values + "\n")
        #expect(run.status == 0)
        #expect(run.text == "nl,backslash,q,n,t,i\r\n\"a\nb\",a\\nb,\"say \"\"hi\"\", twice\",,NULL,7\r\n")
    }

    @Test("list prints values as they are between separators; .separator sets both separators")
    func listAndSeparators() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(".mode list\n.headers off\n" + Self.values + "\n.separator , ;\nSELECT 1, 2;\nSELECT 3, 4;\n")
        #expect(run.text == "a\nb|a\\nb|say \"hi\", twice||NULL|7\n1,2;3,4;")
    }

    @Test(".nullvalue tells NULL from the text 'NULL' in every mode it applies to")
    func nullValue() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(
            ".headers off\n.nullvalue <nil>\n.mode csv\nSELECT NULL, 'NULL';\n.mode list\nSELECT NULL, 'NULL';\n"
                + ".mode table\nSELECT NULL AS n;\n.mode quote\nSELECT NULL, 'NULL';\n")
        #expect(
            run.text == """
                <nil>,NULL\r
                <nil>|NULL
                +-------+
                | n     |
                +-------+
                | <nil> |
                +-------+
                'NULL','''NULL'''
                NULL,'NULL'

                """)
    }

    @Test("JSON keeps infinities (1e999), and a blob is an object, never a string")
    func jsonLosesNothing() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(".mode json\nSELECT 1e999 AS inf, -1e999 AS minus, x'00ff' AS b, 'x''00ff''' AS t, 2.5 AS r;\n")
        #expect(run.text == #"[{"inf":1e999,"minus":-1e999,"b":{"blob":"00ff"},"t":"x'00ff'","r":2.5}]"# + "\n")
    }

    @Test("a blob in list and CSV is its bytes, as sqlite3 prints it; quote and insert write X'..' literals")
    func blobs() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(
            ".headers off\n.mode list\nSELECT x'414243', x'41004243';\n.mode csv\nSELECT x'41204243';\n"
                + ".mode quote\nSELECT x'0aff', 'it''s';\n")
        #expect(run.text == "ABC|A\n\"A BC\"\r\nX'0aff','it''s'\n")
    }

    @Test("insert writes statements that read back, line breaks through replace() as sqlite3 does")
    func insert() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(
            ".mode insert picked\n.headers off\nSELECT 1 AS id, 'a' || char(10) || 'b''c' AS t, 2.0 AS r, NULL AS n;\n"
                + ".headers on\n.mode insert\nSELECT 1 AS \"select\", 2 AS plain;\n")
        #expect(
            run.text == """
                INSERT INTO picked VALUES(1,replace('a\\nb''c','\\n',char(10)),2.0,NULL);
                INSERT INTO "table"("select",plain) VALUES(1,2);

                """)
    }

    @Test("html escapes markup as sqlite3 does, through the reports' XML escaping")
    func html() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(".mode html\nSELECT '<a href=''x''>&</a>' AS \"<t>\";\n")
        #expect(run.text == "<TR><TH>&lt;t&gt;</TH>\n</TR>\n<TR><TD>&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;</TD>\n</TR>\n")
    }

    @Test("machine modes print escapes as they are to a file or pipe, and inert on a terminal", arguments: ["list", "csv", "line", "json"])
    func escapesOnlyOnATerminal(_ mode: String) throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let script = ".mode \(mode)\nSELECT char(27) || '[2J' || char(155) AS x;\n"
        let piped = try fixture.run(script)
        #expect(piped.text.contains(mode == "json" ? "\\u001b[2J\u{9B}" : "\u{1B}[2J\u{9B}"))
        let terminal = try fixture.run(script, terminal: true)
        #expect(!terminal.text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" })
        #expect(terminal.text.contains(mode == "json" ? "\\u001b[2J\\u009b" : "\\x1b[2J\\u{9b}"))
    }

    @Test("line mode right-aligns names by their width on screen, so wide and combining characters line up")
    func lineModeAlignsByScreenWidth() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        // 名前 takes 4 columns (6 bytes), e\u{301} (é, a combining accent) 1 column (3 bytes), count 5.
        let run = try fixture.run(".mode line\nSELECT 1 AS \"名前\", 2 AS \"e\u{301}\", 3 AS count;\n")
        #expect(run.text == " 名前 = 1\n    e\u{301} = 2\ncount = 3\n")
    }

    @Test("screen modes escape control characters whatever the output")
    func screenModesEscape() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(".mode box\nSELECT char(27) || '[2J' AS x;\n")
        #expect(!run.text.contains("\u{1B}"))
        #expect(run.text.contains("\\x1b[2J"))
    }
}
