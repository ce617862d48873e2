import Foundation
import Testing

/// End to end: each sample of traces/imported/ imported by the real binary (its shape decided by
/// content), then checked with the built-in catalogs.
///
/// The samples are legal life cycles that log only some callbacks, so they check clean: an
/// imported launch records the callbacks it shows, and a rule that needs one the log never prints
/// is not applicable (device-log.txt never prints `willConnectTo`, which without that would leave
/// `scene.callbacks-after-connect` pending for every scene callback; log-stream.txt's second launch
/// does not log `sceneWillEnterForeground`, which would make `scene.first-active-in-foreground`
/// warn). A real ordering bug in a log is still found (``aLifecycleBugInALogIsStillFound()``).
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
        /// Rules not applicable to the sample, by id, with a callback each must name as unrecorded.
        var notApplicable: [String: String] = [:]
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(
            file: "xcode-console.txt",
            summary: "console text: 1 launch, 11 events; 4 lines named no callback or app event (skipped)"),
        Case(
            file: "device-log.txt",
            summary:
                "console text: 2 launches, 11 events; 3 lines named no callback or app event (skipped); assumed (1 launch): the log shows scene delegate methods (sceneWillEnterForeground, sceneDidBecomeActive, sceneWillResignActive), so it records sceneDidEnterBackground, sceneDidDisconnect too (--records overrides); the log names no scene sessions (2 launches)",
            notApplicable: ["scene.callbacks-after-connect": "willConnectTo"]),
        Case(file: "objc-console.txt", summary: "console text: 1 launch, 9 events; 1 line named no callback or app event (skipped)"),
        Case(
            file: "simctl-console.txt",
            summary:
                "console text: 1 launch, 7 events; 2 lines named no callback or app event (skipped); assumed (1 launch): the log shows scene delegate methods (sceneWillEnterForeground, sceneDidBecomeActive, sceneWillResignActive, sceneDidEnterBackground), so it records sceneDidDisconnect too (--records overrides); the log names no scene sessions (1 launch)"
        ),
        Case(
            file: "custom-logger.txt", arguments: ["--pattern", customLoggerPattern],
            summary: "console text: 1 launch, 10 events; 1 line named no callback or app event (skipped)"),
        Case(
            file: "log-stream.txt", summary: "unified log: 2 launches, 14 events; 4 entries named no callback or app event (skipped)",
            notApplicable: ["scene.first-active-in-foreground": "sceneWillEnterForeground"]),
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
        let notApplicable = (report["notApplicable"] as? [[String: Any]]) ?? []
        for (rule, callback) in sample.notApplicable {
            let unrecorded = notApplicable.filter { $0["rule"] as? String == rule }.flatMap { $0["unrecorded"] as? [String] ?? [] }
            #expect(unrecorded.contains { $0.contains(callback) }, "\(rule) should need \(callback), needs \(unrecorded)")
        }
        // Findings point at the log's own lines.
        for finding in findings { #expect(finding["file"] as? String == path) }
    }

    /// A console log that prints every scene callback but shows a scene becoming active straight
    /// from the background: the rules the log can be judged by still find it.
    @Test func aLifecycleBugInALogIsStillFound() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = [
            "application(_:didFinishLaunchingWithOptions:)",
            "SceneDelegate - scene(_:willConnectTo:options:) <UIWindowScene: 0x1>",
            "SceneDelegate - sceneWillEnterForeground(_:) <UIWindowScene: 0x1>",
            "SceneDelegate - sceneDidBecomeActive(_:) <UIWindowScene: 0x1>",
            "SceneDelegate - sceneWillResignActive(_:) <UIWindowScene: 0x1>",
            "SceneDelegate - sceneDidEnterBackground(_:) <UIWindowScene: 0x1>",
            "SceneDelegate - sceneDidBecomeActive(_:) <UIWindowScene: 0x1>",
            "SceneDelegate - sceneDidDisconnect(_:) <UIWindowScene: 0x1>",
        ]
        try (lines.joined(separator: "\n") + "\n").write(
            to: directory.appendingPathComponent("bug.txt"), atomically: true, encoding: .utf8)
        let imported = try LifelineCommandTests.run(["import", "bug.txt", "--db", "t.db"], in: directory)
        #expect(imported.status == 0)
        let check = try LifelineCommandTests.run(["check", "t.db", "--no-local-rules"], in: directory)
        #expect(check.status == 1)
        #expect(check.stdout.contains("bug.txt:7: error[scene.foreground-before-active]: sceneDidBecomeActive(_:)"))
        // The log prints no configurationForConnecting: the rules that need it are not applicable.
        #expect(check.stdout.contains("bug.txt:1: not applicable: "), "\(check.stdout)")
        #expect(check.stdout.contains("'configurationForConnecting' ("), "\(check.stdout)")

        // The log prints no times: it shows the order of the callbacks, not how long they took.
        let shell = try LifelineCommandTests.run(["repl", "t.db", ".launches", ".timeline 1"], in: directory)
        #expect(shell.status == 0, "\(shell.stderr)")
        let listing = shell.stdout.split(separator: "\n").map(String.init)
        #expect(listing.count > 3 && listing[0].contains("to active") && listing[2].contains("       8  -  "), "\(shell.stdout)")
        #expect(shell.stdout.contains("  1     -  didFinishLaunching"), "\(shell.stdout)")
        #expect(!shell.stdout.contains("+0.000s"), "\(shell.stdout)")
        let report = try LifelineCommandTests.run(["report", "bug.txt", "-o", "bug.html"], in: directory)
        #expect(report.status == 0, "\(report.stderr)")
        let page = try String(contentsOf: directory.appendingPathComponent("bug.html"), encoding: .utf8)
        #expect(page.contains(",\"bug.txt\",1,8,null,null,\"cold\","), "duration and time to active are unknown, not 0")
        // Its anatomy has a kind and an ending, but neither its own time to active nor phases: no times
        // (nor resumes from the background).
        #expect(
            page.contains(",null,[],null,null,null,[],null]"), "no phases drawn from events without times, nor a slow reason, nor resumes")
    }

    /// `.launches` gives the launch's own time to active, as the report and the demo do: a prewarmed
    /// launch's 45-minute wait for the user is not launch time.
    @Test func theLaunchListingsTimeToActiveLeavesTheWaitForTheUserOut() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let prewarm = CheckCommandTests.repository.appendingPathComponent("traces/prewarm.ndjson").path
        let shell = try LifelineCommandTests.run(["repl", prewarm, ".launches"], in: directory)
        #expect(shell.status == 0, "\(shell.stderr)")
        let row = try #require(shell.stdout.split(separator: "\n").first { $0.contains("prewarmed") })
        #expect(row.contains("  160.6ms  ") && row.contains("  178.2ms  ") && !row.contains("2700"), "\(shell.stdout)")
    }

    @Test func aListingIntoAPipeCutsNothing() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = "a-log-whose-name-is-longer-than-sixty-characters-as-ci-artifacts-are.txt"
        try "application(_:didFinishLaunchingWithOptions:)\napplicationDidBecomeActive(_:)\n".write(
            to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let shell = try LifelineCommandTests.run(["repl", name, ".launches"], in: directory)
        #expect(shell.status == 0, "\(shell.stderr)")
        #expect(shell.stdout.contains(" " + name + "\n") && !shell.stdout.contains("…"), "\(shell.stdout)")
    }

    /// A CI step that imports the wrong file must not pass: a file with lines but no launch in any
    /// shape fails its import (exit 1), says how it was read, and leaves nothing in the database.
    @Test func aFileWithoutALaunchFailsItsImportAndKeepsNothing() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "hello\nworld\n".write(to: directory.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        try "hello\nworld\n".write(to: directory.appendingPathComponent("notes.ndjson"), atomically: true, encoding: .utf8)
        let cold = CheckCommandTests.repository.appendingPathComponent("traces/cold-launch.ndjson").path
        let run = try LifelineCommandTests.run(["import", "notes.txt", "notes.ndjson", cold], in: directory)
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "notes.txt: error: no lifecycle events: read as console text, none of its 2 lines names a UIKit callback or an app event"
            ))
        #expect(run.stderr.contains("notes.ndjson:1:1: error: expected '{' at the start of a record"))
        #expect(run.stderr.contains("notes.ndjson: error: no launch record: not a Lifeline trace"))
        #expect(run.stdout.contains("imported 3 files (2 failed), 1 launch, 27 events"))
        let files = try LifelineCommandTests.run(["repl", "lifeline.db", "SELECT count(*) FROM trace_file;"], in: directory)
        #expect(files.stdout == "1\n", "only the trace's file is recorded: \(files.stdout) \(files.stderr)")
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
