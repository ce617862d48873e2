import Foundation

/// Provides locked access to `Value`.
///
/// The shell's state that another thread touches (the SIGINT handler, readline's
/// callbacks) lives in one of these, held by a `let`: never in a global `var`.
///
/// - Note: `Synchronization.Mutex` would do, but it needs macOS 15; this package
///   builds for macOS 10.15.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
