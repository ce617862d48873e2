import Foundation
import GRDB
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// End-to-end tests of `lifeline check` and `lifeline rules`: every format, every exit code.
@Suite("lifeline check")
struct CheckCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static func run(_ arguments: [String], _ directory: URL) throws -> LifelineCommandTests.Run {
        try LifelineCommandTests.run(arguments, in: directory)
    }

    static let legal = """
        {"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}
        {"seq":1,"t":10,"event":"didFinishLaunching"}
        {"seq":2,"t":20,"event":"willConnectTo","session":"S1","scene":"a"}
        {"seq":3,"t":30,"event":"sceneWillEnterForeground","session":"S1","scene":"a"}
        {"seq":4,"t":40,"event":"sceneDidBecomeActive","session":"S1","scene":"a"}

        """

    static let connectFirst = """
        {"lifeline":1,"type":"launch","launch":"L2","lifecycle":"scene"}
        {"seq":1,"t":10,"event":"willConnectTo","session":"S9","scene":"b"}
        {"seq":2,"t":20,"event":"didFinishLaunching"}
        {"seq":3,"t":30,"event":"sceneDidEnterBackground","phase":"begin","session":"S9","scene":"b"}
        {"seq":4,"t":6000000100,"event":"sceneDidEnterBackground","phase":"end","session":"S9","scene":"b"}

        """

    /// A directory with a legal and a buggy trace (and no ./rules).
    static func fixture() throws -> URL {
        let directory = try LifelineCommandTests.temporaryDirectory()
        try legal.write(to: directory.appendingPathComponent("legal.ndjson"), atomically: true, encoding: .utf8)
        try connectFirst.write(to: directory.appendingPathComponent("bad.ndjson"), atomically: true, encoding: .utf8)
        return directory
    }

    @Test func aLegalTraceExitsZero() throws {
        let directory = try Self.fixture()
        let result = try Self.run(["check", "legal.ndjson"], directory)
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("checked 1 trace (1 launch, 4 events) against 37 rules: 0 errors, 0 warnings, 0 info, 0 pending\n"))
    }

    @Test func violationsExitOneWithLocatedExplanations() throws {
        let directory = try Self.fixture()
        let result = try Self.run(["check", "bad.ndjson", "legal.ndjson"], directory)
        #expect(result.status == 1)
        // A sentence in UIKit's terms and the source, not the rule language or the research notes' IDs.
        #expect(
            result.stdout.contains(
                """
                bad.ndjson:2: error[scene.connect-after-launch]: scene(_:willConnectTo:options:) for session S9 in launch L2 \
                came before application(_:didFinishLaunchingWithOptions:) (seq 2)
                  rule: a scene connects only after the app finished launching
                  see: https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence step 6; prewarm logs SO 71025205

                """))
        #expect(!result.stdout.contains("must never happen") && !result.stdout.contains("(E2)") && !result.stdout.contains("(W8)"))
        #expect(result.stdout.contains("bad.ndjson:5: warning[scene.background-within-5s]"))
        #expect(result.stdout.contains("2 traces (2 launches, 8 events) against 37 rules: 1 error, 1 warning, 0 info, 0 pending"))
        // The machine formats keep the rule's reference as written, with its evidence ID.
        let json = try Self.run(["check", "bad.ndjson", "--format", "json"], directory)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let violation = try #require((object["violations"] as? [[String: Any]])?.first)
        #expect(
            violation["reference"] as? String
                == "https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence step 6; prewarm logs SO 71025205 (E2)")
        #expect(
            violation["explanation"] as? String
                == "scene(_:willConnectTo:options:) for session S9 in launch L2 came before application(_:didFinishLaunchingWithOptions:) (seq 2)"
        )
        // A GitHub annotation says what happened, the rule, and the source with its link.
        let github = try Self.run(["check", "bad.ndjson", "--format", "github"], directory)
        #expect(
            github.stdout.contains(
                "::error file=bad.ndjson,line=2,title=scene.connect-after-launch::scene(_:willConnectTo:options:) for session S9 in launch L2 "
                    + "came before application(_:didFinishLaunchingWithOptions:) (seq 2)%0Aa scene connects only after the app finished launching"
                    + "%0Asee: https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence step 6; prewarm logs SO 71025205\n"
            ))
    }

    @Test func failOnDecidesTheExitStatus() throws {
        let directory = try Self.fixture()
        #expect(try Self.run(["check", "bad.ndjson", "--fail-on", "never"], directory).status == 0)
        #expect(try Self.run(["check", "bad.ndjson", "--rules", "uikit-app"], directory).status == 0)
        let warningsOnly = "rule w warning: never sceneDidEnterBackground\n"
        try warningsOnly.write(to: directory.appendingPathComponent("w.rules"), atomically: true, encoding: .utf8)
        #expect(try Self.run(["check", "bad.ndjson", "--rules", "w.rules"], directory).status == 0)
        #expect(try Self.run(["check", "bad.ndjson", "--rules", "w.rules", "--fail-on", "warning"], directory).status == 1)
    }

    @Test func pendingFailsOnlyWhenAskedTo() throws {
        let directory = try Self.fixture()
        try "rule p: sceneDidBecomeActive leads to state.save\n".write(
            to: directory.appendingPathComponent("p.rules"), atomically: true, encoding: .utf8)
        let report = try Self.run(["check", "legal.ndjson", "--rules", "p.rules"], directory)
        #expect(report.status == 0)
        #expect(report.stdout.contains("legal.ndjson:5: pending[p]:"))
        #expect(try Self.run(["check", "legal.ndjson", "--rules", "p.rules", "--pending", "fail"], directory).status == 1)
    }

    @Test func usageAndInputErrorsExitTwoWithLocatedMessages() throws {
        let directory = try Self.fixture()
        try "rule x: didFinishLaunching preceeds willConnectTo\n".write(
            to: directory.appendingPathComponent("bad.rules"), atomically: true, encoding: .utf8)
        let badRules = try Self.run(["check", "legal.ndjson", "--rules", "bad.rules"], directory)
        #expect(badRules.status == 2)
        #expect(badRules.stderr.hasPrefix("bad.rules:1:28: error: expected 'precedes'"))
        let missing = try Self.run(["check", "nope.ndjson"], directory)
        #expect(missing.status == 2)
        #expect(missing.stdout.hasPrefix("nope.ndjson: error: no such file or directory\n"))
        let missingJSON = try Self.run(["check", "nope.ndjson", "--format", "json"], directory)
        #expect(missingJSON.status == 2)
        #expect(missingJSON.stderr == "nope.ndjson: error: no such file or directory\n")
        let catalog = try Self.run(["check", "legal.ndjson", "--rules", "uikit-scenes"], directory)
        #expect(catalog.status == 2)
        #expect(catalog.stderr.contains("uikit-scenes: error: no such rules file or catalog (catalogs: uikit-scene, uikit-app, swiftui)"))
        let yaml = try Self.run(["check", "legal.ndjson", "--format", "yaml"], directory)
        #expect(yaml.status == 2)
        #expect(yaml.stderr.hasPrefix("Error: The value 'yaml' is invalid for '--format <format>'"))
        let noDatabase = try Self.run(["check"], directory)
        #expect(noDatabase.status == 2)
        #expect(noDatabase.stdout.hasPrefix("lifeline.db: error: no such database"))
    }

    @Test func jsonHasViolationsEventsAndSummary() throws {
        let directory = try Self.fixture()
        let result = try Self.run(["check", "bad.ndjson", "--format", "json"], directory)
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let violations = try #require(object["violations"] as? [[String: Any]])
        let first = try #require(violations.first { $0["rule"] as? String == "scene.connect-after-launch" })
        #expect(first["severity"] as? String == "error")
        #expect(first["file"] as? String == "bad.ndjson")
        #expect(first["line"] as? Int == 2)
        #expect(first["session"] as? String == "S9")
        #expect((first["message"] as? String)?.isEmpty == false)
        let events = try #require(first["events"] as? [[String: Any]])
        #expect(events.contains { $0["seq"] as? Int == 1 && $0["line"] as? Int == 2 && $0["role"] as? String == "offending" })
        #expect(events.contains { $0["seq"] as? Int == 2 && $0["line"] as? Int == 3 && $0["role"] as? String == "closer" })
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["error"] as? Int == 1 && summary["warning"] as? Int == 1 && summary["info"] as? Int == 0)
        #expect(summary["pending"] as? Int == 0)
    }

    @Test func junitHasOneCasePerRuleAndTraceWithFailures() throws {
        let directory = try Self.fixture()
        let result = try Self.run(["check", "bad.ndjson", "legal.ndjson", "--format", "junit", "-o", "report.xml"], directory)
        #expect(result.status == 1)
        #expect(result.stdout.contains("checked 2 traces"))
        let document = try XMLDocument(contentsOf: directory.appendingPathComponent("report.xml"))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "54")
        // Under the default --fail-on error only the error fails: the warning is reported, not failed.
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["bad.ndjson", "legal.ndjson"])
        for suite in suites {
            let cases = suite.elements(forName: "testcase")
            #expect(cases.count == 27, "the 23 scene rules and the 3 swiftui ones, and one case for the rules not judged")
            #expect(cases.allSatisfy { $0.attribute(forName: "name") != nil && $0.attribute(forName: "classname") != nil })
            // Both traces are scene-based: the legacy app-delegate rules never applied, so they are skipped, not
            // passed: one case for the ten, which names them.
            let skipped = cases.filter { !$0.elements(forName: "skipped").isEmpty }
            #expect(skipped.compactMap { $0.attribute(forName: "name")?.stringValue } == ["not applicable: when (11 rules)"])
            let named = skipped.first?.elements(forName: "system-out").first?.stringValue?.split(separator: "\n") ?? []
            #expect(named.count == 11 && named.allSatisfy { $0.hasPrefix("app.") }, "\(named)")
            #expect(suite.attribute(forName: "skipped")?.stringValue == "1")
        }
        let failing = suites[0].elements(forName: "testcase").filter { !$0.elements(forName: "failure").isEmpty }
        #expect(failing.map { $0.attribute(forName: "name")?.stringValue } == ["scene.connect-after-launch"])
        let failure = try #require(failing.first?.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "type")?.stringValue == "error")
        #expect(failure.stringValue?.contains("bad.ndjson:2: error[scene.connect-after-launch]") == true)
        let warned = try #require(
            suites[0].elements(forName: "testcase").first {
                $0.attribute(forName: "name")?.stringValue == "scene.background-within-5s"
            })
        #expect(warned.elements(forName: "failure").isEmpty)
        #expect(
            warned.elements(forName: "system-out").first?.stringValue?.contains(
                "(warning, below --fail-on; does not fail the check)\nbad.ndjson:5: warning[scene.background-within-5s]") == true)

        // --fail-on warning: the warning fails the check, and its test case fails with it.
        let strict = try Self.run(
            ["check", "bad.ndjson", "legal.ndjson", "--format", "junit", "-o", "strict.xml", "--fail-on", "warning"], directory)
        #expect(strict.status == 1)
        let strictRoot = try #require(try XMLDocument(contentsOf: directory.appendingPathComponent("strict.xml")).rootElement())
        #expect(strictRoot.attribute(forName: "failures")?.stringValue == "2")
        // --fail-on never: nothing fails, so no test case does.
        let never = try Self.run(
            ["check", "bad.ndjson", "--format", "junit", "-o", "never.xml", "--fail-on", "never"], directory)
        #expect(never.status == 0)
        let neverRoot = try #require(try XMLDocument(contentsOf: directory.appendingPathComponent("never.xml")).rootElement())
        #expect(neverRoot.attribute(forName: "failures")?.stringValue == "0")
    }

    @Test func sarifPointsAtTraceLines() throws {
        let directory = try Self.fixture()
        let result = try Self.run(["check", "bad.ndjson", "--format", "sarif"], directory)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "lifeline")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == 37)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 2)
        for result in results {
            let ruleID = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == ruleID)
            #expect(["error", "warning", "note", "none"].contains(result["level"] as? String ?? ""))
            #expect(result["kind"] as? String == "fail")
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "bad.ndjson")
            #expect(((location["region"] as? [String: Any])?["startLine"] as? Int ?? 0) >= 1)
        }
    }

    @Test func githubPrintsWorkflowAnnotations() throws {
        let directory = try Self.fixture()
        let result = try Self.run(["check", "bad.ndjson", "--format", "github"], directory)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("::error file=bad.ndjson,line=2,title=scene.connect-after-launch::") })
        #expect(lines.contains { $0.hasPrefix("::warning file=bad.ndjson,line=5,title=scene.background-within-5s::") })
    }

    @Test func checkingADatabaseStoresViolations() throws {
        let directory = try Self.fixture()
        #expect(try Self.run(["import", "bad.ndjson", "legal.ndjson", "--db", "t.db", "--quiet"], directory).status == 0)
        let result = try Self.run(["check", "--db", "t.db"], directory)
        #expect(result.status == 1)
        #expect(result.stdout.contains("error[scene.connect-after-launch]"))
        let queue = try DatabaseQueue(path: directory.appendingPathComponent("t.db").path)
        let rows = try queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT v.rule, v.severity, v.session, v.line, l.uuid FROM violation v JOIN launch l ON l.id = v.launch_id
                    ORDER BY v.rule
                    """)
        }
        #expect(rows.map { $0[0] as String } == ["scene.background-within-5s", "scene.connect-after-launch"])
        #expect(rows.map { $0[4] as String } == ["L2", "L2"])
        #expect(rows[1][3] as Int == 2)
        // A second check replaces the table.
        #expect(try Self.run(["check", "t.db", "--rules", "uikit-app"], directory).status == 0)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM violation") } == 0)
    }

    @Test("the sample traces checked from the database they were imported into give the findings checking the files gives")
    func theSampleDatabaseAgreesWithTheFiles() throws {
        let directory = try Self.fixture()
        let database = directory.appendingPathComponent("samples.db").path
        #expect(try Self.run(["import", "traces/", "--db", database, "--quiet"], Self.repository).status == 0)
        func violations(_ input: String) throws -> [String] {
            let result = try Self.run(["check", input, "--format", "json"], Self.repository)
            #expect(result.status == 1)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let found = try #require(object["violations"] as? [[String: Any]])
            return found.map { "\($0["rule"] ?? "") \($0["file"] ?? "") \($0["line"] ?? "") \($0["message"] ?? "")" }.sorted()
        }
        let fromFiles = try violations("traces/")
        #expect(fromFiles.count > 5)
        #expect(try violations(database) == fromFiles)
    }

    @Test func theSampleTracesTripWhatTheirReadmeSays() throws {
        let result = try Self.run(["check", "traces/", "--format", "json"], Self.repository)
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let violations = try #require(object["violations"] as? [[String: Any]])
        let byFile = Dictionary(grouping: violations) { ($0["file"] as? String ?? "").replacingOccurrences(of: "traces/", with: "") }
        func rules(_ file: String) -> Set<String> { Set((byFile[file] ?? []).compactMap { $0["rule"] as? String }) }
        for legal in [
            "cold-launch.ndjson", "restored-launch.ndjson", "background-launch.ndjson", "prewarm.ndjson",
            "memory-pressure.ndjson", "legacy-app.ndjson", "partial-device-log.ndjson",
        ] {
            #expect(rules(legal).isEmpty, "\(legal) is legal: \(rules(legal))")
        }
        #expect(rules("swipe-kill-relaunch.ndjson") == ["scene.background-before-disconnect"])
        #expect(rules("swipe-kill-fast.ndjson") == ["scene.background-before-disconnect", "scene.foreground-then-active"])
        #expect(rules("ipad-multiwindow.ndjson") == ["scene.background-before-disconnect"])
        #expect(rules("bug-ui-in-didfinish.ndjson") == ["notes.no-ui-in-launch"])
        #expect(rules("bug-wrong-order.ndjson").isSuperset(of: ["scene.connect-after-launch", "scene.sessions-after-launch"]))
        #expect(rules("bug-late-save.ndjson") == ["notes.save-inside-background"])
        #expect(rules("bug-block-background.ndjson") == ["scene.background-within-5s"])
        // Legal traces raise warnings at most, never errors.
        let errors = violations.filter { $0["severity"] as? String == "error" }
        #expect(errors.allSatisfy { ($0["file"] as? String ?? "").contains("bug-") })
        // A swipe-kill disconnecting a scene from the foreground is UIKit's doing (forum 732170): info, not a warning.
        let disconnects = violations.filter { $0["rule"] as? String == "scene.background-before-disconnect" }
        #expect(disconnects.count == 5)
        #expect(disconnects.allSatisfy { $0["severity"] as? String == "info" })
    }

    @Test func rulesListsCatalogsAndRules() throws {
        let result = try Self.run(["rules"], Self.repository)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("catalogs:\n  uikit-scene "))
        #expect(result.stdout.contains("builtin:uikit-scene:\n  scene.launch-once"))
        #expect(result.stdout.contains("rules/notes-app.rules:\n  notes.no-ui-in-launch"))
    }
}
