import Foundation
import Testing

/// End to end: `lifeline check` and `lifeline report` read the logs apps already write (console
/// text, unified logs, Chrome traces) as `lifeline import` does, and judge them as they would judge
/// the imported database: the same findings, at the same lines, and the same rules not applicable.
@Suite("lifeline check: logs apps write, without importing them")
struct CheckForeignInputTests {
    /// What a JSON report says, reduced to what must agree between the two ways of checking a log.
    struct Verdicts: Equatable {
        var findings: [String]
        var notApplicable: [String]
        var launches: Int
        var events: Int

        init(_ json: String) throws {
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
            let listed = ((report["violations"] as? [[String: Any]]) ?? []) + ((report["pending"] as? [[String: Any]]) ?? [])
            findings = listed.map { finding in
                "\(finding["rule"] ?? "?") \(finding["severity"] ?? "?") \(finding["file"] ?? "?"):\(finding["line"] ?? "?") \(finding["message"] ?? "")"
            }.sorted()
            notApplicable = ((report["notApplicable"] as? [[String: Any]]) ?? []).map { entry in
                "\(entry["rule"] ?? "?") \(entry["launch"] ?? "?") \((entry["unrecorded"] as? [String] ?? []).joined(separator: ","))"
            }.sorted()
            let summary = report["summary"] as? [String: Any] ?? [:]
            launches = summary["launches"] as? Int ?? -1
            events = summary["events"] as? Int ?? -1
        }
    }

    static let samples = ImportedLogCommandTests.cases

    @Test(arguments: samples)
    func checkingALogDirectlyJudgesItAsCheckingItsImportDoes(_ sample: ImportedLogCommandTests.Case) throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = ImportedLogCommandTests.imported.appendingPathComponent(sample.file).path
        let direct = try LifelineCommandTests.run(
            ["check", path, "--no-local-rules", "--format", "json"] + sample.arguments, in: directory)
        #expect(direct.status == 0, "\(direct.stderr)")
        let imported = try LifelineCommandTests.run(["import", path, "--db", "t.db"] + sample.arguments, in: directory)
        try #require(imported.status == 0, "\(imported.stderr)")
        let viaDatabase = try LifelineCommandTests.run(["check", "t.db", "--no-local-rules", "--format", "json"], in: directory)
        #expect(viaDatabase.status == direct.status)
        let verdicts = try Verdicts(direct.stdout)
        #expect(verdicts == (try Verdicts(viaDatabase.stdout)))
        #expect(verdicts.launches > 0 && verdicts.events > 0)
        #expect(verdicts.notApplicable.count >= sample.notApplicable.count)
    }

    /// The log of ``ImportedLogCommandTests/aLifecycleBugInALogIsStillFound()``, checked straight
    /// from the file, from standard input with `--from text`, and drawn in the HTML report.
    @Test func aBugInAConsoleLogFailsTheCheckFromTheFileAndFromStandardInput() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log =
            [
                "application(_:didFinishLaunchingWithOptions:)",
                "SceneDelegate - scene(_:willConnectTo:options:) <UIWindowScene: 0x1>",
                "SceneDelegate - sceneWillEnterForeground(_:) <UIWindowScene: 0x1>",
                "SceneDelegate - sceneDidBecomeActive(_:) <UIWindowScene: 0x1>",
                "SceneDelegate - sceneWillResignActive(_:) <UIWindowScene: 0x1>",
                "SceneDelegate - sceneDidEnterBackground(_:) <UIWindowScene: 0x1>",
                "SceneDelegate - sceneDidBecomeActive(_:) <UIWindowScene: 0x1>",
                "SceneDelegate - sceneDidDisconnect(_:) <UIWindowScene: 0x1>",
            ].joined(separator: "\n") + "\n"
        try log.write(to: directory.appendingPathComponent("console.log"), atomically: true, encoding: .utf8)
        let file = try LifelineCommandTests.run(["check", "console.log", "--no-local-rules"], in: directory)
        #expect(file.status == 1)
        #expect(file.stdout.contains("console.log:7: error[scene.foreground-before-active]: sceneDidBecomeActive(_:)"))
        #expect(file.stdout.contains("console.log:1: not applicable: "), "\(file.stdout)")
        #expect(file.stdout.contains("'configurationForConnecting' ("), "\(file.stdout)")

        let piped = try LifelineCommandTests.run(
            ["check", "-", "--from", "text", "--stdin-name", "console.log", "--no-local-rules"], in: directory, input: log)
        #expect(piped.status == 1)
        #expect(piped.stdout == file.stdout)
        // Without --from, standard input is a Lifeline trace: the log's lines are not records.
        let undeclared = try LifelineCommandTests.run(["check", "-", "--no-local-rules"], in: directory, input: log)
        #expect(undeclared.status == 2)
        #expect(undeclared.stdout.contains("-:1:1: error: expected '{' at the start of a record"))

        let report = try LifelineCommandTests.run(["report", "console.log", "--no-local-rules", "-o", "r.html"], in: directory)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("wrote r.html (1 launch timeline)"))
    }

    @Test func aFileThatNamesNoCallbackIsAnInputErrorThatSaysHowItWasRead() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "hello\nworld\n".write(to: directory.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let text = try LifelineCommandTests.run(["check", "notes.txt", "--no-local-rules"], in: directory)
        #expect(text.status == 2)
        #expect(
            text.stdout.contains(
                "notes.txt: error: no lifecycle events: read as console text, none of its 2 lines names a UIKit callback or an app event"))
        // Named as a trace, the same bytes are a trace whose lines do not parse: located errors.
        try "hello\nworld\n".write(to: directory.appendingPathComponent("notes.ndjson"), atomically: true, encoding: .utf8)
        let trace = try LifelineCommandTests.run(["check", "notes.ndjson", "--no-local-rules"], in: directory)
        #expect(trace.status == 2)
        #expect(trace.stdout.contains("notes.ndjson:1:1: error: expected '{' at the start of a record"))
        // A JSON document that does not parse is located, not guessed at.
        try #"{"traceEvents": [{"ph": "i", "#.write(to: directory.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        let chrome = try LifelineCommandTests.run(["check", "t.json", "--no-local-rules"], in: directory)
        #expect(chrome.status == 2)
        #expect(chrome.stdout.contains("t.json:1:"), "\(chrome.stdout)")
    }
}

