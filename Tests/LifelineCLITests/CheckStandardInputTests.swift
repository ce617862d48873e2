import Foundation
import Testing

/// `lifeline check -`: one trace on standard input, named by `--stdin-name`, and the JSON lines
/// report a program reads (the Spark integration pipes each trace through both).
@Suite("lifeline check: standard input and JSON lines")
struct CheckStandardInputTests {
    static func objects(_ run: LifelineCommandTests.Run) throws -> [[String: Any]] {
        try run.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// A finding as the fields that must not depend on how the trace was read.
    static func key(_ object: [String: Any]) -> String {
        let events = (object["events"] as? [[String: Any]] ?? []).map { event in
            "\(event["role"] ?? "-")@\(event["file"] ?? "-"):\(event["line"] ?? "-")#\(event["seq"] ?? "-")"
        }
        return [
            "rule", "severity", "status", "fails", "message", "explanation", "file", "line", "seq", "event", "launch", "session",
            "scene",
        ].map { "\(object[$0] ?? "-")" }.joined(separator: "|") + "|" + events.joined(separator: ",")
    }

    @Test func aTraceOnStandardInputGetsTheFindingsOfTheFileUnderItsName() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var compared = 0
        for name in ["bug-wrong-order.ndjson", "bug-block-background.ndjson", "swipe-kill-relaunch.ndjson", "ipad-multiwindow.ndjson"] {
            let trace = CheckCommandTests.repository.appendingPathComponent("traces").appendingPathComponent(name)
            let text = try String(contentsOf: trace, encoding: .utf8)
            let file = try LifelineCommandTests.run(["check", trace.path, "--format", "jsonl"], in: directory)
            let piped = try LifelineCommandTests.run(
                ["check", "-", "--stdin-name", trace.path, "--format", "jsonl"], in: directory, input: text)
            #expect(piped.status == file.status, "\(name)")
            let (fileObjects, pipedObjects) = (try Self.objects(file), try Self.objects(piped))
            let fileFindings = fileObjects.filter { $0["type"] as? String == "finding" }.map(Self.key)
            let pipedFindings = pipedObjects.filter { $0["type"] as? String == "finding" }.map(Self.key)
            #expect(pipedFindings == fileFindings, "\(name)")
            #expect(pipedFindings.allSatisfy { $0.contains(trace.path) })
            compared += fileFindings.count
            let summary = try #require(pipedObjects.last)
            #expect(summary["type"] as? String == "summary")
            #expect(summary["traces"] as? Int == 1)
            #expect(summary["events"] as? Int == (fileObjects.last?["events"] as? Int))
        }
        #expect(compared > 0, "the buggy sample traces have findings")
    }

    @Test func withoutANameTheTraceIsCalledDashAndTheTextReportSaysSo() throws {
        let directory = try CheckCommandTests.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try LifelineCommandTests.run(["check", "-", "--no-local-rules"], in: directory, input: CheckCommandTests.connectFirst)
        #expect(run.status == 1)
        #expect(run.stdout.contains("-:2: error[scene.connect-after-launch]"))
        #expect(run.stdout.contains("checked 1 trace (1 launch, 4 events)"))
    }

    @Test func standardInputWithFilesChecksEachAsItsOwnTrace() throws {
        let directory = try CheckCommandTests.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try LifelineCommandTests.run(
            ["check", "legal.ndjson", "-", "--stdin-name", "piped/bad.ndjson", "--format", "jsonl"], in: directory,
            input: CheckCommandTests.connectFirst)
        #expect(run.status == 1)
        let objects = try Self.objects(run)
        let files = Set(objects.filter { $0["type"] as? String == "finding" }.compactMap { $0["file"] as? String })
        #expect(files == ["piped/bad.ndjson"])
        #expect(objects.last?["traces"] as? Int == 2)
    }

    @Test func badInputOnStandardInputIsALocatedErrorUnderItsName() throws {
        let directory = try CheckCommandTests.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let garbage = CheckCommandTests.legal + "garbage\n"
        let run = try LifelineCommandTests.run(
            ["check", "-", "--stdin-name", "s3a://fleet/a.ndjson", "--format", "jsonl"], in: directory, input: garbage)
        #expect(run.status == 2)
        let objects = try Self.objects(run)
        let error = try #require(objects.first)
        #expect(error["type"] as? String == "error")
        #expect(error["file"] as? String == "s3a://fleet/a.ndjson")
        #expect(error["line"] as? Int == 6)
        #expect(error["column"] as? Int == 1)
        #expect(objects.last?["status"] as? String == "inputError")
        #expect(run.stderr == "s3a://fleet/a.ndjson:6:1: error: expected '{' at the start of a record\n")

        let empty = try LifelineCommandTests.run(["check", "-", "--stdin-name", "empty.ndjson"], in: directory, input: "")
        #expect(empty.status == 2)
        #expect(empty.stdout.contains("empty.ndjson: error: no launch record"))
        #expect(empty.stdout.contains("empty.ndjson: error: no events were checked"))
    }

    @Test func standardInputIsReadOnceAndANameNeedsIt() throws {
        let directory = try CheckCommandTests.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let twice = try LifelineCommandTests.run(
            ["check", "-", "-", "--format", "jsonl"], in: directory, input: CheckCommandTests.legal)
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("-: error: standard input ('-') can be checked only once"))
        let unnamed = try LifelineCommandTests.run(["check", "legal.ndjson", "--stdin-name", "x.ndjson"], in: directory)
        #expect(unnamed.status == 2)
        #expect(unnamed.stderr.contains("--stdin-name names standard input: give '-' as a PATH"))
    }
}

/// A rotated part (`notes.2.ndjson`) continues its launch: it has a launch record, so it is a trace.
@Suite("lifeline check: rotated parts")
struct CheckRotatedPartTests {
    @Test func aRotatedPartIsCheckedAfterItsFileAndIsNotReportedAsHavingNoLaunchRecord() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
        {"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}
        {"seq":1,"t":10,"event":"didFinishLaunching"}
        {"seq":2,"t":20,"event":"willConnectTo","session":"S1","scene":"a"}

        """.write(to: directory.appendingPathComponent("notes.ndjson"), atomically: true, encoding: .utf8)
        try """
        {"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene","part":2}
        {"seq":3,"t":30,"event":"sceneWillEnterForeground","session":"S1","scene":"a"}
        {"seq":4,"t":40,"event":"sceneDidBecomeActive","session":"S1","scene":"a"}

        """.write(to: directory.appendingPathComponent("notes.2.ndjson"), atomically: true, encoding: .utf8)
        let run = try LifelineCommandTests.run(["check", ".", "--no-local-rules", "--format", "jsonl"], in: directory)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(!run.stdout.contains("no launch record"))
        let summary = try #require(try CheckStandardInputTests.objects(run).last)
        #expect(summary["launches"] as? Int == 1)
        #expect(summary["events"] as? Int == 4)
        #expect(summary["traces"] as? Int == 2)
    }
}
