#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A trace file that could not be opened, read or written.
public struct TraceFileError: DiagnosticError, Hashable, Sendable {
    public var path: String
    /// What was being done: `open`, `read`, `write`, ...
    public var operation: String
    /// The system error number (0 when ``reason`` says why instead).
    public var errno: Int32
    /// Why, when it is not a system error: "it is a device, not a regular file".
    public var reason: String?
    /// The 1-based line the failure is at, when it is at one (a line too long to read).
    public var line: Int?

    public init(path: String, operation: String, errno: Int32, reason: String? = nil, line: Int? = nil) {
        self.path = path
        self.operation = operation
        self.errno = errno
        self.reason = reason
        self.line = line
    }

    /// `cannot open: No such file or directory`: the description without the location.
    public var message: String { "cannot \(operation): \(reason ?? String(cString: strerror(errno)))" }

    /// `path:line:1: error: cannot open: No such file or directory`, with the id `trace.file`.
    public var diagnostic: Diagnostic {
        Diagnostic(.error, file: path, line: line, column: line.map { _ in 1 }, message, id: "trace.file")
    }

    public var diagnostics: [Diagnostic] { [diagnostic] }
}
