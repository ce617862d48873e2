/// A user's regular expression for console lines `--pattern` names, with named groups for the
/// parts of a line: `event` (required), and any of `time`, `session`, `scene`, `pid`, `thread`.
///
/// ```
/// --pattern '^(?<time>\S+ \S+) \[(?<thread>[^\]]+)\] LIFECYCLE (?<event>\S+)(?: session=(?<session>\S+))?'
/// ```
///
/// The `event` group's text is read like a built-in line's callback name (Swift or Objective-C
/// selector, case name) or app event; a line the pattern does not match is skipped and counted.
public struct ConsoleTextPattern: Sendable, Hashable {
    /// The groups a pattern may name.
    public static let groups = ["time", "event", "session", "scene", "pid", "thread"]

    public let source: String

    /// Compiles `source` once to check it: it must be a valid regular expression with an `event` group.
    public init(_ source: String) throws(ConsoleTextPatternError) {
        self.source = source
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else {
            throw ConsoleTextPatternError(.unsupported, "--pattern needs macOS 13 or later")
        }
        let regex: Regex<AnyRegexOutput>
        do {
            regex = try Regex(source)
        } catch {
            throw ConsoleTextPatternError(.invalid, "invalid --pattern: \(error)")
        }
        guard regex.contains(captureNamed: "event") else {
            throw ConsoleTextPatternError(
                .noEventGroup, "--pattern has no (?<event>...) group; the groups it may name: \(Self.groups.joined(separator: ", "))")
        }
    }
}

/// Why a `--pattern` cannot be used.
public struct ConsoleTextPatternError: DiagnosticError, Hashable, Sendable {
    /// What is wrong with the pattern.
    ///
    /// An open set: a later version may add codes, so a `switch` over them needs a `default`
    /// (GRDB's `ResultCode` and NIO's error codes are the same kind of struct).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        /// Not a valid regular expression.
        public static let invalid = Code(rawValue: "invalid")

        /// No `(?<event>...)` group.
        public static let noEventGroup = Code(rawValue: "noEventGroup")

        /// The platform has no `Regex` (before macOS 13 / iOS 16).
        public static let unsupported = Code(rawValue: "unsupported")
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `error: message`, with the id `pattern.` and the code; the caller names the option.
    public var diagnostics: [Diagnostic] { [Diagnostic(.error, message, id: Diagnostic.ID(rawValue: "pattern.\(code.rawValue)"))] }
}
