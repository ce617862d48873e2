import Foundation
import GRDB
import LifelineFormat
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
            throw StoreError(path: "queries/\(name).sql", message: "the first line must be a '-- description' comment")
        }
        self.name = name
        self.description = String(first.dropFirst(3))
        self.sql = sql
    }

    /// Reads `path` (`queries/launch-time.sql`).
    public init(contentsOf path: String) throws(StoreError) {
        let bytes: [UInt8]
        do throws(InputFileError) {
            bytes = try InputFile.contents(of: path)
        } catch {
            throw StoreError(path: path, message: "cannot read the query: \(error.description)")
        }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw StoreError(path: path, message: "cannot read the query: it is not UTF-8 text")
        }
        try self.init(name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, sql: text)
    }

    /// Runs the query and returns its rows as text: integers as written, reals as SQLite prints them.
    public func run(in store: TraceStore) throws(StoreError) -> TextTable {
        do {
            return try store.database.read { db in
                let statement = try db.makeStatement(sql: sql)
                let columns = statement.columnNames
                let rows = try Row.fetchAll(statement).map { row in
                    Array(row.databaseValues).map { value -> String? in
                        switch value.storage {
                        case .null: return nil
                        case .int64(let number): return String(number)
                        case .double(let number): return Self.format(number)
                        case .string(let text): return text
                        case .blob(let data): return "<\(data.count) bytes>"
                        }
                    }
                }
                return TextTable(columns: columns, rows: rows)
            }
        } catch let error as DatabaseError {
            throw StoreError(path: store.path, message: "queries/\(name).sql: \(error.message ?? "\(error.resultCode)")")
        } catch {
            throw StoreError(path: store.path, message: "queries/\(name).sql: \(error)")
        }
    }

    /// `151.6`, `2700131.3`, `0.0`: what `sqlite3` prints for a rounded real, without exponents.
    static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(format: "%.1f", number) }
        var text = String(format: "%.6f", number)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
