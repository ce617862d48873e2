import Foundation
import LifelineStore
import LifelineTerminal

// MARK: - Running a saved query for the demo

extension SavedQuery {
    /// Runs the query and returns its rows as text: integers as written, reals as SQLite prints them.
    package func run(in store: TraceStore) throws(StoreError) -> TextTable {
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
                case .real(let number): return RealText.rounded(number)
                case .text(let text): return text
                case .blob(let bytes): return "<\(bytes.count) bytes>"
                }
            }
        }
        return TextTable(columns: result.columns, rows: rows)
    }
}
