import Foundation
import Testing

/// End-to-end tests of the saved queries built into the binary, and the project's own on top.
@Suite("lifeline repl: saved queries")
struct ReplSavedQueryTests {
    @Test("with no queries/ directory, .queries lists the built-in queries and .query runs one")
    func builtInFromAnyDirectory() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("queries").path))
        let run = try ReplCommandTests.repl(
            ["lifeline.db"],
            input: ".queries\n.headers on\n.mode list\n.separator ,\n.query unfinished-callbacks\n.query slowest-callbacks\n", in: directory
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // One line per shipped query, each marked built in, with its description.
        let listed = lines.filter { $0.contains("  built in  ") }
        #expect(listed.count == 18)
        #expect(
            listed.contains {
                $0.hasPrefix("unfinished-callbacks ")
                    && $0.hasSuffix("Callbacks that began and never ended: the app was killed inside them")
            })
        // The fixture's launch 2 ends inside sceneDidEnterBackground; the slowest callback of launch 1 took 60 ms.
        #expect(lines.contains("launch_id,session,event,begin_seq,at_s,file_id,begin_line"))
        #expect(lines.contains { $0.hasPrefix("2,S1,sceneDidEnterBackground(_:),9,") })
        #expect(lines.contains("launch_id,session,event,ms,begin_seq"))
        #expect(lines.contains { $0.hasPrefix("1,S1,sceneDidEnterBackground(_:),60.0,") })
    }

    @Test("a project's queries/NAME.sql is added, and replaces the built-in query of its name; .queries says which is which")
    func projectQueriesOnTop() throws {
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let queries = directory.appendingPathComponent("queries")
        try FileManager.default.createDirectory(at: queries, withIntermediateDirectories: true)
        try "-- Ours: launches only\nSELECT COUNT(*) AS launches FROM launch;\n".write(
            to: queries.appendingPathComponent("slowest-callbacks.sql"), atomically: true, encoding: .utf8)
        try "-- Events per launch\nSELECT launch_id, COUNT(*) AS n FROM event GROUP BY launch_id;\n".write(
            to: queries.appendingPathComponent("per-launch.sql"), atomically: true, encoding: .utf8)
        let run = try ReplCommandTests.repl(
            ["lifeline.db"],
            input: ".queries\n.headers on\n.mode list\n.separator ,\n.query slowest-callbacks\n.query per-launch\n.query nope\n",
            in: directory)
        #expect(run.status == 1)
        #expect(run.stderr == "<stdin>:7:1: error: no saved query 'nope', shipped or in queries/; .queries lists them\n")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("  built in  ") }.count == 17)
        let replaced = try #require(lines.first { $0.hasPrefix("slowest-callbacks ") })
        #expect(replaced.contains("  queries/slowest-callbacks.sql (over the built-in one)  Ours: launches only"))
        let added = try #require(lines.first { $0.hasPrefix("per-launch ") })
        #expect(added.contains("  queries/per-launch.sql  ") && added.hasSuffix("Events per launch"))
        #expect(Array(lines.suffix(5)) == ["launches", "2", "launch_id,n", "1,20", "2,9"])
    }
}
