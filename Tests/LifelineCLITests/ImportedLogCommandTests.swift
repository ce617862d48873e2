import Foundation
import Testing

/// End to end: each sample of traces/imported/ imported by the real binary (its shape decided by
/// content), then checked with the built-in catalogs.
///
/// The findings asserted are what is true today. Two are artefacts of partial instrumentation,
/// not app bugs: device-log.txt never prints `willConnectTo`, so `scene.callbacks-after-connect`
/// stays pending for every scene callback, and log-stream.txt's second launch does not log
/// `sceneWillEnterForeground`, so `scene.first-active-in-foreground` warns. Once rules that need an
/// unrecorded callback are "not applicable" (issue 18, partial instrumentation), these expectations
/// become "no findings".
@Suite("lifeline import: logs apps write")
struct ImportedLogCommandTests {
    static let imported = CheckCommandTests.repository.appendingPathComponent("traces/imported")
    static let customLoggerPattern =
        #"^\+(?<time>[0-9.]+)s (?<thread>\S+) \S+ lifecycle (?<event>\S+) session=(?<session>\S+) scene=(?<scene>\S+)"#

    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var arguments: [String] = []
        var summary: String
        /// Findings by rule id (violations and pending together).
        var findings: [String: Int] = [:]
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(
            file: "xcode-console.txt",
            summary: "console text: 1 launch, 11 events; 4 lines named no callback or app event (skipped)"),
        Case(
            file: "device-log.txt",
            summary:
                "console text: 2 launches, 11 events; 3 lines named no callback or app event (skipped); the log names no scene sessions (2 launches)",
            findings: ["scene.callbacks-after-connect": 8]),
        Case(file: "objc-console.txt", summary: "console text: 1 launch, 9 events; 1 line named no callback or app event (skipped)"),
        Case(
            file: "simctl-console.txt",
            summary:
                "console text: 1 launch, 7 events; 2 lines named no callback or app event (skipped); the log names no scene sessions (1 launch)"
        ),
        Case(
            file: "custom-logger.txt", arguments: ["--pattern", customLoggerPattern],
            summary: "console text: 1 launch, 10 events; 1 line named no callback or app event (skipped)"),
        Case(
            file: "log-stream.txt", summary: "unified log: 2 launches, 14 events; 4 entries named no callback or app event (skipped)",
            findings: ["scene.first-active-in-foreground": 1]),
        Case(file: "log-show.json", summary: "unified log: 1 launch, 10 events; 3 entries named no callback or app event (skipped)"),
        Case(
            file: "other-tool.json",
            summary: "Chrome trace JSON: 1 launch, 12 events; 1 trace event named no callback or app event (skipped)"),
    ]

    @Test(arguments: cases)
    func eachSampleImportsAndChecksWithTheBuiltInCatalogs(_ sample: Case) throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = Self.imported.appendingPathComponent(sample.file).path
        let imported = try LifelineCommandTests.run(["import", path, "--db", "t.db"] + sample.arguments, in: directory)
        #expect(imported.status == 0)
        #expect(imported.stderr == "")
        #expect(imported.stdout.hasPrefix("\(path): \(sample.summary)"))
        let check = try LifelineCommandTests.run(["check", "t.db", "--no-local-rules", "--format", "json"], in: directory)
        #expect(check.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        let findings = ((report["violations"] as? [[String: Any]]) ?? []) + ((report["pending"] as? [[String: Any]]) ?? [])
        var byRule: [String: Int] = [:]
        for finding in findings { byRule[finding["rule"] as? String ?? "?", default: 0] += 1 }
        #expect(byRule == sample.findings)
        // Findings point at the log's own lines.
        for finding in findings { #expect(finding["file"] as? String == path) }
    }

    @Test func subsystemAndCategoryFilterAUnifiedLog() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = Self.imported.appendingPathComponent("log-stream.txt").path
        let run = try LifelineCommandTests.run(
            ["import", path, "--subsystem", "com.example.notes", "--category", "storage"], in: directory)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("\(path): unified log: 1 launch, 1 event; 17 entries named no callback or app event (skipped)"))
    }

    @Test func aPatternWithoutAnEventGroupIsAUsageError() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = Self.imported.appendingPathComponent("custom-logger.txt").path
        let missing = try LifelineCommandTests.run(["import", path, "--pattern", "(?<time>\\S+)"], in: directory)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--pattern has no (?<event>...) group"))
        let invalid = try LifelineCommandTests.run(["import", path, "--pattern", "(?<event>"], in: directory)
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("invalid --pattern"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("lifeline.db").path))
    }

    @Test func standardInputIsDetectedToo() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try String(contentsOf: Self.imported.appendingPathComponent("objc-console.txt"), encoding: .utf8)
        let run = try LifelineCommandTests.run(["import", "-"], in: directory, input: text)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("<stdin>: console text: 1 launch, 9 events"))
    }
}