@Suite("lifeline check: what a log is assumed to record")
struct AssumedRecordsCommandTests {
    /// Fixture 04: a scene log that shows four state methods; the rest is assumed, said in every report.
    @Test func everyReportSaysWhatWasAssumedAndWhy() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = CheckCommandTests.repository.appendingPathComponent(
            "Tests/LifelineFormatTests/Fixtures/real-logs/04-forums-732170-slow-swipe-kill.txt"
        ).path
        let reason =
            "the log shows scene delegate methods (sceneWillEnterForeground, sceneDidBecomeActive, sceneWillResignActive, "
            + "sceneDidDisconnect), so it records sceneDidEnterBackground too (--records overrides)"
        let text = try LifelineCommandTests.run(["check", path, "--no-local-rules"], in: directory)
        #expect(text.stdout.contains("\(path):2: assumed: \(reason)"), "\(text.stdout)")
        let json = try LifelineCommandTests.run(["check", path, "--no-local-rules", "--format", "json"], in: directory)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let assumed = try #require((report["assumed"] as? [[String: Any]])?.first)
        #expect(assumed["records"] as? [String] == ["sceneDidEnterBackground(_:)"])
        #expect(assumed["reason"] as? String == reason)
        #expect(assumed["line"] as? Int == 2)
        let imported = try LifelineCommandTests.run(["import", path, "--db", "t.db"], in: directory)
        #expect(imported.stdout.contains("assumed (1 launch): \(reason)"))
        // --records overrides: nothing is assumed.
        let declared = try LifelineCommandTests.run(
            ["check", path, "--no-local-rules", "--records", "sceneDidBecomeActive,sceneWillResignActive"], in: directory)
        #expect(!declared.stdout.contains("assumed:"))
        let html = try LifelineCommandTests.run(["report", path, "--no-local-rules", "-o", "r.html"], in: directory)
        #expect(html.status == 0, "\(html.stderr)")
        let page = try String(contentsOf: directory.appendingPathComponent("r.html"), encoding: .utf8)
        #expect(page.contains("so it records sceneDidEnterBackground too"))
    }
}
