import Foundation
import Testing

/// End-to-end: `lifeline watch` on the real binary, with the input written while it runs.
@Suite("lifeline watch")
struct WatchCommandTests {
    static let rules = """
        rule t.no-upload per launch: never sync.upload
        rule t.save per launch: between sceneDidEnterBackground and sceneDidDisconnect: eventually state.save

        """
    static let launch = #"{"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}"# + "\n"

    static func event(_ seq: Int, _ name: String) -> String {
        #"{"seq":\#(seq),"t":\#(seq * 1000),"event":"\#(name)","session":"S1"}"# + "\n"
    }

    /// A directory holding `t.rules`.
    static func workspace(_ label: String = #function) throws -> URL {
        let directory = try LifelineCommandTests.temporaryDirectory(label)
        try rules.write(to: directory.appendingPathComponent("t.rules"), atomically: true, encoding: .utf8)
        return directory
    }

    static func append(_ text: String, to file: URL) throws {
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    @Test func aFindingInAGrowingFileIsPrintedBeforeTheFileIsCompleteAndCtrlCEndsWithTheSummary() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("app.ndjson")
        try (Self.launch + Self.event(1, "didFinishLaunching") + Self.event(2, "sync.upload")).write(
            to: file, atomically: true, encoding: .utf8)
        let watch = try WatchProcess(["app.ndjson", "--rules", "t.rules"], in: directory)
        #expect(watch.waitFor("app.ndjson:3: error[t.no-upload]"), "\(watch.output)\(watch.errors)")
        // The rest is written only now: a line torn mid-write is held until its newline comes.
        let second = Self.event(3, "sync.upload")
        try Self.append(String(second.prefix(20)), to: file)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(!watch.output.contains("app.ndjson:4"))
        try Self.append(String(second.dropFirst(20)), to: file)
        #expect(watch.waitFor("app.ndjson:4: error[t.no-upload]"), "\(watch.output)\(watch.errors)")
        let run = watch.interrupt()
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("error:"), "no line was reported as broken: \(run.stdout)")
        #expect(run.stdout.hasSuffix("checked 1 trace (1 launch, 3 events) against 2 rules: 2 errors, 0 warnings, 0 info, 0 pending\n"))
        // Each finding is printed once.
        #expect(run.stdout.components(separatedBy: "error[t.no-upload]").count == 3)
    }

    @Test func ctrlCPrintsThePendingFindingsAndTheyFailWithPendingFail() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("app.ndjson")
        try (Self.launch + Self.event(1, "sceneDidEnterBackground") + Self.event(2, "sync.upload")).write(
            to: file, atomically: true, encoding: .utf8)
        let watch = try WatchProcess(["app.ndjson", "--rules", "t.rules", "--pending", "fail", "--fail-on", "info"], in: directory)
        #expect(watch.waitFor("error[t.no-upload]"))
        #expect(!watch.output.contains("pending["), "pending findings wait for the end of the input")
        let run = watch.interrupt()
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("app.ndjson:3: pending[t.save]: no state.save in launch L1"))
        #expect(run.stdout.contains("scope opened by: sceneDidEnterBackground(_:) seq 1 at app.ndjson:2"))
        #expect(run.stdout.hasSuffix("2 rules: 1 error, 0 warnings, 0 info, 1 pending\n"))
    }

    @Test func aPipeIsReadUntilItEndsAndJSONLinesAreStreamed() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let watch = try WatchProcess(["-", "--rules", "t.rules", "--format", "jsonl", "--stdin-name", "device.ndjson"], in: directory)
        watch.write(Self.launch + Self.event(1, "sync.upload"))
        #expect(watch.waitFor(#""rule":"t.no-upload""#), "\(watch.output)\(watch.errors)")
        #expect(!watch.output.contains(#""type":"summary""#))
        watch.write(Self.event(2, "sceneDidEnterBackground") + Self.event(3, "sceneDidDisconnect"))
        let run = watch.wait()
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let objects = try run.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["type"] as? String } == ["finding", "finding", "launch", "summary"])
        #expect(objects[0]["file"] as? String == "device.ndjson")
        #expect(objects[0]["line"] as? Int == 2)
        #expect(objects[1]["rule"] as? String == "t.save")
        #expect(objects[1]["line"] as? Int == 4, "the scope closed at sceneDidDisconnect")
        // The launch watched, with its events, as lifeline check lists it.
        #expect(objects[2]["events"] as? Int == 3)
        #expect(objects[2]["file"] as? String == "device.ndjson")
        #expect(objects[3]["events"] as? Int == 3)
        #expect(objects[3]["exitStatus"] as? Int == 1)
    }

    @Test func aLogStreamIsCheckedAsItComesAndEndsAsImportAndCheckDo() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "rule t.no-db per launch: never db.open\n".write(
            to: directory.appendingPathComponent("db.rules"), atomically: true, encoding: .utf8)
        let sample = PartialInstrumentationCommandTests.repository.appendingPathComponent("traces/imported/log-stream.txt")
        let text = try String(contentsOf: sample, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0 + "\n" }
        let first = try #require(lines.firstIndex { $0.contains(#""signpostName":"db.open""#) })
        let watch = try WatchProcess(["-", "--rules", "db.rules", "--stdin-name", "log-stream.txt"], in: directory)
        watch.write(lines[...first].joined())
        #expect(watch.waitFor("error[t.no-db]"), "\(watch.output)\(watch.errors)")
        watch.write(lines[(first + 1)...].joined().trimmingCharacters(in: .newlines) + "\n")
        let run = watch.wait()
        try text.write(to: directory.appendingPathComponent("log-stream.txt"), atomically: true, encoding: .utf8)
        let imported = try LifelineCommandTests.run(["import", "log-stream.txt", "--db", "x.db"], in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        let checked = try LifelineCommandTests.run(["check", "x.db", "--rules", "db.rules"], in: directory)
        #expect(run.status == checked.status)
        // A log says what its launches are assumed to record; the database stores the records the
        // import settled, and its import said why (docs/interchange.md#recorded-callbacks).
        let assumed = "log-stream.txt:2: assumed: the log shows scene delegate methods"
        #expect(run.stdout.contains(assumed))
        let watched = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix(assumed) }
        #expect(watched.joined(separator: "\n") == checked.stdout, "\(run.stdout)\n---\n\(checked.stdout)")
        #expect(imported.stdout.contains("assumed (1 launch): the log shows scene delegate methods"))
        #expect(run.stdout.contains("log-stream.txt:"))
        #expect(run.stdout.components(separatedBy: "error[t.no-db]").count == 2, "the first process's db.open interval")
    }

    @Test func aTruncatedFileIsCheckedAgainFromItsFirstLine() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("app.ndjson")
        try (Self.launch + Self.event(1, "didFinishLaunching") + Self.event(2, "sync.upload")).write(
            to: file, atomically: false, encoding: .utf8)
        let watch = try WatchProcess(["app.ndjson", "--rules", "t.rules"], in: directory)
        #expect(watch.waitFor("app.ndjson:3: error[t.no-upload]"))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.close()
        #expect(watch.waitFor("app.ndjson: truncated; checking it again from its first line", standardError: true))
        try Self.append(
            #"{"lifeline":1,"type":"launch","launch":"L2","lifecycle":"scene"}"# + "\n" + Self.event(1, "sync.upload"), to: file)
        #expect(watch.waitFor("app.ndjson:2: error[t.no-upload]"), "\(watch.output)\(watch.errors)")
        let run = watch.interrupt()
        #expect(run.status == 1)
        #expect(run.stdout.hasSuffix("(2 launches, 3 events) against 2 rules: 2 errors, 0 warnings, 0 info, 0 pending\n"))
    }

    @Test func aGarbageLineIsReportedWhereItIsAndTheWatchGoesOnThenExitsTwo() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("app.ndjson")
        try (Self.launch + "\u{1B}]0;owned\u{07}{not json\n" + Self.event(2, "sync.upload")).write(
            to: file, atomically: true, encoding: .utf8)
        let watch = try WatchProcess(["app.ndjson", "--rules", "t.rules"], in: directory)
        #expect(watch.waitFor("app.ndjson:3: error[t.no-upload]"), "\(watch.output)\(watch.errors)")
        let run = watch.interrupt()
        #expect(run.status == 2, "an input error, as check: \(run.stdout)")
        #expect(run.stdout.hasPrefix("app.ndjson:2:1: error: "))
        #expect(!run.stdout.contains("\u{1B}"), "the terminal sees no escape from the trace")
        #expect(run.stdout.hasSuffix("1 input error: the check is incomplete\n"))
    }

    @Test func aFileThatDoesNotExistYetIsWaitedFor() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let watch = try WatchProcess(["later/app.ndjson", "--rules", "t.rules"], in: directory)
        #expect(watch.waitFor("later/app.ndjson: waiting for the file to appear", standardError: true))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("later"), withIntermediateDirectories: true)
        try (Self.launch + Self.event(1, "sync.upload")).write(
            to: directory.appendingPathComponent("later/app.ndjson"), atomically: true, encoding: .utf8)
        #expect(watch.waitFor("later/app.ndjson:2: error[t.no-upload]"), "\(watch.output)\(watch.errors)")
        let run = watch.interrupt()
        #expect(run.status == 1)
        #expect(run.stderr.contains("later/app.ndjson: appeared; checking it"))
    }

    @Test func theRecordersNextPartIsFollowed() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try (Self.launch + Self.event(1, "didFinishLaunching")).write(
            to: directory.appendingPathComponent("app.ndjson"), atomically: true, encoding: .utf8)
        let watch = try WatchProcess(["app.ndjson", "--rules", "t.rules"], in: directory)
        #expect(watch.waitFor("app.ndjson: waiting", standardError: true, timeout: 0.5) == false)
        let part = #"{"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene","part":2}"# + "\n" + Self.event(2, "sync.upload")
        try part.write(to: directory.appendingPathComponent("app.2.ndjson"), atomically: true, encoding: .utf8)
        #expect(watch.waitFor("app.2.ndjson:2: error[t.no-upload]"), "\(watch.output)\(watch.errors)")
        let run = watch.interrupt()
        #expect(run.status == 1)
        #expect(run.stdout.hasSuffix("checked 1 trace (1 launch, 2 events) against 2 rules: 1 error, 0 warnings, 0 info, 0 pending\n"))
    }

    @Test func aWholeDocumentFormatIsWrittenAtTheEndAndChromeIsRefused() throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let watch = try WatchProcess(["-", "--rules", "t.rules", "--format", "sarif", "-o", "out.sarif"], in: directory)
        watch.write(Self.launch + Self.event(1, "sync.upload"))
        #expect(watch.waitFor("-:2: error[t.no-upload]"), "findings are printed as text as they come")
        let run = watch.wait()
        #expect(run.status == 1)
        let sarif =
            try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("out.sarif"))) as? [String: Any]
        let results = (sarif?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]
        #expect(results?.count == 1)
        let chrome = try LifelineCommandTests.run(["watch", "-", "--from", "chrome"], in: directory)
        #expect(chrome.status == 2)
        #expect(chrome.stderr.contains("--from chrome"))
    }
}
