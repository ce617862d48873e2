import Foundation
import LifelineFormat
import LifelineReports
import LifelineRules
import LifelineStore

// MARK: - Planning the inputs

extension CheckRun {
    /// Whether the file starts with the SQLite header.
    static func isDatabase(_ path: String) -> Bool { TraceStore.isDatabase(atPath: path) }

    /// Files in the given order, except that a rotated part follows the file it continues, and
    /// each file once.
    ///
    /// A file named twice (by two paths, or by its directory and by its name) is taken at its first
    /// place only: checking it twice would report each of its findings twice, and a database's two
    /// checkers, on two threads with `--jobs`, would both replace its `violation` table. Standard
    /// input (`-`) is left as given: a second `-` is an error of its own.
    static func ordered(_ files: [String]) -> [String] {
        var seen: Set<String> = []
        let files = files.filter { $0 == "-" || seen.insert(identity(of: $0)).inserted }
        let positions = Dictionary(files.enumerated().map { (rotation(of: $1).stem, $0) }, uniquingKeysWith: min)
        return files.enumerated().sorted { lhs, rhs in
            let (l, r) = (rotation(of: lhs.element), rotation(of: rhs.element))
            let (lp, rp) = (positions[l.stem] ?? lhs.offset, positions[r.stem] ?? rhs.offset)
            return (lp, l.part, lhs.offset) < (rp, r.part, rhs.offset)
        }.map(\.element)
    }

    /// What makes two paths the same file: its device and inode when it can be examined, else its
    /// path with symbolic links, `.` and `..` resolved.
    static func identity(of path: String) -> String {
        var info = stat()
        if stat(path, &info) == 0 { return "\(info.st_dev):\(info.st_ino)" }
        return URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// A trace file's path without its part number and extension, and its part (`app.2.ndjson`:
    /// `app`, 2; `app.ndjson`: `app`, 1).
    static func rotation(of path: String) -> (stem: String, part: Int) {
        let url = URL(fileURLWithPath: path)
        let stem = url.deletingPathExtension()
        if let part = Int(stem.pathExtension), part > 1 {
            return (stem.deletingPathExtension().path, part)
        }
        return (stem.path, 1)
    }
}
