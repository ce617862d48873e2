import Foundation
import Testing

/// End-to-end tests of `lifeline import` on Chrome trace JSON, and of the export/import round trip.
@Suite("lifeline import: Chrome trace JSON")
struct ChromeImportCommandTests {
    static let samples: [String] = {
        let traces = CheckCommandTests.repository.appendingPathComponent("traces")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: traces.path)) ?? []
        return names.filter { $0.hasSuffix(".ndjson") }.sorted()
    }()

    @Test func everySampleTraceHasSamples() {
        #expect(Self.samples.count >= 10)
    }

    @Test(arguments: samples)
    func exportingAndImportingBackGivesTheSameEvents(_ name: String) throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = CheckCommandTests.repository.appendingPathComponent("traces/\(name)").path
        #expect(try LifelineCommandTests.run(["export", source, "--no-check", "-o", "out.json"], in: directory).status == 0)
        let imported = try LifelineCommandTests.run(["import", "out.json", "--db", "back.db"], in: directory)
        #expect(imported.status == 0)
        #expect(imported.stdout.hasPrefix("out.json: Chrome trace JSON: "))
        let back = try LifelineCommandTests.run(["export", "back.db", "--format", "ndjson"], in: directory)
        #expect(back.status == 0)
        #expect(back.stdout == (try String(contentsOfFile: source, encoding: .utf8)))
    }

    @Test func importingTheSameJSONAgainAddsNothing() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = CheckCommandTests.repository.appendingPathComponent("traces/cold-launch.ndjson").path
        #expect(try LifelineCommandTests.run(["export", source, "-o", "a.json", "--no-local-rules"], in: directory).status == 0)
        #expect(try LifelineCommandTests.run(["import", "a.json"], in: directory).status == 0)
        let again = try LifelineCommandTests.run(["import", "a.json"], in: directory)
        #expect(again.status == 0)
        #expect(again.stdout.contains("a.json: already imported, nothing new"))
        try FileManager.default.copyItem(at: directory.appendingPathComponent("a.json"), to: directory.appendingPathComponent("b.json"))
        #expect(
            try LifelineCommandTests.run(["import", "b.json"], in: directory).stdout.contains("b.json: same content as a.json, skipped"))
    }

    @Test func jsonThatDoesNotParseFailsTheFileWithALocatedErrorAndImportsNothing() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "{\"traceEvents\":[\n{\"ph\":\"i\",\"name\":\"db.open\",\"pid\":1,\"ts\":1},\n{\"ph\":\"i\",}\n]}\n".write(
            to: directory.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let run = try LifelineCommandTests.run(["import", "bad.json"], in: directory)
        #expect(run.status == 1)
        #expect(run.stderr.contains("bad.json:3:11: error: expected a string key (not imported)"))
        let sql = try LifelineCommandTests.run(["export", "lifeline.db", "--format", "ndjson"], in: directory)
        #expect(sql.status == 2)
        #expect(sql.stderr.contains("no traces"))
    }

    @Test func theEventsMayComeAfterTheOtherMembersWhichAreCheckedToo() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let events = #"[{"ph":"i","name":"db.open","pid":1,"ts":1},{"ph":"X","name":"didFinishLaunching","pid":1,"ts":2,"dur":3}]"#
        let other = #""otherData":{"paths":["\/a\/b","é"],"n":[1,{"x":null}]}"#
        try ("{" + other + ",\n\"traceEvents\":" + events + "}\n").write(
            to: directory.appendingPathComponent("late.json"), atomically: true, encoding: .utf8)
        let late = try LifelineCommandTests.run(["import", "late.json", "--db", "a.db"], in: directory)
        #expect(late.status == 0)
        #expect(late.stdout.hasPrefix("late.json: Chrome trace JSON: 1 launch, 3 events"))
        // A member the importer does not use is checked all the same: a bad escape in it fails the file, located.
        try ("{\"traceEvents\":" + events + ",\n\"otherData\":{\"path\":\"a\\qb\"}}\n").write(
            to: directory.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let bad = try LifelineCommandTests.run(["import", "bad.json", "--db", "b.db"], in: directory)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains(#"bad.json:2:23: error: invalid escape '\q' (not imported)"#))
    }

    @Test func fromOverridesDetection() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"{"seq":1,"t":0,"event":"didFinishLaunching"}"#.appending("\n").write(
            to: directory.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        let native = try LifelineCommandTests.run(["import", "t.json", "--db", "a.db"], in: directory)
        #expect(native.stderr.contains("t.json:1:1: error: event before any launch record"))
        let chrome = try LifelineCommandTests.run(["import", "t.json", "--from", "chrome", "--db", "b.db"], in: directory)
        #expect(chrome.status == 1)
        #expect(chrome.stderr.contains(#"t.json:1:1: error: expected a "traceEvents" array (not imported)"#))
        let unknown = try LifelineCommandTests.run(["import", "t.json", "--from", "csv"], in: directory)
        #expect(unknown.status == 2)
    }
}
