import Dispatch
import Foundation
import GRDB
import GRDBSQLite
import LifelineCore
import LifelineFormat

/// A time limit on one statement at a time, for connections that run SQL nobody vetted.
///
/// A saved query or a script from a pull request can hold a statement that
/// never ends (`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c)
/// SELECT count(*) FROM c;`), and a CI job running it would hang until the
/// job's own timeout. ``arm(seconds:)`` before running such a statement and
/// ``disarm()`` after: once the time is up, SQLite stops the statement with
/// `SQLITE_INTERRUPT`, and ``expired`` tells that apart from a Ctrl-C.
///
/// The limit is wall-clock time, checked from SQLite's progress handler, which
/// SQLite calls every ``instructionsPerCheck`` virtual-machine instructions. A
/// budget of instructions alone would be simpler but says nothing a person can
/// set: one instruction may step a cursor or sort a million rows, so the same
/// count is a few milliseconds for one query and minutes for another. Time is
/// what a CI job has to spend, and counting instructions only paces the clock
/// reads. An instruction that runs long by itself (a sort, building a value)
/// is stopped at the next check after it; ``ConnectionHardening``'s value-size
/// limit bounds how long that can be.
///
/// Installing it replaces any other progress handler on the connection (GRDB
/// installs none).
package final class StatementDeadline: @unchecked Sendable {
    /// Virtual-machine instructions between two reads of the clock: a few microseconds of work.
    package static let instructionsPerCheck: Int32 = 1000

    /// When the armed statement must stop, in `DispatchTime` nanoseconds (nil when none is armed), and
    /// whether the limit stopped it.
    private let state = Locked<(deadline: UInt64?, stopped: Bool)>((nil, false))

    package init() {}

    /// Installs the progress handler on `db`'s connection; it does nothing until ``arm(seconds:)``.
    package func install(on db: Database) {
        guard let connection = db.sqliteConnection else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_progress_handler(
            connection, Self.instructionsPerCheck,
            { context in
                guard let context else { return 0 }
                return Unmanaged<StatementDeadline>.fromOpaque(context).takeUnretainedValue().check()
            }, context)
    }

    /// Starts the clock for the next statement: it may run `seconds` (nil: without a limit).
    package func arm(seconds: Double?) {
        let now = DispatchTime.now().uptimeNanoseconds
        let end = seconds.map { seconds -> UInt64 in
            // Saturating: a limit of decades (or not a number) is no limit, never an overflow.
            guard seconds < 1e9 else { return .max }
            let (sum, overflow) = now.addingReportingOverflow(UInt64(max(seconds, 0) * 1e9))
            return overflow ? .max : sum
        }
        state.withLock { $0 = (end, false) }
    }

    /// Stops timing; ``expired`` keeps its answer until the next ``arm(seconds:)``.
    package func disarm() {
        state.withLock { $0.deadline = nil }
    }

    /// Whether the limit stopped the statement armed last.
    package var expired: Bool {
        state.withLock { $0.stopped }
    }

    /// SQLite's progress callback: nonzero stops the statement.
    private func check() -> Int32 {
        state.withLock { state in
            guard let deadline = state.deadline else { return 0 }
            if state.stopped || DispatchTime.now().uptimeNanoseconds >= deadline {
                state.stopped = true
                return 1
            }
            return 0
        }
    }
}
