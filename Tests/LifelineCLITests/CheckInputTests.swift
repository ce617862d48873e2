import Foundation
import LifelineStore
import Testing

/// `lifeline check` as a CI gate that bad input cannot fool: every input problem fails with status 2
/// and is in the report in every format; what the check loaded is named; the reports' failing
/// findings are the ones the exit status counts.
@Suite("lifeline check: input errors and what a check loaded")
struct CheckInputTests {
    static func run(_ arguments: [String], _ directory: URL) throws -> LifelineCommandTests.Run {
        try LifelineCommandTests.run(arguments, in: directory)
    }

    static func json(_ run: LifelineCommandTests.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    static func fixture() throws -> URL {
        let directory = try CheckCommandTests.fixture()
        try (CheckCommandTests.legal + "garbage\n" + CheckCommandTests.legal.split(separator: "\n").last! + "\n").write(
            to: directory.appendingPathComponent("garbage.ndjson"), atomically: true, encoding: .utf8)
        try (CheckCommandTests.legal + #"{"seq":5,"t":50,"event":"sceneWill"#).write(
            to: directory.appendingPathComponent("torn.ndjson"), atomically: true, encoding: .utf8)
        return directory
    }

    @Test func aLineThatIsNotARecordFailsWithStatusTwoInEveryFormat() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try Self.run(["check", "garbage.ndjson"], directory)
        #expect(text.status == 2)
        #expect(text.stdout.hasPrefix("garbage.ndjson:6:1: error: expected '{' at the start of a record\n"))
        #expect(text.stdout.contains("; 1 input error: the check is incomplete\n"))

        let json = try Self.run(["check", "garbage.ndjson", "--format", "json"], directory)
        #expect(json.status == 2)
        #expect(json.stderr == "garbage.ndjson:6:1: error: expected '{' at the start of a record\n")
        let object = try Self.json(json)
        let errors = try #require(object["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["file"] as? String == "garbage.ndjson")
        #expect(errors.first?["line"] as? Int == 6)
        #expect(errors.first?["column"] as? Int == 1)
        #expect(errors.first?["message"] as? String == "expected '{' at the start of a record")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["status"] as? String == "inputError")
        #expect(summary["exitStatus"] as? Int == 2)

        let github = try Self.run(["check", "garbage.ndjson", "--format", "github"], directory)
        #expect(github.status == 2)
        #expect(
            github.stdout.hasPrefix(
                "::error file=garbage.ndjson,line=6,col=1,title=input error::expected '{' at the start of a record\n"))
    }

    @Test func allowSkippedLinesChecksTheRestAndReportsThemAsWarnings() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let torn = try Self.run(["check", "torn.ndjson"], directory)
        #expect(torn.status == 2)
        #expect(torn.stdout.hasPrefix("torn.ndjson:6:35: error: last line is not terminated and is incomplete"))

        let allowed = try Self.run(["check", "torn.ndjson", "garbage.ndjson", "--allow-skipped-lines"], directory)
        #expect(allowed.status == 0)
        #expect(allowed.stdout.hasPrefix("torn.ndjson:6:35: warning: last line is not terminated and is incomplete"))
        #expect(allowed.stdout.contains("garbage.ndjson:6:1: warning: expected '{' at the start of a record"))
        #expect(allowed.stdout.contains("(2 launches, 9 events)"))
        #expect(allowed.stdout.hasSuffix("; 2 skipped lines allowed\n"))
        let object = try Self.json(try Self.run(["check", "torn.ndjson", "--allow-skipped-lines", "--format", "json"], directory))
        #expect((object["errors"] as? [Any])?.isEmpty == true)
        #expect((object["warnings"] as? [[String: Any]])?.first?["line"] as? Int == 6)

        // Only lines: a file that cannot be checked at all still fails.
        try "".write(to: directory.appendingPathComponent("empty.ndjson"), atomically: true, encoding: .utf8)
        let empty = try Self.run(["check", "empty.ndjson", "legal.ndjson", "--allow-skipped-lines"], directory)
        #expect(empty.status == 2)
        #expect(empty.stdout.hasPrefix("empty.ndjson: error: no launch record: not a Lifeline trace"))
    }

    @Test func aCheckThatSawNoEventsSaysSoAndFails() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"{"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}"#.appending("\n").write(
            to: directory.appendingPathComponent("launch-only.ndjson"), atomically: true, encoding: .utf8)
        let run = try Self.run(["check", "launch-only.ndjson"], directory)
        #expect(run.status == 2)
        #expect(run.stdout.hasPrefix("launch-only.ndjson: error: no events were checked: a check that looked at nothing cannot pass\n"))

        _ = try TraceStore(path: directory.appendingPathComponent("empty.db").path)
        let database = try Self.run(["check", "empty.db"], directory)
        #expect(database.status == 2)
        #expect(database.stdout.contains("empty.db: error: the database holds no traces (lifeline import adds them)"))
    }

    @Test func aCheckAgainstNoRulesFails() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "# nothing yet\n".write(to: directory.appendingPathComponent("none.rules"), atomically: true, encoding: .utf8)
        let run = try Self.run(["check", "legal.ndjson", "--rules", "none.rules"], directory)
        #expect(run.status == 2)
        #expect(run.stdout.hasPrefix("none.rules: error: no rules to check: a check against no rules cannot fail\n"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("norules"), withIntermediateDirectories: true)
        let empty = try Self.run(["check", "legal.ndjson", "--rules", "norules", "--format", "json"], directory)
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("norules: error: no rules files (*.rules) in this directory"))
    }

    @Test func aDirectoryWithoutTracesAndAMissingPathFail() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let run = try Self.run(["check", "empty", "legal.ndjson", "--format", "json"], directory)
        #expect(run.status == 2)
        let errors = try #require(try Self.json(run)["errors"] as? [[String: Any]])
        #expect(errors.map { $0["file"] as? String } == ["empty"])
        #expect(errors.first?["message"] as? String == "no traces (*.ndjson, *.jsonl) in this directory")
        #expect(errors.first?["line"] == nil)
    }

    @Test func reportsNameTheirRuleSourcesAndNoLocalRulesLeavesRulesOut() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try "rule local.no-active: never sceneDidBecomeActive\n".write(
            to: directory.appendingPathComponent("rules/local.rules"), atomically: true, encoding: .utf8)

        let local = try Self.run(["check", "legal.ndjson"], directory)
        #expect(local.status == 1)
        #expect(
            local.stdout.contains(
                "rules: uikit-scene (built-in, 23 rules), uikit-app (built-in, 11 rules), swiftui (built-in, 3 rules), rules/local.rules (./rules, 1 rule)\n"
            ))
        #expect(local.stdout.contains("[local.no-active]"))

        let builtin = try Self.run(["check", "legal.ndjson", "--no-local-rules"], directory)
        #expect(builtin.status == 0)
        #expect(
            builtin.stdout.contains(
                "rules: uikit-scene (built-in, 23 rules), uikit-app (built-in, 11 rules), swiftui (built-in, 3 rules)\n"))
        #expect(!builtin.stdout.contains("local"))

        let object = try Self.json(try Self.run(["check", "legal.ndjson", "--format", "json"], directory))
        let sources = try #require(object["ruleSources"] as? [[String: Any]])
        #expect(sources.map { $0["name"] as? String } == ["uikit-scene", "uikit-app", "swiftui", "rules/local.rules"])
        #expect(sources.map { $0["kind"] as? String } == ["builtin", "builtin", "builtin", "local"])
        #expect(sources.last?["rules"] as? Int == 1)

        let listed = try Self.run(["rules", "--no-local-rules"], directory)
        #expect(listed.status == 0)
        #expect(!listed.stdout.contains("local.no-active"))
    }

    @Test func sarifLevelsAndJSONFailFlagsFollowTheGate() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        func results(_ extra: [String]) throws -> [[String: Any]] {
            let run = try Self.run(["check", "bad.ndjson", "--format", "sarif"] + extra, directory)
            let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let first = try #require((log["runs"] as? [[String: Any]])?.first)
            return try #require(first["results"] as? [[String: Any]])
        }
        func level(_ results: [[String: Any]], _ rule: String) -> String? {
            results.first { $0["ruleId"] as? String == rule }?["level"] as? String
        }
        let standard = try results([])
        #expect(level(standard, "scene.connect-after-launch") == "error")
        #expect(level(standard, "scene.background-within-5s") == "warning")
        let never = try results(["--fail-on", "never"])
        #expect(level(never, "scene.connect-after-launch") == "warning")
        let severity = never.first { $0["ruleId"] as? String == "scene.connect-after-launch" }?["properties"] as? [String: Any]
        #expect(severity?["severity"] as? String == "error")
        #expect(severity?["fails"] as? Bool == false)
        let warning = try results(["--fail-on", "warning"])
        #expect(level(warning, "scene.background-within-5s") == "error")

        try "rule p: sceneDidBecomeActive leads to state.save\n".write(
            to: directory.appendingPathComponent("p.rules"), atomically: true, encoding: .utf8)
        let pending = try Self.run(["check", "legal.ndjson", "--rules", "p.rules", "--pending", "fail", "--format", "sarif"], directory)
        #expect(pending.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(pending.stdout.utf8)) as? [String: Any])
        let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        #expect(result["kind"] as? String == "fail")
        #expect(result["level"] as? String == "error")

        let json = try Self.json(try Self.run(["check", "bad.ndjson", "--format", "json"], directory))
        let violations = try #require(json["violations"] as? [[String: Any]])
        #expect(violations.first { $0["rule"] as? String == "scene.connect-after-launch" }?["fails"] as? Bool == true)
        #expect(violations.first { $0["rule"] as? String == "scene.background-within-5s" }?["fails"] as? Bool == false)
    }
}
