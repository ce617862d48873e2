/// A trace line that is not valid trace format v1, with where it went wrong.
///
/// `line` and `column` are 1-based; the column counts UTF-8 bytes, as
/// compilers do. ``rendered(file:)`` prints the compiler-style diagnostic:
///
/// ```
/// traces/a.ndjson:14:9: error: expected integer for "seq"
/// ```
public struct TraceFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem this is, for code that reacts to some of them.
    public enum Code: String, Sendable, Hashable {
        /// The line is not well-formed JSON.
        case syntax
        /// A field has the wrong type or an invalid value.
        case invalidValue
        /// A required field is absent.
        case missingField
        /// The launch record's `lifeline` version is newer than this reader.
        case unsupportedVersion
        /// The bytes are not valid UTF-8.
        case encoding
    }

    public var code: Code
    public var message: String
    public var line: Int
    public var column: Int

    public init(_ code: Code, _ message: String, line: Int, column: Int) {
        self.code = code
        self.message = message
        self.line = line
        self.column = column
    }

    /// The diagnostic in compiler form: `file:line:column: error: message`.
    public func rendered(file: String) -> String {
        "\(file):\(line):\(column): error: \(message)"
    }

    public var description: String { "\(line):\(column): error: \(message)" }
}
