import Foundation
import LifelineStore

// MARK: - Running a saved query for the demo

extension SavedQuery {
    /// Runs the query and returns its rows as text: integers as written, reals as SQLite prints them.
    public func run(in store: TraceStore) throws(StoreError) -> TextTable {
        let result: QueryResult
        do {
            result = try store.query(sql)
        } catch {
            throw StoreError(error.code, path: store.path, message: "queries/\(name).sql: \(error.message)")
        }
        let rows = result.rows.map { row in
            row.map { value -> String? in
                switch value {
                case .null: return nil
                case .integer(let number): return String(number)
                case .real(let number): return Self.format(number)
                case .text(let text): return text
                case .blob(let bytes): return "<\(bytes.count) bytes>"
                }
            }
        }
        return TextTable(columns: result.columns, rows: rows)
    }

    /// `151.6`, `2700131.3`, `0.0`: what `sqlite3` prints for a rounded real, without exponents.
    static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(format: "%.1f", number) }
        var text = String(format: "%.6f", number)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
