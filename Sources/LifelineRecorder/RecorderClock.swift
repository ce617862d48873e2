/// Where a recorder reads event times from.
///
/// Apps use ``monotonic``. Simulations and tests inject their own clock so
/// traces are deterministic:
///
/// ```swift
/// let clock = RecorderClock.custom { virtualTime.nanoseconds }
/// ```
public struct RecorderClock: Sendable {
    enum Source: Sendable {
        case monotonic
        case custom(@Sendable () -> UInt64)
    }

    let source: Source

    /// The system monotonic clock (see ``MonotonicClock``).
    public static let monotonic = RecorderClock(source: .monotonic)

    /// A clock of the caller's: `now` returns nanoseconds and should not go backwards
    /// (the recorder clamps it so traces stay non-decreasing if it does).
    public static func custom(_ now: @escaping @Sendable () -> UInt64) -> RecorderClock {
        RecorderClock(source: .custom(now))
    }

    @inline(__always)
    func now() -> UInt64 {
        switch source {
        case .monotonic: return MonotonicClock.now()
        case .custom(let read): return read()
        }
    }
}
