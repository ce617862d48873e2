/// A located finding about a trace file, printed compiler-style.
///
/// ```
/// traces/a.ndjson:14:9: error: expected integer for "seq"
/// traces/a.ndjson:88:1: warning: last line is not terminated (the producer stopped mid-write)
/// ```
public struct TraceDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Comparable {
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    public var severity: Severity
    public var line: Int
    public var column: Int
    public var message: String

    public init(_ severity: Severity, line: Int, column: Int, _ message: String) {
        self.severity = severity
        self.line = line
        self.column = column
        self.message = message
    }

    public init(_ error: TraceFormatError) {
        self.init(.error, line: error.line, column: error.column, error.message)
    }

    /// `file:line:column: severity: message`.
    public func rendered(file: String) -> String {
        "\(file):\(line):\(column): \(severity.rawValue): \(message)"
    }

    public var description: String { "\(line):\(column): \(severity.rawValue): \(message)" }
}
