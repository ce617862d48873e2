import Foundation
import LifelineStore

/// A saved SQL query from `queries/`: a `-- description` first line, then SQL.
///
/// ```swift
/// let query = try SavedQuery(contentsOf: "queries/time-to-active.sql")
/// print(try query.run(in: store).rendered)
/// ```
public struct SavedQuery: Hashable, Sendable {
    /// The file's name without `.sql`, `time-to-active`.
    public var name: String
    /// The first line without its `-- `.
    public var description: String
    /// The whole text, description included.
    public var sql: String

    /// A query from its text; the first line must be a `-- description` comment.
    public init(name: String, sql: String) throws(StoreError) {
        let first = sql.prefix { $0 != "\n" }
        guard first.hasPrefix("-- "), first.count > 3 else {
            throw StoreError(.invalidQuery, path: "queries/\(name).sql", message: "the first line must be a '-- description' comment")
        }
        self.name = name
        self.description = String(first.dropFirst(3))
        self.sql = sql
    }

    /// Reads `path` (`queries/launch-time.sql`).
    public init(contentsOf path: String) throws(StoreError) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw StoreError(.invalidQuery, path: path, message: "cannot read the query: \(error.localizedDescription)")
        }
        try self.init(name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, sql: text)
    }

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
