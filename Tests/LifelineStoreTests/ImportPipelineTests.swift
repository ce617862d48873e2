import Foundation
import GRDB
import LifelineFormat
import LifelineSupport
import LifelineTestSupport
import Testing

@_spi(Performance) @testable import LifelineStore

/// The importer parses on one thread and inserts on another, in batches; these
/// files span many batches, so launches, diagnostics and failures fall between them.
@Suite("Importing files larger than a batch")
struct ImportPipelineTests {
    /// `launches` launches of `events` events each; every 997th event line is malformed.
    static func trace(launches: Int, events: Int) -> (text: String, malformed: [Int]) {
        var text = ""
        var line = 0
        var malformed: [Int] = []
        for launch in 1...launches {
            text += #"{"lifeline":1,"type":"launch","launch":"L\#(launch)","lifecycle":"scene"}"# + "\n"
            line += 1
            for seq in 1...events {
                line += 1
                if line % 997 == 0 {
                    text += #"{"seq":"bad"}"# + "\n"
                    malformed.append(line)
                    continue
                }
                let session = "S\(seq % 3)-\(launch)"
                text +=
                    #"{"seq":\#(seq),"t":\#(seq * 10),"event":"sceneDidBecomeActive","session":"\#(session)","scene":"0x\#(seq % 3)","thread":"main"}"#
                    + "\n"
            }
        }
        return (text, malformed)
    }

    @Test("every row arrives once, and diagnostics come in line order")
    func largeFile() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let (text, malformed) = Self.trace(launches: 7, events: 3_001)
        let path = try fixture.write("large.ndjson", text)
        let (result, diagnostics) = fixture.importFile(path)
        #expect(result.outcome == .imported)
        #expect(result.launches == 7)
        #expect(result.malformed == malformed.count)
        #expect(result.events == 7 * 3_001 - malformed.count)
        #expect(diagnostics == malformed.map { #"\#(path):\#($0):8: error: expected integer for "seq""# })
        #expect(
            try fixture.rows("SELECT COUNT(*), COUNT(DISTINCT line), COUNT(DISTINCT launch_id) FROM event")
                == [[String(result.events), String(result.events), "7"]])
        // Each event belongs to the launch record above it.
        #expect(
            try fixture.rows(
                """
                SELECT COUNT(*) FROM event e JOIN launch l ON l.id = e.launch_id
                WHERE e.line < l.line OR e.line > l.line + 3001 OR e.session NOT LIKE '%-' || substr(l.uuid, 2)
                """) == [["0"]])
    }

    @Test("--strict failing late in a large file leaves the database as it was")
    func strictLate() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        _ = fixture.importFile(try fixture.write("a.ndjson", sceneTrace))
        let (text, _) = Self.trace(launches: 5, events: 3_001)
        let (result, diagnostics) = fixture.importFile(try fixture.write("large.ndjson", text), strict: true)
        #expect(result.isFailure)
        #expect(diagnostics.count == 1, "parsing stopped at the first malformed line")
        #expect(try fixture.count("event") == 9)
        #expect(try fixture.count("launch") == 1)
        #expect(try fixture.count("trace_file") == 1)
    }

    @Test("a database error in the middle of a large file stops the parser and rolls the file back")
    func databaseErrorMidway() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.store.database.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER fail_midway BEFORE INSERT ON event_raw WHEN NEW.line = 9000
                    BEGIN SELECT RAISE(ABORT, 'refused line 9000'); END
                    """)
        }
        let (text, _) = Self.trace(launches: 5, events: 3_001)
        let path = try fixture.write("large.ndjson", text)
        let (result, diagnostics) = fixture.importFile(path)
        #expect(result.outcome == .failed(Diagnostic(.error, file: path, "refused line 9000")))
        // Reported once, through the outcome, not also as a diagnostic (the CLI printed it twice).
        #expect(!diagnostics.contains { $0.contains("refused line 9000") }, "\(diagnostics)")
        #expect(try fixture.count("event_raw") == 0)
        #expect(try fixture.count("trace_file") == 0)
        // The importer is usable afterwards: nothing is left waiting.
        try fixture.store.database.write { try $0.execute(sql: "DROP TRIGGER fail_midway") }
        #expect(fixture.importFile(try fixture.write("small.ndjson", sceneTrace)).0.outcome == .imported)
    }

    @Test("random events read back from the database equal the file's records", arguments: [1, 2, 3])
    func randomRoundTrip(seed: UInt64) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        var random = SplitMix64(seed: seed)
        let names = ["sceneDidBecomeActive", "willConnectTo", "db.open", "state.save", "a\\u00e9b"]
        let sessions = [nil, "", "S1", "S\\\"2"]
        let scenes = [nil, "0x1", "0x2"]
        let threads = [nil, "main", "worker"]
        let attrs = [nil, #"{"k":1}"#, #"{"path":"a.db","n":["x"]}"#]
        let phases = [nil, "begin", "end", "instant"]
        var text = ""
        for launch in 1...3 {
            text += #"{"lifeline":1,"type":"launch","launch":"L\#(launch)","lifecycle":"scene"}"# + "\n"
            for seq in 1...2_500 {
                var fields = [#""seq":\#(seq)"#, #""t":\#(seq * 7)"#, #""event":"\#(names.randomElement(using: &random)!)""#]
                if let phase = phases.randomElement(using: &random)! { fields.append(#""phase":"\#(phase)""#) }
                if let session = sessions.randomElement(using: &random)! { fields.append(#""session":"\#(session)""#) }
                if let scene = scenes.randomElement(using: &random)! { fields.append(#""scene":"\#(scene)""#) }
                if let thread = threads.randomElement(using: &random)! { fields.append(#""thread":"\#(thread)""#) }
                if let object = attrs.randomElement(using: &random)! { fields.append(#""attrs":\#(object)"#) }
                text += "{" + fields.joined(separator: ",") + "}\n"
            }
        }
        let path = try fixture.write("random.ndjson", text)
        #expect(!fixture.importFile(path).0.isFailure)
        var stored: [TraceRecord] = []
        try fixture.store.forEachRecord { record in
            switch record {
            case .launch(let launch, _, _): stored.append(.launch(launch))
            case .event(let event, _): stored.append(.event(event))
            }
        }
        #expect(stored == (try TraceFile(contentsOf: path)).records)
        // Read on a second thread, in batches: the same records with the same lines, in order.
        var lines: [Int] = []
        try fixture.store.forEachRecord { record in
            switch record {
            case .launch(_, _, let line), .event(_, let line): lines.append(line)
            }
        }
        var ahead: [TraceRecord] = []
        var aheadLines: [Int] = []
        try fixture.store.forEachRecordReadingAhead { record in
            switch record {
            case .launch(let launch, _, let line):
                ahead.append(.launch(launch))
                aheadLines.append(line)
            case .event(let event, let line):
                ahead.append(.event(event))
                aheadLines.append(line)
            }
        }
        #expect(ahead == stored)
        #expect(aheadLines == lines)
    }
}
