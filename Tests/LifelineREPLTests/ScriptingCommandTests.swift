import Foundation
import LifelineStore
import Testing

@testable import LifelineREPL

/// sqlite3's scripting dot-commands in the shell: settings, echo, bail, parameters, plans, dumps.
@Suite("scripting commands (as sqlite3)")
struct ScriptingCommandTests {
    @Test(
        ".separator reads backslash escapes as sqlite3 does",
        arguments: [
            ("\\t", "\t"), ("\\r\\n", "\r\n"), ("\\\\", "\\"), ("\\x1f", "\u{1F}"), ("\\037", "\u{1F}"), ("a\\", "a\\"), (";", ";"),
        ])
    func backslashes(_ typed: String, _ expected: String) {
        #expect(ReplCommand.resolvingBackslashes(typed) == expected)
    }

    @Test(".show prints the settings as sqlite3 lays them out, separators as C strings")
    func show() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(".mode csv\n.nullvalue -\n.width 3 -4\n.show\n")
        let lines = run.text.split(separator: "\n").map(String.init)
        #expect(lines.contains("        mode: csv"))
        #expect(lines.contains("   nullvalue: \"-\""))
        #expect(lines.contains("colseparator: \",\""))
        #expect(lines.contains("rowseparator: \"\\r\\n\""))
        #expect(lines.contains("       width: 3 -4 "))
        #expect(lines.contains("    filename: \(fixture.path("lifeline.db"))"))
    }

    @Test(".echo prints each command and statement before running it (not '.echo on' itself, as sqlite3); .print prints its words")
    func echoAndPrint() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(".mode list --titles on\n.echo on\nSELECT 1\n  AS one;\n.print a   'b c'\n.echo off\nSELECT 2;\n")
        #expect(run.text == "SELECT 1\n  AS one;\none\n1\n.print a   'b c'\na b c\n.echo off\n2\n2\n")
    }

    @Test(".bail on ends the session at the first error, inside a .read file too")
    func bail() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        try "SELECT 'inner';\nSELECT * FROM nosuch;\nSELECT 'after in file';\n".write(
            toFile: fixture.path("inner.sql"), atomically: true, encoding: .utf8)
        let run = try fixture.run(".mode list --titles on\n.headers off\n.bail on\n.read inner.sql\nSELECT 'after';\n")
        #expect(run.status == 1)
        #expect(run.text == "inner\ninner.sql:2:1: error: no such table: nosuch\n")
    }

    @Test(":name parameters bind the values .parameter set gave; unknown ones are NULL")
    func parameters() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(
            """
            .mode list --titles on
            .headers off
            .parameter set :launch 2
            .parameter set @name 'x y'
            .parameter set $word hello
            SELECT count(*), :launch, @name, $word, :nothing IS NULL FROM event WHERE launch_id = :launch;
            .parameter list
            .parameter clear
            SELECT :launch IS NULL;

            """)
        #expect(run.status == 0, "\(run.text)")
        #expect(run.text == "9|2|x y|hello|1\n$word   'hello'\n:launch 2\n@name   'x y'\n1\n")
    }

    @Test(".changes counts the rows each SQL line changed, in temporary tables")
    func changes() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(".changes on\nCREATE TEMP TABLE t(x);\nINSERT INTO t VALUES (1), (2), (3);\n")
        #expect(run.text == "changes: 0   total_changes: 0\nchanges: 3   total_changes: 3\n")
    }

    @Test(".eqp draws the plan as sqlite3's tree, children indented under their parent")
    func queryPlan() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let sink = TextSink()
        let shell = try ReplShell(
            configuration: ReplConfiguration(databasePath: "lifeline.db", directory: fixture.directory.path), output: sink,
            errors: sink)
        shell.writeQueryPlan([
            .init(id: 2, parent: 0, detail: "CO-ROUTINE x"), .init(id: 3, parent: 2, detail: "SCAN a"),
            .init(id: 5, parent: 2, detail: "SCAN b"), .init(id: 9, parent: 0, detail: "SCAN x"),
        ])
        #expect(sink.text == "QUERY PLAN\n|--CO-ROUTINE x\n|  |--SCAN a\n|  `--SCAN b\n`--SCAN x\n")
    }

    @Test(".dump writes SQL that rebuilds the tables: schema, rows as INSERTs, in one transaction")
    func dump() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(".dump launch\n")
        #expect(run.status == 0, "\(run.text)")
        #expect(run.text.hasPrefix("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\nCREATE TABLE launch ("))
        #expect(run.text.contains("\nINSERT INTO launch VALUES(1,"))
        #expect(run.text.hasSuffix("\nCOMMIT;\n"))
        #expect(!run.text.contains("CREATE TABLE event_raw"))
    }

    @Test(".version names the SQLite library the shell runs with")
    func version() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(".version\n")
        #expect(run.text.hasPrefix("SQLite 3."))
        #expect(run.text.contains("\nlifeline "))
    }

    @Test("EXPLAIN opcodes inside a loop are indented as sqlite3 indents them: Next, Return, and Goto back to a Yield")
    func explainIndents() {
        func row(_ address: Int, _ opcode: String, _ p1: Int = 0, _ p2: Int = 0) -> [String?] {
            [String(address), opcode, String(p1), String(p2), "0", nil, "0", nil]
        }
        let rows = [
            row(0, "Init", 0, 8), row(1, "Rewind", 0, 7), row(2, "Column"), row(3, "Yield"), row(4, "Column"),
            row(5, "Goto", 0, 3), row(6, "Next", 0, 2), row(7, "Halt"),
        ]
        #expect(ExplainPrinter.indents(rows) == [0, 0, 2, 4, 4, 2, 0, 0])
    }

    @Test(".explain off prints EXPLAIN as any result, auto (and on, as in sqlite3 3.53) formats it; .explain N and .why N show a finding")
    func explainSetting() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let run = try fixture.run(
            ".mode list --titles on\n.headers off\nEXPLAIN QUERY PLAN SELECT * FROM launch ORDER BY app;\n.explain off\n"
                + "EXPLAIN QUERY PLAN SELECT * FROM launch ORDER BY app;\n.explain on\nSELECT 1 AS a;\n.explain sideways\n.why 1\n")
        let lines = run.text.split(separator: "\n").map(String.init)
        #expect(lines.prefix(3) == ["QUERY PLAN", "|--SCAN launch", "`--USE TEMP B-TREE FOR ORDER BY"])
        #expect(lines.contains { $0.hasSuffix("|0|0|SCAN launch") })
        #expect(lines.contains("1") && !lines.contains("----"))
        #expect(
            lines.contains("session.script:8:1: error: .explain: unexpected 'sideways'; expected 'on', 'off', 'auto' or a violation number")
        )
        #expect(lines.last?.contains(".why") == true)
    }

    @Test(".schema shows a table without the triggers on it unless --triggers or --indent asks; a terminal is told how many it left out")
    func schemaTriggers() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let plain = try fixture.run(".schema event\n")
        #expect(plain.text.hasPrefix("CREATE VIEW event"))
        #expect(!plain.text.contains("CREATE TRIGGER"))
        let terminal = try fixture.run(".schema event\n", terminal: true)
        #expect(terminal.text.contains("/* 3 triggers not shown: .schema --triggers shows them */"))
        for option in ["--triggers", "--indent"] {
            let all = try fixture.run(".schema \(option) event\n")
            #expect(all.text.contains("CREATE TRIGGER"), "\(option)")
        }
    }
}
