import Foundation
import Testing

/// End-to-end: traces that record only some callbacks (`records`, `--records`) on the real binary.
@Suite("lifeline check and import with partial instrumentation")
struct PartialInstrumentationCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let sample = repository.appendingPathComponent("traces/partial-device-log.ndjson")

    static let declared = "sceneWillEnterForeground,sceneDidBecomeActive,sceneWillResignActive,sceneDidEnterBackground,sceneDidDisconnect"

    /// A directory holding the sample as `partial.ndjson` and the same lines without `records` as `full.ndjson`.
    static func fixture() throws -> URL {
        let directory = try LifelineCommandTests.temporaryDirectory()
        let text = try String(contentsOf: sample, encoding: .utf8)
        try text.write(to: directory.appendingPathComponent("partial.ndjson"), atomically: true, encoding: .utf8)
        let full = text.replacing(#/,"records":\[[^\]]*\]/#, with: "")
        #expect(full != text)
        try full.write(to: directory.appendingPathComponent("full.ndjson"), atomically: true, encoding: .utf8)
        return directory
    }

    static func run(_ arguments: [String], _ directory: URL) throws -> LifelineCommandTests.Run {
        try LifelineCommandTests.run(arguments, in: directory)
    }

    @Test func theSamplePartialTraceChecksCleanWithTheBuiltInCatalogs() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.run(["check", "partial.ndjson", "--no-local-rules", "--pending", "fail", "--fail-on", "info"], directory)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // Said once: how many rules, the callbacks they want (most wanted first), what to do.
        #expect(
            run.stdout.contains(
                "partial.ndjson:1: not applicable: 15 rules need callbacks this trace does not record: 'willConnectTo' (8 rules), "
                    + "'didFinishLaunching' (5), 'configurationForConnecting' (3), 'applicationWillTerminate' (2), "
                    + "'didDiscardSceneSessions' (2) and 5 more; to judge them, record or log those callbacks, "
                    + "or name what the trace records with --records (each rule: --format json)\n"))
        #expect(run.stdout.components(separatedBy: "not applicable").count == 3, "one line, and the summary's count")
        #expect(!run.stdout.contains("not applicable[scene.foreground-before-active]"), "a rule over recorded callbacks is judged")
        #expect(
            run.stdout.hasSuffix(
                "checked 1 trace (1 launch, 9 events) against 37 rules: 0 errors, 0 warnings, 0 info, 0 pending; "
                    + "15 rules not applicable (they need callbacks not recorded)\n"))
    }

    @Test func jsonLinesCarryEachRuleNotApplicableAndTheirCount() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.run(["check", "partial.ndjson", "--no-local-rules", "--format", "jsonl"], directory)
        #expect(run.status == 0)
        let objects = try run.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let inapplicable = objects.filter { $0["type"] as? String == "notApplicable" }
        #expect(inapplicable.count == 15)
        let connectOnce = try #require(inapplicable.first { $0["rule"] as? String == "scene.connect-once" })
        #expect(connectOnce["file"] as? String == "partial.ndjson")
        #expect(connectOnce["line"] as? Int == 1)
        #expect(connectOnce["launches"] as? Int == 1)
        #expect(connectOnce["reason"] as? String == "needs 'willConnectTo', which this trace does not record")
        #expect(connectOnce["unrecorded"] as? [String] == ["scene(_:willConnectTo:options:)"])
        #expect(!inapplicable.contains { $0["rule"] as? String == "scene.lifecycle" }, "the machine follows the recorded callbacks")
        let summary = try #require(objects.last)
        #expect(summary["type"] as? String == "summary")
        #expect(summary["notApplicable"] as? Int == 15)
        #expect(summary["status"] as? String == "passed")
    }

    @Test func theSameEventsWithoutRecordsGiveTheFindingsTheyGiveToday() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.run(["check", "full.ndjson", "--no-local-rules", "--pending", "fail"], directory)
        #expect(run.status == 1)
        #expect(!run.stdout.contains("not applicable"))
        #expect(run.stdout.contains("full.ndjson:2: pending[scene.callbacks-after-connect]: sceneWillEnterForeground(_:)"))
        #expect(run.stdout.hasSuffix("against 37 rules: 0 errors, 0 warnings, 0 info, 9 pending\n"))
        // --records declares for the trace what its launch record does not say.
        let declared = try Self.run(
            ["check", "full.ndjson", "--no-local-rules", "--pending", "fail", "--records", Self.declared], directory)
        #expect(declared.status == 0, "\(declared.stdout)")
        #expect(declared.stdout.contains("15 rules not applicable"))
    }

    @Test func aRecordsListWithAnUnknownNameIsALocatedErrorWithASuggestion() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        for command in [["check", "full.ndjson"], ["import", "full.ndjson", "--db", "t.db"]] {
            let run = try Self.run(command + ["--records", "willConnectTo, sceneDidBecomeActiv"], directory)
            #expect(run.status == 2)
            #expect(
                run.stderr == """
                    --records:1:16: error: unknown callback 'sceneDidBecomeActiv'; did you mean 'sceneDidBecomeActive'?
                        | willConnectTo, sceneDidBecomeActiv
                        |                ^

                    """)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("t.db").path))
        let empty = try Self.run(["check", "full.ndjson", "--records", "willConnectTo,,sceneDidBecomeActive"], directory)
        #expect(empty.status == 2)
        #expect(empty.stderr.hasPrefix("--records:1:15: error: empty callback name"))
    }

    @Test func everyFormatReportsNotApplicableWithItsReasonAndNeverFails() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let reason = "needs 'willConnectTo', which this trace does not record"
        let json = try Self.run(["check", "partial.ndjson", "--no-local-rules", "--format", "json"], directory)
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let entries = try #require(object["notApplicable"] as? [[String: Any]])
        #expect(entries.count == 15)
        let connectOnce = try #require(entries.first { $0["rule"] as? String == "scene.connect-once" })
        #expect(connectOnce["reason"] as? String == reason)
        #expect(connectOnce["file"] as? String == "partial.ndjson")
        #expect(connectOnce["line"] as? Int == 1)
        #expect(connectOnce["launches"] as? Int == 1)
        #expect(connectOnce["unrecorded"] as? [String] == ["scene(_:willConnectTo:options:)"])
        #expect(!entries.contains { $0["rule"] as? String == "scene.lifecycle" }, "the machine follows the recorded callbacks")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["notApplicable"] as? Int == 15)
        #expect(summary["status"] as? String == "passed")

        let junit = try Self.run(["check", "partial.ndjson", "--no-local-rules", "--format", "junit"], directory)
        #expect(junit.status == 0)
        // One skipped case for the 15 rules, each rule's reason in its output; the rules judged are cases of their own.
        #expect(
            junit.stdout.contains(
                """
                <testcase name="not applicable: unrecorded callbacks (15 rules)" classname="partial.ndjson">
                      <skipped message="not applicable: 15 rules need callbacks this trace does not record: &apos;willConnectTo&apos; (8 rules),
                """))
        #expect(
            junit.stdout.contains(
                "partial.ndjson:1: not applicable[scene.connect-once]: " + reason.replacingOccurrences(of: "'", with: "&apos;")))
        #expect(
            junit.stdout.components(separatedBy: "<skipped").count - 1 == 2, "one case for the 15 rules, one for the app-delegate rules")
        #expect(junit.stdout.contains("<testcase name=\"not applicable: when (11 rules)\" classname=\"partial.ndjson\">"))
        #expect(!junit.stdout.contains("<testcase name=\"scene.connect-once\""))
        #expect(junit.stdout.contains("failures=\"0\""))

        let sarif = try Self.run(["check", "partial.ndjson", "--no-local-rules", "--format", "sarif"], directory)
        #expect(sarif.status == 0)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        #expect(results.count == 15)
        #expect(results.allSatisfy { $0["kind"] as? String == "notApplicable" && $0["level"] as? String == "none" })
        let result = try #require(results.first { $0["ruleId"] as? String == "scene.connect-once" })
        #expect((result["message"] as? [String: Any])?["text"] as? String == "not applicable: " + reason)

        let github = try Self.run(["check", "partial.ndjson", "--no-local-rules", "--format", "github"], directory)
        #expect(github.status == 0)
        #expect(
            github.stdout.contains(
                "::notice file=partial.ndjson,line=1,title=15 rules not applicable::15 rules need callbacks this trace does not record: "))
        #expect(github.stdout.components(separatedBy: "::notice").count == 2, "one notice for the 15 rules")
        #expect(!github.stdout.contains("::error"))
    }

    @Test func importKeepsRecordsAndDeclaresThemForLaunchesThatDoNotSay() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let imported = try Self.run(["import", "--quiet", "partial.ndjson", "--db", "a.db"], directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        let checkA = try Self.run(["check", "a.db", "--no-local-rules", "--pending", "fail"], directory)
        #expect(checkA.status == 0, "\(checkA.stdout)")
        #expect(
            checkA.stdout.contains("partial.ndjson:1: not applicable: 15 rules need callbacks this trace does not record: 'willConnectTo'"))

        let declared = try Self.run(["import", "--quiet", "full.ndjson", "--db", "b.db", "--records", Self.declared], directory)
        #expect(declared.status == 0, "\(declared.stderr)")
        let checkB = try Self.run(["check", "b.db", "--no-local-rules", "--pending", "fail"], directory)
        #expect(checkB.status == 0, "\(checkB.stdout)")
        #expect(checkB.stdout.contains("15 rules not applicable"))

        let plain = try Self.run(["import", "--quiet", "full.ndjson", "--db", "c.db"], directory)
        #expect(plain.status == 0)
        let checkC = try Self.run(["check", "c.db", "--no-local-rules", "--pending", "fail"], directory)
        #expect(checkC.status == 1)
        #expect(checkC.stdout.contains("9 pending"))
    }
}
