/// One value of a result row, as SQLite stored it (its storage class).
///
/// What ``SQLSession/execute(_:columns:row:)`` and ``TraceStore/query(_:)`` yield,
/// so modules above the store render results without seeing GRDB.
package enum SQLValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}
