import Foundation
import Testing

/// `lifeline import --quiet` prints errors only, chosen by the diagnostics' severity.
@Suite("lifeline import --quiet")
struct ImportQuietTests {
    @Test func quietPrintsErrorsButNotWarnings() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try (ExitStatusTests.legal + "garbage\n" + #"{"seq":9,"t":1"#).write(
            to: directory.appendingPathComponent("t.ndjson"), atomically: true, encoding: .utf8)
        let run = try LifelineCommandTests.run(["import", "t.ndjson", "--quiet"], in: directory)
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "t.ndjson:4:1: error: expected '{' at the start of a record\n")
        let loud = try LifelineCommandTests.run(["import", "t.ndjson", "--db", "other.db"], in: directory)
        #expect(loud.stderr.contains("t.ndjson:5:15: warning: last line is not terminated"))
    }
}
