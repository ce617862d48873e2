/// A diagnostic about one input file (a trace, a database, a rules file), located as precisely as
/// is known, with a severity that code decides on instead of reading it back out of the text.
///
/// ```
/// traces/a.ndjson:14:9: error: expected integer for "seq"
/// traces/empty/: error: no traces (*.ndjson, *.jsonl) in this directory
/// ```
public struct FileDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public typealias Severity = TraceDiagnostic.Severity

    public var severity: Severity
    /// The file as the user named it (or `<stdin>`).
    public var file: String
    /// 1-based; nil when the problem is the file as a whole.
    public var line: Int?
    /// 1-based, in UTF-8 bytes; nil when only the line is known.
    public var column: Int?
    public var message: String

    public init(_ severity: Severity, file: String, line: Int? = nil, column: Int? = nil, _ message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// A trace diagnostic of `file`.
    public init(file: String, _ diagnostic: TraceDiagnostic) {
        self.init(diagnostic.severity, file: file, line: diagnostic.line, column: diagnostic.column, diagnostic.message)
    }

    /// A line of `file` that is not valid trace format v1.
    public init(file: String, _ error: TraceFormatError) {
        self.init(.error, file: file, line: error.line, column: error.column, error.message)
    }

    /// A file that could not be opened or read.
    public init(_ error: TraceFileError) {
        self.init(.error, file: error.path, line: error.line, column: error.line.map { _ in 1 }, error.message)
    }

    /// The same diagnostic with another severity (an error the user chose to let through becomes a warning).
    public func with(severity: Severity) -> FileDiagnostic {
        var copy = self
        copy.severity = severity
        return copy
    }

    /// `file:line:column: severity: message`, leaving out what is not known.
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(severity.rawValue): \(message)"
    }
}
