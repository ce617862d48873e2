#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A trace file that could not be opened, read or written.
public struct TraceFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    /// What was being done: `open`, `read`, `write`, ...
    public var operation: String
    /// The system error number (0 when ``reason`` says why instead).
    public var errno: Int32
    /// Why, when it is not a system error: "it is a device, not a regular file".
    public var reason: String?

    public init(path: String, operation: String, errno: Int32, reason: String? = nil) {
        self.path = path
        self.operation = operation
        self.errno = errno
        self.reason = reason
    }

    public var description: String {
        "\(path): error: cannot \(operation): \(reason ?? String(cString: strerror(errno)))"
    }
}
