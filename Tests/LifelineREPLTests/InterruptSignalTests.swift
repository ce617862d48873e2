import Foundation
import GRDB
@testable import LifelineREPL
import Testing

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
        let pressing = DispatchSource.makeTimerSource(queue: .global())
        pressing.schedule(deadline: .now() + .milliseconds(50), repeating: .milliseconds(50))
        pressing.setEventHandler { signal.simulateCtrlC() }
        var caught: (any Error)?
        do {
            _ = try signal.whileRunning(on: queue) {
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
        let error = try #require(caught as? DatabaseError)
        #expect(error.resultCode == .SQLITE_INTERRUPT)
        #expect(error.message == "interrupted")
    }

    @Test func anErrorWithoutCtrlCPassesThroughUnchanged() throws {
        let signal = InterruptSignal()
        #expect(throws: WrappedError.self) {
            try signal.whileRunning(on: try DatabaseQueue()) { throw WrappedError() }
        }
    }
}
