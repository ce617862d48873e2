import Foundation
import GRDB
import LifelineStore
import Testing

@testable import LifelineREPL

/// Ctrl-C during `.check` or `.import`; the real signal at a terminal is covered by ReplTerminalTests.
@Suite("Ctrl-C during a command")
struct InterruptSignalTests {
    struct WrappedError: Error {}

    /// `.check` and `.import` wrap SQLite's error in their own; a Ctrl-C must still read as "interrupted".
    @Test func workInterruptedByCtrlCFailsAsInterruptedWhateverItThrows() throws {
        let signal = InterruptSignal()
        signal.setInteractive()  // a Ctrl-C after the work ends then wakes the prompt instead of exiting
        let queue = try DatabaseQueue()
        // sqlite3_interrupt is lost if no statement runs yet, so press Ctrl-C until the query stops.
        let pressing = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "ctrl-c-presser"))
        pressing.schedule(deadline: .now() + .milliseconds(50), repeating: .milliseconds(50))
        pressing.setEventHandler { signal.simulateCtrlC() }
        var caught: (any Error)?
        do {
            _ = try signal.whileRunning(on: StoreInterrupt(queue, path: ":memory:")) {
                pressing.resume()
                do {
                    try queue.read { db in
                        try db.execute(sql: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c")
                    }
                } catch {
                    throw WrappedError()
                }
            }
        } catch {
            caught = error
        }
        pressing.cancel()
        let error = try #require(caught as? StoreError)
        #expect(error.code == .interrupted)
        #expect(error.message == "interrupted")
    }

    @Test func anErrorWithoutCtrlCPassesThroughUnchanged() throws {
        let signal = InterruptSignal()
        #expect(throws: WrappedError.self) {
            try signal.whileRunning(on: StoreInterrupt(try DatabaseQueue(), path: ":memory:")) { throw WrappedError() }
        }
    }

    /// Hands everything to a text sink and calls `onWrite` with each piece (for reacting to a diagnostic).
    final class WatchingSink: OutputSink {
        let sink = TextSink()
        let onWrite: (String) -> Void
        var isTerminal: Bool { false }

        init(onWrite: @escaping (String) -> Void) { self.onWrite = onWrite }

        func write(_ text: String) {
            sink.write(text)
            onWrite(text)
        }
    }

    /// Ctrl-C lands inside an INSERT of `.import`'s first file, after two batches went in: that file
    /// rolls back, and the second file is not started (it used to be, when SQLite's own
    /// "interrupted" came back as an ordinary failure).
    @Test func ctrlCInsideAnInsertRollsTheFileBackAndStartsNoOtherFile() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        var long = #"{"lifeline":1,"type":"launch","launch":"LONG","lifecycle":"scene"}"# + "\n"
        for seq in 1...6_000 {
            // Line 4500 (in the third batch) is malformed: its diagnostic says two batches are in.
            long +=
                seq == 4_499
                ? "not a record\n"
                : #"{"seq":\#(seq),"t":\#(seq * 10),"event":"sceneDidBecomeActive","session":"S","scene":"a"}"# + "\n"
        }
        try long.write(toFile: fixture.path("long.ndjson"), atomically: true, encoding: .utf8)
        try #"{"lifeline":1,"type":"launch","launch":"LATER","lifecycle":"scene"}"#.appending("\n")
            .write(toFile: fixture.path("later.ndjson"), atomically: true, encoding: .utf8)
        let database = try DatabaseQueue(path: fixture.path("lifeline.db"))
        let count = { try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM event_raw") ?? 0 } }
        let files = { try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM trace_file") ?? 0 } }
        let (eventsBefore, filesBefore) = (try count(), try files())
        // The insert of line 5000 runs until it is interrupted (a four-way cross join of the events so far).
        try database.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER hang AFTER INSERT ON event_raw WHEN NEW.line = 5000 BEGIN
                        SELECT count(*) FROM event_raw a, event_raw b, event_raw c, event_raw d
                        WHERE a.id + b.id + c.id + d.id < 0;
                    END
                    """)
        }

        let signal = InterruptSignal()
        signal.setInteractive()  // a Ctrl-C after the import ends wakes the prompt instead of exiting
        // sqlite3_interrupt is lost between statements, so press Ctrl-C until the import stops.
        let pressing = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "ctrl-c-presser"))
        pressing.schedule(deadline: .now(), repeating: .milliseconds(20))
        pressing.setEventHandler { signal.simulateCtrlC() }
        var pressed = false
        let errors = WatchingSink { text in
            if text.contains("long.ndjson:4500:"), !pressed {
                pressed = true
                pressing.resume()
            }
        }
        let output = TextSink()
        let shell = try ReplShell(
            configuration: ReplConfiguration(databasePath: "lifeline.db", directory: fixture.directory.path, width: 150),
            output: output, errors: errors, interrupt: signal)
        _ = shell.run(reader: StreamLineReader(text: ".import long.ndjson later.ndjson\n", name: "session.script"))
        if pressed { pressing.cancel() } else { pressing.resume(); pressing.cancel() }

        #expect(pressed, "the malformed line's diagnostic never came: \(errors.sink.text)")
        #expect(output.text.contains("long.ndjson: interrupted; nothing of it imported"), "\(output.text)\(errors.sink.text)")
        #expect(!output.text.contains("later.ndjson") && !errors.sink.text.contains("later.ndjson"))
        #expect(try count() == eventsBefore)
        #expect(try files() == filesBefore)
    }
}
