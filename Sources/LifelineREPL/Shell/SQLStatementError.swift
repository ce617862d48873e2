/// A statement SQLite would not compile, with where in it SQLite stopped.
struct SQLStatementError: Error {
    var message: String
    /// Byte offset in the statement (`sqlite3_error_offset`), nil when SQLite gave none.
    var offset: Int?
}
