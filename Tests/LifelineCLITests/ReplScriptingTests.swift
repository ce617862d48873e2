import Foundation
import Testing

/// `lifeline repl` in scripts, as sqlite3 users expect it: machine formats that round-trip and
/// sqlite3's defaults and dot-commands, end to end on the real binary.
@Suite("lifeline repl (scripting, as sqlite3)")
struct ReplScriptingTests {
    @Test("piped SQL prints just the values: list mode, '|' separators, no headers")
    func pipedDefaults() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try ReplCommandTests.repl(
            ["lifeline.db"], input: "select count(*) from event;\nSELECT id, app FROM launch ORDER BY id;\n", in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "29\n1|com.example.Notes\n2|com.example.Notes\n")
    }

    @Test("CSV written to a file has the real bytes: a line break inside quotes, a blob's bytes, NULL empty")
    func csvRealBytes() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputURL = directory.appendingPathComponent("out.csv")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let handle = try FileHandle(forWritingTo: outputURL)
        let run = try LifelineCommandTests.run(
            ["repl", "lifeline.db"], in: directory,
            input: ".mode csv\nSELECT 'a' || char(10) || 'b', 'a\\nb', x'41ff', NULL, 'NULL', char(27) || '[2J';\n",
            environment: ["LIFELINE_HISTORY": ""], standardOutput: handle)
        try handle.close()
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = try Data(contentsOf: outputURL)
        #expect(bytes == Data("\"a\nb\",a\\nb,\"A".utf8) + Data([0xFF]) + Data("\",,NULL,\"\u{1B}[2J\"\r\n".utf8))
    }

    @Test("JSON keeps an infinite real and tells a blob from text")
    func jsonLosesNothing() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try ReplCommandTests.repl(
            ["lifeline.db"], input: ".mode json\nSELECT 9e999 AS inf, x'00ff' AS b, '00ff' AS t;\n", in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == #"[{"inf":1e999,"b":{"blob":"00ff"},"t":"00ff"}]"# + "\n")
    }

    @Test("commands after the database run in order, then the shell exits without reading standard input")
    func commandArguments() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try ReplCommandTests.repl(
            ["lifeline.db", "select count(*) from launch;", ".mode csv", "SELECT 1, 'a b'", "SELEC x;", "SELECT 2;"],
            input: "SELECT 'never read';\n", in: directory)
        #expect(run.status == 1)
        #expect(run.stdout == "2\n1,\"a b\"\r\n2\r\n")
        #expect(run.stderr.hasPrefix("<argument 4>:1:1: error: near \"SELEC\": syntax error"), "\(run.stderr)")
    }

    @Test("-cmd runs first; -csv, -json, -line and -header/-noheader choose the output; -readonly is accepted")
    func options() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = try ReplCommandTests.repl(
            ["-csv", "-header", "-readonly", "lifeline.db", "SELECT id, app FROM launch ORDER BY id;"], input: "", in: directory)
        #expect(csv.status == 0, "\(csv.stderr)")
        // sqlite3's -csv keeps the row separator "\n" (only .mode csv switches to "\r\n").
        #expect(csv.stdout == "id,app\n1,com.example.Notes\n2,com.example.Notes\n")
        let json = try ReplCommandTests.repl(["-json", "lifeline.db"], input: "SELECT 1 AS a;\n", in: directory)
        #expect(json.stdout == "[{\"a\":1}]\n")
        let line = try ReplCommandTests.repl(["-line", "lifeline.db", "SELECT 1 AS a;"], input: "", in: directory)
        #expect(line.stdout == "    a = 1\n")
        let command = try ReplCommandTests.repl(
            ["-cmd", ".mode quote", "-cmd", ".headers on", "lifeline.db"], input: "SELECT 'x' AS t;\n", in: directory)
        #expect(command.stdout == "'t'\n'x'\n")
        let noHeader = try ReplCommandTests.repl(["-table", "-noheader", "lifeline.db", "SELECT 1 AS a;"], input: "", in: directory)
        #expect(noHeader.stdout == "+---+\n| 1 |\n+---+\n")
    }

    @Test("-bail stops at the first error with exit 1; without it the script goes on")
    func bail() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = "SELECT 1;\nSELECT * FROM nosuch;\nSELECT 2;\n"
        let bailing = try ReplCommandTests.repl(["-bail", "lifeline.db"], input: script, in: directory)
        #expect(bailing.status == 1)
        #expect(bailing.stdout == "1\n")
        let going = try ReplCommandTests.repl(["lifeline.db"], input: script, in: directory)
        #expect(going.status == 1)
        #expect(going.stdout == "1\n2\n")
    }

    @Test("--help says the database stays read-only and how to write it")
    func help() throws {
        let run = try LifelineCommandTests.run(["repl", "--help"])
        #expect(run.stdout.contains("-readonly"))
        #expect(run.stdout.contains("'lifeline import'"))
        #expect(run.stdout.contains("-cmd <command>"))
    }
}

extension ReplScriptingTests {
    @Test(".import of a CSV says it is not a trace (exit 1); .import --csv reads it into a temporary table; .load of a library is refused")
    func importAndLoad() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "a,b\n1,\"x\ny\"\n3\n".write(to: directory.appendingPathComponent("data.csv"), atomically: true, encoding: .utf8)
        let notTrace = try ReplCommandTests.repl(["lifeline.db"], input: ".import data.csv\n", in: directory)
        #expect(notTrace.status == 1)
        #expect(notTrace.stderr.contains("error: data.csv: not imported: data.csv: error: no lifecycle events: read as console text"), "\(notTrace.stderr)")
        #expect(notTrace.stderr.contains("'.import --csv FILE TABLE' reads CSV into a temporary table"), "\(notTrace.stderr)")
        let csv = try ReplCommandTests.repl(
            ["lifeline.db"], input: ".import --csv data.csv d\n.mode csv\nSELECT * FROM d;\n", in: directory)
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout == "1,\"x\ny\"\r\n3,\r\n")
        #expect(csv.stderr == "data.csv:4: warning: expected 2 values but found 1; filling the rest with NULL\n")
        let load = try ReplCommandTests.repl(["lifeline.db", ".load \(LifelineCommandTests.binary.path)"], input: "", in: directory)
        #expect(load.status == 1)
        #expect(load.stderr.contains("is a shared library; SQLite extensions are disabled"), "\(load.stderr)")
    }
}
