import Foundation
import Testing

/// One way from an input to launches and events, whatever the command: `check FILE`, `import` and
/// `check DB`, `validate`, `export`, `report` and the REPL's `.import` accept the logs apps print and
/// agree on what they hold and what the rules find in them.
@Suite("Every command reads the same inputs the same way")
struct SameAnswerTests {
    typealias Command = LifelineCommandTests

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Logs of every shape: the samples of traces/imported (console text, a unified log as `log stream`
    /// and `log show` print it, a Chrome trace) and real posted logs.
    static let logs = [
        "traces/imported/device-log.txt", "traces/imported/log-stream.txt", "traces/imported/objc-console.txt",
        "traces/imported/simctl-console.txt", "traces/imported/xcode-console.txt", "traces/imported/log-show.json",
        "traces/imported/other-tool.json", "Tests/LifelineFormatTests/Fixtures/real-logs/03-forums-732170-quick-swipe-kill.txt",
    ]

    /// The summary of `check --format json`: counts by severity, launches, events, rules not applicable.
    static func summary(_ arguments: [String], in directory: URL) throws -> [String: Int] {
        let run = try Command.run(["check"] + arguments + ["--format", "json", "--no-local-rules"], in: directory)
        #expect(run.status == 0 || run.status == 1, "\(arguments): \(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let summary = try #require(object?["summary"] as? [String: Any])
        return summary.compactMapValues { $0 as? Int }.filter {
            ["error", "warning", "info", "pending", "launches", "events", "notApplicable"].contains($0.key)
        }
    }

    @Test(arguments: logs)
    func everyCommandReadsTheLog(_ log: String) throws {
        let directory = try Command.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = Self.repository.appendingPathComponent(log).path

        let file = try Self.summary([path], in: directory)
        #expect(file["launches", default: 0] > 0, "\(log) reads as no launch")

        let imported = try Command.run(["import", path, "--db", "d.db"], in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try Self.summary(["d.db"], in: directory) == file, "check of the database differs from check of the file")

        let validated = try Command.run(["validate", path], in: directory)
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        #expect(validated.stdout.contains("\(file["launches"]!) launches, \(file["events"]!) events"), "\(validated.stdout)")

        let exported = try Command.run(["export", path, "-o", "x.json", "--no-local-rules"], in: directory)
        #expect(exported.status == 0, "\(exported.stderr)")
        let findings = file["error", default: 0] + file["warning", default: 0] + file["info", default: 0] + file["pending", default: 0]
        #expect(
            exported.stderr.contains(
                "exported \(file["launches"]! == 1 ? "1 launch" : "\(file["launches"]!) launches"), \(file["events"]!) events, \(findings) finding"
            ), "\(exported.stderr)")

        let reported = try Command.run(["report", path, "-o", "r.html", "--no-local-rules"], in: directory)
        #expect(reported.status == 0, "\(reported.stderr)")

        // The shell opened on the log, and the shell's .import into a database that holds something else.
        let count = "SELECT COUNT(*), SUM(event_count) FROM launch_summary WHERE file != 'seed.ndjson';\n"
        let opened = try Command.run(["repl", path], in: directory, input: count)
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stdout.contains("\(file["launches"]!)|\(file["events"]!)"), "\(opened.stdout)")
        try #"{"lifeline":1,"type":"launch","launch":"seed"}"#.appending("\n").write(
            to: directory.appendingPathComponent("seed.ndjson"), atomically: true, encoding: .utf8)
        #expect(try Command.run(["import", "seed.ndjson", "--db", "e.db"], in: directory).status == 0)
        let shell = try Command.run(["repl", "e.db"], in: directory, input: ".import \(path)\n" + count)
        #expect(shell.stderr.isEmpty, "\(shell.stderr)")
        #expect(shell.stdout.contains("\(file["launches"]!)|\(file["events"]!)"), "\(shell.stdout)")
    }
}
