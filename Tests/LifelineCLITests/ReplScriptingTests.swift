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

    @Test(
        "CSV written to a file: a line break inside quotes, a blob's bytes, NULL empty, an escape sequence escaped, or its bytes with --escape off"
    )
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
        #expect(bytes == Data("\"a\nb\",a\\nb,\"A".utf8) + Data([0xFF]) + Data("\",,NULL,\"^[[2J\"\r\n".utf8))
        let raw = try FileHandle(forWritingTo: outputURL)
        try raw.truncate(atOffset: 0)
        _ = try LifelineCommandTests.run(
            ["repl", "-csv", "-escape", "off", "lifeline.db", "SELECT char(27) || '[2J';"], in: directory, input: "",
            environment: ["LIFELINE_HISTORY": ""], standardOutput: raw)
        try raw.close()
        #expect(try Data(contentsOf: outputURL) == Data("\"\u{1B}[2J\"\r\n".utf8))
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

    @Test("commands after the database run in order until one fails, as in sqlite3, then the shell exits without reading standard input")
    func commandArguments() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try ReplCommandTests.repl(
            ["lifeline.db", "select count(*) from launch;", ".mode csv", "SELECT 1, 'a b'", "SELEC x;", "SELECT 2;"],
            input: "SELECT 'never read';\n", in: directory)
        #expect(run.status == 1)
        #expect(run.stdout == "2\n1,\"a b\"\r\n")
        #expect(run.stderr.hasPrefix("<argument 4>:1:1: error: near \"SELEC\": syntax error"), "\(run.stderr)")
    }

    @Test("-cmd runs first; -csv, -json, -line and -header/-noheader choose the output as in sqlite3 3.53; -readonly is accepted")
    func options() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = try ReplCommandTests.repl(
            ["-csv", "-header", "-readonly", "lifeline.db", "SELECT id, app FROM launch ORDER BY id;"], input: "", in: directory)
        #expect(csv.status == 0, "\(csv.stderr)")
        // sqlite3 3.53's -csv ends rows in "\r\n", as .mode csv does (3.40 kept "\n").
        #expect(csv.stdout == "id,app\r\n1,com.example.Notes\r\n2,com.example.Notes\r\n")
        let json = try ReplCommandTests.repl(["-json", "lifeline.db"], input: "SELECT 1 AS a;\n", in: directory)
        #expect(json.stdout == "[{\"a\":1}]\n")
        let line = try ReplCommandTests.repl(["-line", "lifeline.db", "SELECT 1 AS a;"], input: "", in: directory)
        #expect(line.stdout == "a: 1\n")
        let command = try ReplCommandTests.repl(
            ["-cmd", ".mode quote", "-cmd", ".headers on", "lifeline.db"], input: "SELECT 'x' AS t;\n", in: directory)
        #expect(command.stdout == "'t'\n'x'\n")
        let noHeader = try ReplCommandTests.repl(
            ["-table", "-header", "-noheader", "lifeline.db", "SELECT 1 AS a;"], input: "", in: directory)
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

    @Test("--help (and -help) says the database stays read-only and how to write it, and lists sqlite3's options")
    func help() throws {
        for flag in ["--help", "-help"] {
            let run = try LifelineCommandTests.run(["repl", flag])
            #expect(run.status == 0)
            #expect(run.stdout.contains("-readonly"))
            #expect(run.stdout.contains("'lifeline import'"))
            #expect(run.stdout.contains("-cmd COMMAND"))
            #expect(run.stdout.contains("-escape ascii|symbol|off"))
        }
    }

    @Test("-batch and -echo run the script: never the help and a silent success (ArgumentParser once read them as -h)")
    func batchAndEcho() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let batch = try ReplCommandTests.repl(["-batch", "lifeline.db"], input: "SELECT count(*) FROM launch;\n", in: directory)
        #expect(batch.status == 0)
        #expect(batch.stdout == "2\n")
        let echo = try ReplCommandTests.repl(["-echo", "lifeline.db"], input: "SELECT count(*) FROM launch;\n.print done\n", in: directory)
        #expect(echo.stdout == "SELECT count(*) FROM launch;\n2\n.print done\ndone\n")
        let failing = try ReplCommandTests.repl(["-batch", "lifeline.db"], input: "SELECT * FROM nosuch;\n", in: directory)
        #expect(failing.status == 1)
        let unknown = try ReplCommandTests.repl(["-bogush", "lifeline.db"], input: "SELECT 1;\n", in: directory)
        #expect(unknown.status == 2)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr == "error: unknown option '-bogush'; 'lifeline repl --help' lists the options\n")
    }

    @Test(".exit N ends a script at once with status N, from a .read file too")
    func exitStatus() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "SELECT 'in';\n.exit 3\nSELECT 'never';\n".write(
            to: directory.appendingPathComponent("end.sql"), atomically: true, encoding: .utf8)
        let run = try ReplCommandTests.repl(["lifeline.db"], input: ".read end.sql\nSELECT 'after';\n", in: directory)
        #expect(run.status == 3)
        #expect(run.stdout == "in\n")
        let argument = try ReplCommandTests.repl(["lifeline.db", "SELECT 1;", ".exit 4", "SELECT 2;"], input: "", in: directory)
        #expect(argument.status == 4)
        #expect(argument.stdout == "1\n")
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
        #expect(
            notTrace.stderr.contains("error: data.csv: error: no lifecycle events: read as console text"),
            "\(notTrace.stderr)")
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
