import Foundation

/// Provides locked access to `Value`: the one lock of the package outside the recorder's hot path.
///
/// State that more than one thread touches (the REPL's SIGINT handler and readline
/// callbacks, the SQL authorizer's last denial, the simulator's clock, standard
/// output's first failure, the recorder's thread labels) lives in one of these, held
/// by a `let`: never in a global `var`, never behind a bare lock next to the value.
///
/// ```swift
/// let failure = Locked<String?>(nil)
/// failure.withLock { $0 = "no space left on device" }
/// let reason = failure.withLock { $0 }
/// ```
///
/// - Note: `Synchronization.Mutex` would do, but it needs macOS 15 and the package's
///   platforms (one line for every target) start at macOS 10.15; swift-argument-parser
///   ships a small internal lock for the same reason. The recorder's shards keep their
///   own `RecorderLock`, whose memory sits on the cache line of the state it guards.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
