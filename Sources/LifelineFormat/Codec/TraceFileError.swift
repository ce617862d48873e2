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
    /// The system error number.
    public var errno: Int32

    public init(path: String, operation: String, errno: Int32) {
        self.path = path
        self.operation = operation
        self.errno = errno
    }

    /// `cannot open: No such file or directory`: the description without the path.
    public var reason: String { "cannot \(operation): \(String(cString: strerror(errno)))" }

    public var description: String { "\(path): error: \(reason)" }
}
