/// A user statement SQLite would not compile or run, with where in it SQLite stopped.
///
/// What ``SQLSession/execute(_:columns:row:)`` throws for the statement's own
/// fault (a syntax error, a refusal by ``UntrustedSQLAuthorizer``, a value too
/// big); a failure of the database itself (an interrupt, a busy file) is a
/// ``StoreError``.
package struct SQLStatementError: Error, Equatable, Sendable {
    package var message: String
    /// Byte offset in the statement (`sqlite3_error_offset`), nil when SQLite gave none.
    package var offset: Int?

    package init(message: String, offset: Int?) {
        self.message = message
        self.offset = offset
    }
}
