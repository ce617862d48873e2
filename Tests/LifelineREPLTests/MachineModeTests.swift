import Foundation
import Testing

@testable import LifelineREPL

/// The machine modes print what another program can read back, as sqlite3 3.53 prints it: NULL
/// told from 'NULL', blobs told from text, control characters escaped wherever the output goes
/// (more of them on a terminal) unless `.mode --escape off` asks for the bytes.
@Suite("machine output modes")
struct MachineModeTests {
    static let values = """
        SELECT 'a' || char(10) || 'b' AS nl, 'a\\nb' AS backslash, 'say "hi", twice' AS q, NULL AS n, 'NULL' AS t, 7 AS i;
        """

    @Test("CSV is RFC 4180: a line break is inside quotes as itself, a backslash-n stays two characters")
    func csvRoundTrips() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(".mode csv\n.headers on\n" + Self.values + "\n")
        #expect(run.status == 0)
        #expect(run.text == "nl,backslash,q,n,t,i\r\n\"a\nb\",a\\nb,\"say \"\"hi\"\", twice\",,NULL,7\r\n")
    }

    @Test("list prints values between separators; .separator sets both, backslash escapes in double quotes, a final ';' dropped")
    func listAndSeparators() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(
            ".mode list\n" + Self.values + "\n.separator , ~\nSELECT 1, 2;\nSELECT 3, 4;\n.separator \"\\t\" \"\\n\";\nSELECT 5, 6;\n")
        #expect(run.text == "a\nb|a\\nb|say \"hi\", twice||NULL|7\n1,2~3,4~5\t6\n")
    }

    @Test(".nullvalue tells NULL from the text 'NULL'; choosing a mode resets it, as in sqlite3 3.53")
    func nullValue() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(
            ".mode csv\n.nullvalue <nil>\nSELECT NULL, 'NULL';\n.mode list\nSELECT NULL, 'NULL';\n"
                + ".nullvalue <nil>\nSELECT NULL, 'NULL';\n.mode table\nSELECT NULL AS n, 'NULL' AS t;\n.mode quote\nSELECT NULL, 'NULL';\n"
        )
        #expect(
            run.text == """
                <nil>,NULL\r
                |NULL
                <nil>|NULL
                +---+------+
                | n |  t   |
                +---+------+
                |   | NULL |
                +---+------+
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

    @Test("a blob in list and CSV is its bytes up to the first NUL, as sqlite3 prints it; quote writes x'..' literals")
    func blobs() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(
            ".mode list\nSELECT x'414243', x'41004243';\n.mode csv\nSELECT x'41204243', x'';\n"
                + ".mode quote\nSELECT x'0aff', 'it''s';\n")
        #expect(run.text == "ABC|A\n\"A BC\",\"\"\r\nx'0aff','it''s'\n")
    }

    @Test("insert writes statements that read back exactly, control characters through unistr() as sqlite3 3.53 writes them")
    func insert() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(
            ".mode insert picked\nSELECT 1 AS id, 'a' || char(10) || 'b''c\\' || char(27) AS t, 2.0 AS r, NULL AS n;\n"
                + ".headers on\n.mode insert\nSELECT 1 AS \"select\", 2 AS plain;\n.mode insert --escape off\nSELECT char(9);\n")
        #expect(
            run.text == """
                INSERT INTO picked VALUES(1,unistr('a\\u000ab''c\\\\\\u001b'),2.0,NULL);
                INSERT INTO picked("select",plain) VALUES(1,2);
                INSERT INTO picked("char(9)") VALUES('\t');

                """)
    }

    @Test("html escapes markup as sqlite3 does, shows column names, and NULL as null")
    func html() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(".mode html\nSELECT '<a href=''x''>&</a>' AS \"<t>\", NULL AS n;\n")
        #expect(run.text == "<TR>\n<TH>&lt;t&gt;\n<TH>n\n</TR>\n<TR>\n<TD>&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;\n<TD>null\n</TR>\n")
    }

    @Test(
        "control characters are escaped to a file or pipe as sqlite3 3.53 escapes them, more on a terminal, none with --escape off",
        arguments: ["list", "csv", "line", "json"])
    func escapes(_ mode: String) throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let script = ".mode \(mode)\nSELECT char(27) || ']0;x' || char(7) || 'a' || char(13) || 'b' || char(127) || char(155) AS x;\n"
        let piped = try fixture.run(script)
        #expect(!piped.text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" } && !piped.text.contains("a\rb"))
        #expect(piped.text.contains(mode == "json" ? "\\u001b]0;x\\u0007a\\rb\u{7F}\u{9B}" : "^[]0;x^Ga^Mb\u{7F}\u{9B}"))
        let terminal = try fixture.run(script, terminal: true)
        #expect(!terminal.text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7F}" || $0 == "\u{9B}" })
        #expect(terminal.text.contains(mode == "json" ? "\\u001b]0;x\\u0007a\\rb\\u007f\\u009b" : "^[]0;x^Ga^Mb^?\\u{9b}"))
        let symbols = try fixture.run(".mode --escape symbol\n" + script)
        #expect(symbols.text.contains(mode == "json" ? "\\u001b" : "\u{241B}]0;x\u{2407}a\u{240D}b"))
        let off = try fixture.run(".mode --escape off\n" + script, terminal: true)
        #expect(off.text.contains(mode == "json" ? "\\u001b]0;x" : "\u{1B}]0;x\u{07}a\rb\u{7F}\u{9B}"))
    }

    @Test("line mode writes 'name: value', names right-aligned by their width on screen, continued lines indented")
    func lineMode() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        // 名前 takes 4 columns (6 bytes), e\u{301} (é, a combining accent) 1 column (3 bytes), count 5.
        let run = try fixture.run(".mode line\nSELECT 1 AS \"名前\", 2 AS \"e\u{301}\", 'a' || char(10) || 'b' AS count;\n")
        #expect(run.text == " 名前: 1\n    e\u{301}: 2\ncount: a\n       b\n")
    }

    @Test("screen modes escape control characters whatever the output, --escape off included; a line feed starts a line of the cell")
    func screenModesEscape() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(".mode box\nSELECT char(27) || '[2J' || char(10) || 'x' AS x;\n.mode --escape off\nSELECT char(27);\n")
        #expect(!run.text.contains("\u{1B}"))
        #expect(run.text.contains("│ ^[[2J │\n│ x     │\n"))
        #expect(run.text.contains("│ \u{241B}"))
    }

    @Test("a file written by .output or .once gets the escapes a pipe gets; --escape off its bytes")
    func filesAreEscaped() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let query = "SELECT char(27) || ']0;pwned' || char(7) AS x;\n"
        _ = try fixture.run(
            ".mode list\n.output out.txt\n" + query + ".output\n.mode csv\n.once once.csv\n" + query
                + ".mode list --escape off\n.once raw.txt\n" + query)
        #expect(try String(contentsOfFile: fixture.path("out.txt"), encoding: .utf8) == "^[]0;pwned^G\n")
        #expect(try String(contentsOfFile: fixture.path("once.csv"), encoding: .utf8) == "\"^[]0;pwned^G\"\r\n")
        #expect(try String(contentsOfFile: fixture.path("raw.txt"), encoding: .utf8) == "\u{1B}]0;pwned\u{07}\n")
    }
}
