import Dispatch
import Foundation
import GRDB
import Testing

@testable import LifelineStore

/// The REPL's Ctrl-C during `.import`: the file under way rolls back, what was there stays.
@Suite("cancelling an import")
struct ImportCancellationTests {
    @Test func aCancelledImportIsInterruptedAndLeavesTheDatabaseAsItWas() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let first = try fixture.write("first.ndjson", sceneTrace)
        #expect(fixture.importFile(first).0.outcome == .imported)
        let before = try fixture.rows("SELECT * FROM event ORDER BY id")

        let second = try fixture.write("second.ndjson", sceneTrace.replacingOccurrences(of: "\"L1\"", with: "\"L2\""))
        let cancelled = fixture.importer.importFile(at: second, options: ImportOptions(isCancelled: { true }))
        #expect(cancelled.outcome == .interrupted)
        #expect(cancelled.isFailure)
        #expect(try fixture.rows("SELECT * FROM event ORDER BY id") == before)
        #expect(try fixture.count("trace_file") == 1)
        #expect(try fixture.count("launch") == 1)

        // Not cancelled, the same file imports in full afterwards.
        let again = fixture.importer.importFile(at: second, options: ImportOptions(isCancelled: { false }))
        #expect(again.outcome == .imported)
        #expect(try fixture.count("launch") == 2)
    }

    /// One launch of `events` events; more than two batches of the importer.
    static func longTrace(events: Int) -> String {
        var text = #"{"lifeline":1,"type":"launch","launch":"LONG","lifecycle":"scene"}"# + "\n"
        for seq in 1...events {
            text += #"{"seq":\#(seq),"t":\#(seq * 10),"event":"sceneDidBecomeActive","session":"S","scene":"a"}"# + "\n"
        }
        return text
    }

    /// Makes the insert of the event at `line` run until it is interrupted: a trigger whose
    /// statement is a four-way cross join of the events so far, which no test waits out.
    static func hang(atLine line: Int, in store: TraceStore) throws {
        try store.database.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER hang AFTER INSERT ON event_raw WHEN NEW.line = \(line) BEGIN
                        SELECT count(*) FROM event_raw a, event_raw b, event_raw c, event_raw d
                        WHERE a.id + b.id + c.id + d.id < 0;
                    END
                    """)
        }
    }

    /// `sqlite3_interrupt` landing inside an INSERT, after whole batches went in, comes out of SQLite as
    /// its own error, not the importer's cancellation check: it must still be the typed interruption.
    @Test func anInterruptInsideSQLiteAfterBatchesWereInsertedRollsTheFileBackAsInterrupted() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        #expect(fixture.importFile(try fixture.write("first.ndjson", sceneTrace)).0.outcome == .imported)
        let before = try fixture.rows("SELECT * FROM event ORDER BY id")
        try Self.hang(atLine: 5_000, in: fixture.store)
        let long = try fixture.write("long.ndjson", Self.longTrace(events: 6_000))

        // Interrupt repeatedly (an interrupt between statements is lost) once two batches are in.
        let pressing = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "import-interrupter"))
        pressing.schedule(deadline: .now(), repeating: .milliseconds(20))
        let store = fixture.store
        pressing.setEventHandler { store.database.interrupt() }
        var inserted = 0
        var started = false
        let result = fixture.importer.importFile(
            at: long,
            progress: { _, _, _, events in
                inserted = max(inserted, events)
                if events >= 4_096, !started {
                    started = true
                    pressing.resume()
                }
            })
        if started { pressing.cancel() } else { pressing.resume(); pressing.cancel() }

        #expect(result.outcome == .interrupted)
        #expect(inserted >= 4_096)
        #expect(try fixture.rows("SELECT * FROM event ORDER BY id") == before)
        #expect(try fixture.count("trace_file") == 1)
        #expect(try fixture.count("launch") == 1)
    }
}
