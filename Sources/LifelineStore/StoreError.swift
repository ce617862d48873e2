/// A database that could not be opened, migrated, read or written.
///
/// ``code`` says what kind of failure it is, for code that reacts to some of
/// them (the REPL tells an interrupted command from a failed one by it, never
/// by its text); ``description`` is the compiler-style line:
///
/// ```
/// lifeline.db: error: not a Lifeline database (it has table 'notes'); ...
/// ```
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: String, Sendable, Hashable {
        /// The file could not be opened, or SQLite or the disk refused a statement.
        case database
        /// The file holds another program's tables; Lifeline does not write to it.
        case notLifelineDatabase
        /// The file does not exist (the REPL opens only existing databases).
        case noSuchDatabase
        /// Ctrl-C (`sqlite3_interrupt`) stopped the statement; its transaction rolled back.
        case interrupted
        /// A statement ran past the time limit its caller gave (``StatementDeadline``); it rolled back.
        case timeLimit
        /// A command that must close the connection found a transaction the user left open.
        case transactionOpen
        /// A saved query file that is not a query (no `-- description` first line, unreadable).
        case invalidQuery
    }

    public var code: Code
    public var path: String
    public var message: String

    public init(_ code: Code = .database, path: String, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): error: \(message)" }
}
