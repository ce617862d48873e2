import Foundation
import GRDB
import LifelineFormat
import Testing

@testable import LifelineStore

@Suite("Reading traces back from the store")
struct StoreReadingTests {
    static let trace = """
        {"lifeline":1,"type":"launch","launch":"L1","pid":7,"app":"com.example.Notes","os":"17.5","lifecycle":"scene","started":"2026-11-21T10:00:00.000Z"}
        {"seq":1,"t":10,"event":"didFinishLaunching","phase":"begin","thread":"main"}
        {"seq":2,"t":20,"event":"didFinishLaunching","phase":"end","thread":"main"}
        {"seq":3,"t":30,"event":"willConnectTo","session":"S1","scene":"0x1","attrs":{"role":"app","n":3,"x":1.5,"ok":true,"list":["a","b"]}}

        {"lifeline":1,"type":"launch","launch":"L2","lifecycle":"app"}
        {"seq":1,"t":5,"event":"didDiscardSceneSessions","attrs":{"sessions":["S1"]}}
        {"seq":2,"t":6,"event":"db.open"}

        """

    @Test func recordsComeBackInTraceOrderWithTheirLines() throws {
        let fixture = try StoreFixture()
        let path = try fixture.write("a.ndjson", Self.trace)
        _ = fixture.importer.importPaths([path])
        var stored: [String] = []
        try fixture.store.forEachRecord { record in
            switch record {
            case .launch(let launch, let file, let line):
                stored.append("launch \(launch.launch ?? "-") \(launch.lifecycle?.rawValue ?? "-") \(file.hasSuffix("a.ndjson")) @\(line)")
            case .event(let event, let line):
                stored.append("\(event.seq) \(event.event) \(event.phase) \(event.session ?? "-") \(event.attrs.count) @\(line)")
            }
        }
        let file = try TraceFile(contentsOf: path)
        let expected = file.lines.map { line -> String in
            switch line.record {
            case .launch(let launch): return "launch \(launch.launch ?? "-") \(launch.lifecycle?.rawValue ?? "-") true @\(line.number)"
            case .event(let event):
                return "\(event.seq) \(event.event) \(event.phase) \(event.session ?? "-") \(event.attrs.count) @\(line.number)"
            }
        }
        #expect(stored == expected)
    }

    @Test func storedRecordsEqualTheFileRecords() throws {
        let fixture = try StoreFixture()
        let path = try fixture.write("a.ndjson", Self.trace)
        _ = fixture.importer.importPaths([path])
        var records: [TraceRecord] = []
        try fixture.store.forEachRecord { record in
            switch record {
            case .launch(let launch, _, _): records.append(.launch(launch))
            case .event(let event, _): records.append(.event(event))
            }
        }
        #expect(records == (try TraceFile(contentsOf: path)).records)
    }

    @Test func aDamagedAttrsColumnIsALocatedError() throws {
        let fixture = try StoreFixture()
        let path = try fixture.write("a.ndjson", Self.trace)
        _ = fixture.importer.importPaths([path])
        try fixture.store.database.write { db in
            try db.execute(sql: "UPDATE event SET attrs = '{\"role\":' WHERE seq = 3")
        }
        #expect {
            try fixture.store.forEachRecord { _ in }
        } throws: { error in
            "\(error)".hasSuffix("a.ndjson:4: error: event.attrs is not a JSON object: expected a value (the attributes are cut short)")
        }
    }
}
