import LifelineFormat

/// A database that could not be opened, migrated, read or written.
///
/// ``code`` says what kind of failure it is, for code that reacts to some of
/// them (the REPL tells an interrupted command from a failed one by it, never
/// by its text); ``description`` is the compiler-style line:
///
/// ```
/// lifeline.db: error: not a Lifeline database (it has table 'notes'); ...
/// ```
public struct StoreError: DiagnosticError, Hashable, Sendable {
    /// What kind of failure this is.
    ///
    /// An open set: a later version may add codes, so a `switch` over them needs a `default`
    /// (GRDB's `ResultCode` and NIO's error codes are the same kind of struct).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        /// The file could not be opened, or SQLite or the disk refused a statement.
        public static let database = Code(rawValue: "database")

        /// The file holds another program's tables; Lifeline does not write to it.
        public static let notLifelineDatabase = Code(rawValue: "notLifelineDatabase")

        /// The file does not exist (the REPL opens only existing databases).
        public static let noSuchDatabase = Code(rawValue: "noSuchDatabase")

        /// Ctrl-C (`sqlite3_interrupt`) stopped the statement; its transaction rolled back.
        public static let interrupted = Code(rawValue: "interrupted")

        /// A statement ran past the time limit its caller gave (``StatementDeadline``); it rolled back.
        public static let timeLimit = Code(rawValue: "timeLimit")

        /// A command that must close the connection found a transaction the user left open.
        public static let transactionOpen = Code(rawValue: "transactionOpen")

        /// A saved query file that is not a query (no `-- description` first line, unreadable).
        public static let invalidQuery = Code(rawValue: "invalidQuery")
    }

    public var code: Code
    public var path: String
    public var message: String

    public init(_ code: Code = .database, path: String, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// `path: error: message`, with the id `store.` and the code (`store.notLifelineDatabase`).
    public var diagnostics: [Diagnostic] {
        [Diagnostic(.error, file: path, message, id: Diagnostic.ID(rawValue: "store.\(code.rawValue)"))]
    }
}
