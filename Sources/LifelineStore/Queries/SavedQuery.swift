import Foundation
import LifelineFormat
import LifelineSupport

/// A saved SQL query from `queries/`: a `-- description` first line, then SQL.
///
/// ```swift
/// let query = try SavedQuery(contentsOf: "queries/time-to-active.sql")
/// let result = try store.query(query.sql)
/// ```
///
/// The demo runs one (`SavedQuery.run(in:)`, LifelineDemo); the REPL lists a directory of them
/// (``list(in:)``) and runs one as a script of user SQL.
public struct SavedQuery: Hashable, Sendable {
    /// The file's name without `.sql`, `time-to-active`.
    public var name: String
    /// The first line without its `-- `.
    public var description: String
    /// The whole text, description included.
    public var sql: String

    /// A query from its text; the first line must be a `-- description` comment.
    public init(name: String, sql: String) throws(StoreError) {
        guard sql.hasPrefix("-- "), let description = Self.description(in: sql), !description.isEmpty else {
            throw StoreError(.invalidQuery, path: "queries/\(name).sql", message: "the first line must be a '-- description' comment")
        }
        self.name = name
        self.description = description
        self.sql = sql
    }

    /// Reads `path` (`queries/launch-time.sql`).
    public init(contentsOf path: String) throws(StoreError) {
        let bytes: [UInt8]
        do throws(InputFileError) {
            bytes = try InputFile.contents(of: path)
        } catch {
            throw StoreError(.invalidQuery, path: path, message: "cannot read the query: \(error.description)")
        }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw StoreError(.invalidQuery, path: path, message: "cannot read the query: it is not UTF-8 text")
        }
        try self.init(name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, sql: text)
    }

    /// The description of the query in `text`: its first line's text after `--`, trimmed, or nil
    /// when the first line is not a comment.
    ///
    /// The one reading of a saved query's first line, for ``init(name:sql:)`` and ``list(in:)``.
    package static func description(in text: some StringProtocol) -> String? {
        guard let first = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first,
            first.hasPrefix("--")
        else { return nil }
        return first.dropFirst(2).trimmingCharacters(in: .whitespaces)
    }

    // MARK: - Listing a directory

    /// A saved query the REPL can run, as `.queries` lists it: a file in a directory, or one of
    /// the queries shipped with Lifeline (``shippedSources``).
    package struct Listing: Equatable, Sendable {
        /// Where a saved query comes from.
        package enum Origin: Equatable, Sendable {
            /// Compiled into the binary from the repository's `queries/`: its text.
            case shipped(sql: String)
            /// A file; `overridesShipped` when a shipped query of the same name exists (the file wins).
            case file(path: String, overridesShipped: Bool)
        }

        /// The file's name without `.sql`.
        package var name: String
        package var origin: Origin
        /// What ``SavedQuery/description(in:)`` reads on the first line, nil without a comment there.
        package var description: String?

        /// The file's path; nil for a shipped query.
        package var path: String? {
            guard case .file(let path, _) = origin else { return nil }
            return path
        }
    }

    /// The saved queries (`NAME.sql`) in `directory`, by name; none when it cannot be read.
    package static func list(in directory: String) -> [Listing] {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return files.filter { $0.hasSuffix(".sql") }.sorted().map { file in
            let path = (directory.hasSuffix("/") ? directory : directory + "/") + file
            return Listing(
                name: String(file.dropLast(4)), origin: .file(path: path, overridesShipped: false),
                description: firstLineDescription(ofFileAt: path))
        }
    }

    /// The queries shipped with Lifeline, by name.
    package static var shipped: [Listing] {
        shippedSources.map { Listing(name: $0.name, origin: .shipped(sql: $0.text), description: description(in: $0.text)) }
    }

    /// Every saved query the REPL offers, by name: the shipped ones, and the files in `projectDirectory`
    /// (the user's `queries/`) on top. A file named like a shipped query replaces it: the project's
    /// own version is the one it means.
    package static func catalog(projectDirectory: String) -> [Listing] {
        var byName = Dictionary(shipped.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for var file in list(in: projectDirectory) {
            if byName[file.name] != nil, let path = file.path { file.origin = .file(path: path, overridesShipped: true) }
            byName[file.name] = file
        }
        return byName.values.sorted { $0.name < $1.name }
    }

    /// The description of the file at `path`, reading no more than its first 4 KB.
    private static func firstLineDescription(ofFileAt path: String) -> String? {
        // A FIFO named `x.sql` would block the open, and with it `.queries` and tab completion.
        guard InputFile(path: path) == .regular, let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return description(in: String(decoding: handle.readData(ofLength: 4096), as: UTF8.self))
    }
}
