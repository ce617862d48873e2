import Foundation
import GRDB
import LifelineFormat
import LifelineStore
import Testing

@Suite("Importer")
struct TraceImporterTests {
    @Test("a trace imports into files, launches and events, with canonical names and source lines")
    func importsRows() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = try fixture.write("scene.ndjson", sceneTrace)
        let (result, diagnostics) = fixture.importFile(path)
        #expect(result.outcome == .imported)
        #expect(diagnostics.isEmpty)
        #expect(result.launches == 1 && result.events == 9)
        #expect(
            try fixture.rows("SELECT path, size, line_count, launch_count, event_count, malformed_count FROM trace_file")
                == [[path, String(sceneTrace.utf8.count), "10", "1", "9", "0"]])
        #expect(
            try fixture.rows("SELECT uuid, pid, app, platform, os, device, lifecycle, started, line FROM launch")
                == [["L1", "10", "com.example.Notes", "iOS", "17.5", "iPhone15,2", "scene", "2026-11-21T10:00:00.000Z", "1"]])
        #expect(
            try fixture.rows("SELECT seq, event, phase, session, scene, thread, attrs, line FROM event WHERE seq IN (1, 4)")
                == [
                    ["1", "application(_:didFinishLaunchingWithOptions:)", "begin", "NULL", "NULL", "main", "NULL", "2"],
                    [
                        "4", "scene(_:willConnectTo:options:)", "begin", "S1", "0x1", "main",
                        #"{"role":"UIWindowSceneSessionRoleApplication"}"#, "5",
                    ],
                ])
        #expect(
            try fixture.rows("SELECT json_extract(attrs, '$.role') FROM event WHERE attrs IS NOT NULL")
                == [["UIWindowSceneSessionRoleApplication"]])
    }

    @Test("importing the same content twice adds nothing and says so, even from another path")
    func idempotent() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = try fixture.write("a.ndjson", sceneTrace)
        #expect(fixture.importFile(path).0.outcome == .imported)
        #expect(fixture.importFile(path).0.outcome == .unchanged)
        let copy = try fixture.write("b.ndjson", sceneTrace)
        #expect(fixture.importFile(copy).0.outcome == .duplicate(of: path))
        #expect(try fixture.count("event") == 9)
        #expect(try fixture.count("trace_file") == 1)
    }

    @Test("a file that grew imports only its new lines, continuing its launch")
    func growth() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = try fixture.write("grow.ndjson", sceneTrace)
        _ = fixture.importFile(path)
        try fixture.append(
            "grow.ndjson",
            """
            {"seq":10,"t":960000000,"event":"state.save","session":"S1"}
            {"seq":11,"t":990000000,"event":"sceneDidDisconnect","session":"S1","scene":"0x1"}

            """)
        let (result, diagnostics) = fixture.importFile(path)
        #expect(result.outcome == .appended(fromLine: 11))
        #expect(diagnostics.isEmpty)
        #expect(result.events == 2)
        #expect(try fixture.rows("SELECT COUNT(*), COUNT(DISTINCT launch_id), MAX(line) FROM event") == [["11", "1", "12"]])
        #expect(try fixture.rows("SELECT event_count, line_count FROM trace_file") == [["11", "12"]])
        #expect(fixture.importFile(path).0.outcome == .unchanged)
    }

    @Test("a grown file whose new lines go backwards in seq is reported at the right line")
    func growthKeepsOrderChecks() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = try fixture.write("grow.ndjson", sceneTrace)
        _ = fixture.importFile(path)
        try fixture.append("grow.ndjson", #"{"seq":3,"t":960000000,"event":"late"}"# + "\n")
        let (_, diagnostics) = fixture.importFile(path)
        #expect(diagnostics == ["\(path):11:8: error: seq 3 does not increase (line 10 had seq 9)"])
    }

    @Test("a file that changed replaces its old rows")
    func changed() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = try fixture.write("c.ndjson", sceneTrace)
        _ = fixture.importFile(path)
        try fixture.write("c.ndjson", sceneTrace.replacingOccurrences(of: "\"S1\"", with: "\"S9\""))
        #expect(fixture.importFile(path).0.outcome == .reimported)
        #expect(try fixture.rows("SELECT DISTINCT session FROM event WHERE session IS NOT NULL") == [["S9"]])
        #expect(try fixture.count("event") == 9)
        #expect(try fixture.count("launch") == 1)
    }

    @Test("malformed lines are skipped, counted and reported with their location")
    func malformed() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = try fixture.write(
            "bad.ndjson",
            """
            {"seq":1,"t":0,"event":"early"}
            {"lifeline":1,"type":"launch","launch":"B"}
            {"seq":1,"t":100,"event":"a"}
            {"seq":"2","t":200,"event":"b"}
            {"seq":3,"t":150,"event":"c"}
            not json
            {"seq":4,"t":300,"event":"sceneDidEnterBackground","phase":"end","session":"S1"}

            """)
        let (result, diagnostics) = fixture.importFile(path)
        #expect(
            diagnostics == [
                "\(path):1:1: error: event before any launch record",
                #"\#(path):4:8: error: expected integer for "seq""#,
                "\(path):6:1: error: expected '{' at the start of a record",
                "\(path):7:60: warning: 'end' of sceneDidEnterBackground(_:) with no open 'begin'",
            ])
        #expect(result.malformed == 3)
        #expect(result.events == 3)
        #expect(
            try fixture.rows("SELECT seq, event FROM event ORDER BY line") == [
                ["1", "a"], ["3", "c"], ["4", "sceneDidEnterBackground(_:)"],
            ])
        #expect(try fixture.rows("SELECT malformed_count FROM trace_file") == [["3"]])
    }

    @Test("--strict fails the whole file and leaves the database as it was")
    func strictRollsBack() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let good = try fixture.write("good.ndjson", sceneTrace)
        _ = fixture.importFile(good)
        let bad = try fixture.write(
            "bad.ndjson",
            sceneTrace.replacingOccurrences(of: "\"L1\"", with: "\"L2\"")
                + "{\"seq\":10,\"t\":x}\n")
        let (result, _) = fixture.importFile(bad, strict: true)
        #expect(result.isFailure)
        #expect(try fixture.count("event") == 9)
        #expect(try fixture.count("launch") == 1)
        #expect(try fixture.count("trace_file") == 1)
    }

    @Test("an unknown format version fails the file, naming the version")
    func unsupportedVersion() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = try fixture.write(
            "v2.ndjson",
            """
            {"lifeline":2,"type":"launch","launch":"F"}
            {"seq":1,"t":0,"event":"x"}

            """)
        let (result, diagnostics) = fixture.importFile(path)
        #expect(result.isFailure)
        #expect(diagnostics == ["\(path):1:13: error: unsupported trace format version 2 (this reader supports version 1)"])
        #expect(try fixture.count("trace_file") == 0)
    }

    @Test("an unterminated last line is imported when whole and skipped with a warning when torn")
    func tornLastLine() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let whole = try fixture.write("whole.ndjson", sceneTrace + #"{"seq":10,"t":960000000,"event":"state.save"}"#)
        let (wholeResult, wholeDiagnostics) = fixture.importFile(whole)
        #expect(wholeResult.events == 10)
        #expect(wholeDiagnostics.count == 1 && wholeDiagnostics[0].contains(":11:46: warning: last line is not terminated (imported"))
        let torn = try fixture.write(
            "torn.ndjson",
            sceneTrace.replacingOccurrences(of: "\"L1\"", with: "\"L3\"")
                + #"{"seq":10,"t":9600"#)
        let (tornResult, tornDiagnostics) = fixture.importFile(torn)
        #expect(tornResult.events == 9)
        #expect(tornResult.malformed == 0)
        #expect(tornDiagnostics.count == 1 && tornDiagnostics[0].contains(":11:19: warning: last line is not terminated and is incomplete"))
        // The producer finishes the line: the next import takes it, once.
        try fixture.append("torn.ndjson", "00000,\"event\":\"state.save\"}\n")
        let (grown, _) = fixture.importFile(torn)
        #expect(grown.outcome == .appended(fromLine: 11))
        #expect(grown.events == 1)
        #expect(try fixture.rows("SELECT COUNT(*) FROM event e JOIN launch l ON l.id = e.launch_id WHERE l.uuid = 'L3'") == [["10"]])
    }

    @Test("dropped-event reports are summed per file")
    func droppedCount() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let path = try fixture.write(
            "drops.ndjson",
            sceneTrace
                + #"{"seq":10,"t":960000000,"event":"lifeline.dropped","attrs":{"count":900}}"# + "\n"
                + #"{"seq":11,"t":970000000,"event":"lifeline.dropped","attrs":{"count":5}}"# + "\n")
        #expect(fixture.importFile(path).0.dropped == 905)
        #expect(try fixture.rows("SELECT dropped_count FROM trace_file") == [["905"]])
    }

    @Test("directories are searched recursively for traces, in order")
    func expandDirectories() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(atPath: fixture.path("sub"), withIntermediateDirectories: true)
        try fixture.write("b.ndjson", "")
        try fixture.write("sub/a.jsonl", "")
        try fixture.write("notes.txt", "")
        try FileManager.default.createDirectory(atPath: fixture.path("empty"), withIntermediateDirectories: true)
        try fixture.write("empty/notes.txt", "")
        let expanded = TracePaths.expand([fixture.directory.path, "-", "/nonexistent", fixture.path("empty")])
        #expect(expanded.files == [fixture.path("b.ndjson"), fixture.path("sub/a.jsonl"), "-"])
        #expect(
            expanded.errors.map(\.description) == [
                "/nonexistent: error: no such file or directory",
                "\(fixture.path("empty")): error: no traces (*.ndjson, *.jsonl) in this directory",
            ])
        #expect(expanded.errors.allSatisfy { $0.severity == .error && $0.line == nil })
    }

    @Test("two importers on one database both succeed")
    func concurrentImporters() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let paths = try (0..<8).map { index in
            try fixture.write("t\(index).ndjson", sceneTrace.replacingOccurrences(of: "\"L1\"", with: "\"L\(index)\""))
        }
        let second = TraceImporter(store: try TraceStore(path: fixture.path("test.db")))
        let group = DispatchGroup()
        let failures = Collected()
        for (index, importer) in [fixture.importer, second].enumerated() {
            group.enter()
            Thread.detachNewThread {
                for path in paths.shuffled() {
                    let result = importer.importFile(at: path)
                    if result.isFailure { failures.add("\(index): \(result.outcome)") }
                }
                group.leave()
            }
        }
        group.wait()
        #expect(failures.lines.isEmpty)
        #expect(try fixture.count("trace_file") == 8)
        #expect(try fixture.count("event") == 72)
    }
}
