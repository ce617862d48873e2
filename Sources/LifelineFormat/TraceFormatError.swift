/// A trace line that is not valid trace format v1, with where it went wrong.
///
/// `line` and `column` are 1-based; the column counts UTF-8 bytes, as
/// compilers do. Its ``diagnostic``, named with its file, prints compiler-style:
///
/// ```
/// traces/a.ndjson:14:9: error: expected integer for "seq"
/// ```
public struct TraceFormatError: DiagnosticError, Hashable, Sendable {
    /// What kind of problem this is, for code that reacts to some of them.
    ///
    /// An open set: a later version may add codes, so a `switch` over them needs a `default`
    /// (GRDB's `ResultCode` and NIO's error codes are the same kind of struct).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        /// The line is not well-formed JSON.
        public static let syntax = Code(rawValue: "syntax")

        /// A field has the wrong type or an invalid value.
        public static let invalidValue = Code(rawValue: "invalidValue")

        /// A required field is absent.
        public static let missingField = Code(rawValue: "missingField")

        /// The launch record's `lifeline` version is newer than this reader.
        public static let unsupportedVersion = Code(rawValue: "unsupportedVersion")

        /// The bytes are not valid UTF-8.
        public static let encoding = Code(rawValue: "encoding")
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

    /// The error as a diagnostic without a file (its reader's caller names it with
    /// ``Diagnostic/in(file:)``); its id is `trace.` and the code (`trace.syntax`).
    public var diagnostic: Diagnostic {
        Diagnostic(.error, line: line, column: column, message, id: Diagnostic.ID(rawValue: "trace.\(code.rawValue)"))
    }

    public var diagnostics: [Diagnostic] { [diagnostic] }
}
