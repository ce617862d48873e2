import Foundation
import LifelineCore
import LifelineFormat
import LifelineRecorder

/// A clock the simulation advances by hand, so traces are deterministic.
///
/// The recorder reads it through ``recorderClock``; nothing else moves it, so
/// an event's time is exactly the work simulated before it.
///
/// ```swift
/// let clock = VirtualClock()
/// var configuration = RecorderConfiguration()
/// configuration.clock = clock.recorderClock
/// clock.advance(milliseconds: 12)
/// ```
package final class VirtualClock: Sendable {
    private let nanoseconds: Locked<UInt64>

    package init(start: UInt64 = 0) { nanoseconds = Locked(start) }

    /// The current virtual time in nanoseconds.
    package var now: UInt64 { nanoseconds.withLock { $0 } }

    /// Moves time forward.
    package func advance(nanoseconds delta: UInt64) {
        nanoseconds.withLock { $0 += delta }
    }

    package func advance(milliseconds: Double) { advance(nanoseconds: UInt64(milliseconds * 1_000_000)) }

    /// A recorder clock that reads this virtual clock.
    package var recorderClock: RecorderClock { .custom { [self] in now } }
}
