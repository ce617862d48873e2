import Foundation
import Testing

/// `lifeline check --names`: local copies of traces checked under their original names, as a
/// tool that fetched them from elsewhere (the Spark integration) reports them.
@Suite("lifeline check: --names")
struct CheckNamesTests {
    /// `bug-wrong-order.ndjson` without launch identifiers: the checker keys its launches by
    /// file and line, so the names reach the launch keys and the explanations too.
    static func anonymousSample() throws -> String {
        let sample = CheckCommandTests.repository.appendingPathComponent("traces/bug-wrong-order.ndjson")
        return try String(contentsOf: sample, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.contains("\"type\":\"launch\"") ? String(line.replacing(#/"launch":"[^"]*",/#, with: "")) : String(line) }
            .joined(separator: "\n")
    }

    @Test func aCopyCheckedUnderItsOriginalNameGetsTheOriginalsFindingsToTheLetter() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try Self.anonymousSample()
        for folder in ["fleet/iPhone15,2", "task/0"] {
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try text.write(to: directory.appendingPathComponent("fleet/iPhone15,2/notes.ndjson"), atomically: true, encoding: .utf8)
        try text.write(to: directory.appendingPathComponent("task/0/notes.ndjson"), atomically: true, encoding: .utf8)
        try #"{"task/0/notes.ndjson": "fleet/iPhone15,2/notes.ndjson"}"#
            .write(to: directory.appendingPathComponent("names.json"), atomically: true, encoding: .utf8)

        let original = try LifelineCommandTests.run(["check", "fleet/iPhone15,2/notes.ndjson", "--format", "jsonl"], in: directory)
        let copy = try LifelineCommandTests.run(
            ["check", "task/0/notes.ndjson", "--names", "names.json", "--format", "jsonl"], in: directory)
        #expect(copy.status == original.status)
        #expect(original.status == 1)
        let findings = { (run: LifelineCommandTests.Run) throws -> [String] in
            try CheckStandardInputTests.objects(run).filter { $0["type"] as? String == "finding" }.map(CheckStandardInputTests.key)
        }
        let expected = try findings(original)
        #expect(!expected.isEmpty)
        #expect(try findings(copy) == expected)
        #expect(expected.contains { $0.contains("|fleet/iPhone15,2/notes.ndjson:") }, "a launch keyed by its file")
        #expect(!copy.stdout.contains("task/0"))
    }

    @Test func aNamesFileThatIsNotAnObjectOfStringsIsALocatedError() throws {
        let directory = try CheckCommandTests.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"["legal.ndjson"]"#.write(to: directory.appendingPathComponent("names.json"), atomically: true, encoding: .utf8)
        let wrong = try LifelineCommandTests.run(["check", "legal.ndjson", "--names", "names.json"], in: directory)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.hasPrefix("names.json: error: --names wants a JSON object of strings"))
        let missing = try LifelineCommandTests.run(["check", "legal.ndjson", "--names", "nope.json"], in: directory)
        #expect(missing.status == 2)
        #expect(missing.stderr == "nope.json: error: cannot read the --names file\n")
    }

    @Test func anInputErrorInANamedFileIsLocatedUnderTheName() throws {
        let directory = try CheckCommandTests.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        try (CheckCommandTests.legal + "garbage\n").write(
            to: directory.appendingPathComponent("copy.ndjson"), atomically: true, encoding: .utf8)
        try #"{"copy.ndjson": "gs://fleet/a.ndjson"}"#
            .write(to: directory.appendingPathComponent("names.json"), atomically: true, encoding: .utf8)
        let run = try LifelineCommandTests.run(
            ["check", "copy.ndjson", "--names", "names.json", "--format", "jsonl"], in: directory)
        #expect(run.status == 2)
        #expect(run.stderr == "gs://fleet/a.ndjson:6:1: error: expected '{' at the start of a record\n")
    }

    @Test func aMissingNamedFileIsReportedUnderItsNameAndOnlyOnce() throws {
        let directory = try CheckCommandTests.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"{"gone.ndjson": "s3a://fleet/gone.ndjson", "legal.ndjson": "s3a://fleet/legal.ndjson"}"#
            .write(to: directory.appendingPathComponent("names.json"), atomically: true, encoding: .utf8)
        // With events from another file, and with none: the missing file's own error, under its name.
        for inputs in [["gone.ndjson", "legal.ndjson"], ["gone.ndjson"]] {
            let run = try LifelineCommandTests.run(["check"] + inputs + ["--names", "names.json", "--format", "jsonl"], in: directory)
            #expect(run.status == 2)
            let errors = try CheckStandardInputTests.objects(run).filter { $0["type"] as? String == "error" }
            let named = errors.filter { $0["file"] as? String == "s3a://fleet/gone.ndjson" }
            #expect(named.count == 1, "\(errors)")
            #expect(!run.stdout.contains("\"gone.ndjson\""), "the local name leaked: \(run.stdout)")
        }
    }
}
