/// What Lifeline has to say about an input, said one way everywhere: a trace line that does not
/// parse, a rules file with a typo, a log line skipped, a database that cannot be opened.
///
/// A value, not text: code decides on ``severity`` and ``id`` instead of reading them back out
/// of a message, and a report renders the parts it needs (the JSON and SARIF reports keep the id
/// and location apart; a terminal colours the severity label, `LifelineTerminal` does that).
/// ``description`` is the plain compiler form, leaving out what is not known, with the source
/// excerpt and the notes under it:
///
/// ```
/// traces/a.ndjson:14:9: error: expected integer for "seq"
/// rules/app.rules:3:46: error: expected 'precedes', 'leads to', 'within' or 'lasts'
///   3 | rule launch per launch: didFinishLaunching preceeds willConnectTo
///     |                                              ^
/// rules/b.rules:2:6: error: duplicate rule id 'launch'
/// rules/a.rules:1:6: note: first defined here
/// ```
///
/// A reader that does not know the file (a trace validator handed bytes) leaves ``file`` out, and
/// its caller names the file with ``in(file:)``.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How bad it is: an error means the input (or part of it) was not used; a warning means it
    /// was, and something about it deserves a look.
    public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    /// A stable name for the kind of problem, for code, suppressions and reports (SARIF's
    /// `descriptor.id`): `trace.syntax`, `rules.syntax`, `trace.file`.
    ///
    /// Named `area.kind`, the kind in lower camel case as the error codes it often comes from
    /// (`trace.invalidValue`, `store.notLifelineDatabase`, `rules.duplicateID`). An open set: a later
    /// version may add ids, so match the ones you handle and let the rest through.
    public struct ID: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }

        public var description: String { rawValue }
    }

    /// More about a diagnostic, often at another place: where a duplicate was first defined.
    public struct Note: Hashable, Sendable, CustomStringConvertible {
        public var file: String?
        public var line: Int?
        public var column: Int?
        public var message: String

        public init(file: String? = nil, line: Int? = nil, column: Int? = nil, _ message: String) {
            self.file = file
            self.line = line
            self.column = column
            self.message = message
        }

        /// `file:line:column`, leaving out what is not known.
        public var location: String { Diagnostic.location(file: file, line: line, column: column) }

        /// `file:line:column: note: message` (the location left out when there is none).
        public var description: String { (location.isEmpty ? "" : location + ": ") + "note: " + message }
    }

    public var severity: Severity
    /// The kind of problem, when it has a stable name.
    public var id: ID?
    /// The file as the user named it (or `<stdin>`); nil when the caller has not said yet.
    public var file: String?
    /// 1-based; nil when the problem is the file as a whole.
    public var line: Int?
    /// 1-based, in UTF-8 bytes; nil when only the line is known.
    public var column: Int?
    /// Lowercase, tokens in quotes, no severity word and no location (both are rendered from the fields).
    public var message: String
    public var notes: [Note]
    /// The line the diagnostic points into and a caret, when the source is at hand.
    package var excerpt: SourceExcerpt?

    public init(
        _ severity: Severity, file: String? = nil, line: Int? = nil, column: Int? = nil, _ message: String,
        id: ID? = nil, notes: [Note] = []
    ) {
        self.severity = severity
        self.id = id
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.notes = notes
    }

    package init(
        _ severity: Severity, file: String? = nil, line: Int? = nil, column: Int? = nil, _ message: String,
        id: ID? = nil, notes: [Note] = [], excerpt: SourceExcerpt?
    ) {
        self.init(severity, file: file, line: line, column: column, message, id: id, notes: notes)
        self.excerpt = excerpt
    }

    /// The same diagnostic, of `file` (a reader's diagnostic once its caller knows the file's name).
    public func `in`(file: String) -> Diagnostic {
        var copy = self
        copy.file = file
        return copy
    }

    /// The same diagnostic with another severity (an error the user chose to let through becomes a warning).
    public func with(severity: Severity) -> Diagnostic {
        var copy = self
        copy.severity = severity
        return copy
    }

    /// `file:line:column`, leaving out what is not known (`line:column` without a file; empty with nothing).
    public var location: String { Self.location(file: file, line: line, column: column) }

    /// `location: severity: message`: the first line of ``description``.
    public var header: String { header(label: severity.rawValue + ":") }

    /// The compiler form: ``header``, then the excerpt and the notes, each on lines of their own; no final newline.
    public var description: String { described(label: severity.rawValue + ":") }

    /// `location: label message`, the label standing for `severity:` (a terminal colours it).
    package func header(label: String) -> String {
        (location.isEmpty ? "" : location + ": ") + label + " " + message
    }

    /// ``description`` with `label` for `severity:`.
    package func described(label: String) -> String {
        var text = header(label: label)
        if let excerpt { text += "\n" + excerpt.rendered }
        for note in notes { text += "\n" + note.description }
        return text
    }

    static func location(file: String?, line: Int?, column: Int?) -> String {
        var parts: [String] = file.map { [$0] } ?? []
        if let line {
            parts.append(String(line))
            if let column { parts.append(String(column)) }
        }
        return parts.joined(separator: ":")
    }
}

/// An error that says what went wrong as diagnostics: every error a reader, the store, the rule
/// loader or a report can throw at a person conforms, so a caller prints (or reports in JSON,
/// SARIF, JUnit) any of them the same way, without a conversion per type.
public protocol DiagnosticError: Error, CustomStringConvertible {
    /// What went wrong, located; at least one.
    var diagnostics: [Diagnostic] { get }
}

extension DiagnosticError {
    /// The diagnostics in compiler form, one after the other.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
