import Foundation
import GRDB
import Testing

@testable import LifelineStore

/// An import that fails part-way (the disk fills up): reported once, rolled back, and its log space given back.
@Suite("a failed import")
struct ImportFailureTests {
    /// A trace of `events` events with padding, a few MB: more pages than the limit below allows.
    static func largeTrace(events: Int) -> String {
        var text = #"{"lifeline":1,"type":"launch","launch":"BIG"}"# + "\n"
        let padding = String(repeating: "x", count: 200)
        for seq in 1...events {
            text += #"{"seq":\#(seq),"t":\#(seq * 10),"event":"app.work","attrs":{"pad":"\#(padding)-\#(seq)"}}"# + "\n"
        }
        return text
    }

    var walSize: (String) -> Int = { path in
        (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
    }

    @Test("SQLITE_FULL part-way: one diagnostic-free failure, the database as it was, and the WAL truncated while the store stays open")
    func databaseFull() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let small = try fixture.write("small.ndjson", sceneTrace)
        #expect(fixture.importFile(small).0.outcome == .imported)
        let before = try fixture.rows("SELECT id, seq, event FROM event ORDER BY id")
        // SQLite's own stand-in for a full disk: the writer connection may not grow the file past this many pages.
        let pages = try fixture.store.database.writeWithoutTransaction { db in
            try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        }
        try fixture.store.database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = \(pages + 150)") }

        let large = try fixture.write("large.ndjson", Self.largeTrace(events: 20_000))
        let (result, diagnostics) = fixture.importFile(large)
        guard case .failed(let message) = result.outcome else {
            Issue.record("imported: \(result.outcome)")
            return
        }
        #expect(message.description == "\(large): error: database or disk is full")
        #expect(diagnostics.isEmpty, "the failure is the outcome, not also a diagnostic: \(diagnostics)")
        #expect(walSize(fixture.path("test.db")) == 0, "the rolled-back pages no longer hold the disk")
        #expect(try fixture.rows("SELECT id, seq, event FROM event ORDER BY id") == before)
        #expect(try fixture.count("trace_file") == 1)
        #expect(try fixture.store.database.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")

        // With room again, the same file imports in full.
        try fixture.store.database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = 1000000") }
        #expect(fixture.importFile(large).0.outcome == .imported)
        #expect(try fixture.count("event") == before.count + 20_000)
    }
}
