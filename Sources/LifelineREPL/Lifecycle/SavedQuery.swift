import Foundation
import LifelineFormat

/// A query kept in `queries/NAME.sql`, described by its first line (`-- description`).
struct SavedQuery: Equatable {
    var name: String
    var path: String
    /// The first line's text after `--`, or nil when the file does not start with a comment.
    var description: String?

    /// The saved queries in `directory`, by name.
    static func list(in directory: String) -> [SavedQuery] {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return files.filter { $0.hasSuffix(".sql") }.sorted().map { file in
            let path = (directory.hasSuffix("/") ? directory : directory + "/") + file
            return SavedQuery(name: String(file.dropLast(4)), path: path, description: description(of: path))
        }
    }

    static func description(of path: String) -> String? {
        // A FIFO named `x.sql` would block the open, and with it `.queries` and tab completion.
        guard InputFile(path: path) == .regular, let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = String(decoding: handle.readData(ofLength: 4096), as: UTF8.self)
        guard let first = head.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first,
              first.hasPrefix("--") else { return nil }
        return first.dropFirst(2).trimmingCharacters(in: .whitespaces)
    }
}
