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
}
