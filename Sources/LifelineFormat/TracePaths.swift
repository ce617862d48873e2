import Foundation
import LifelineSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the trace files that command-line paths name: what `lifeline import`, `lifeline check`,
/// the REPL's `.import` and its launcher share.
///
/// It lives with the format, not the store, so checking plain files needs no database.
///
/// ```swift
/// let (files, errors) = TracePaths.expand(["traces/", "extra.ndjson"])
/// ```
public enum TracePaths {
    /// Expands command-line paths: files as given, directories recursively
    /// (`*.ndjson`, `*.jsonl`, sorted), `-` for standard input.
    /// Returns the files and an error for each path that does not exist and each directory
    /// that holds no trace (a typo in a CI script must not pass as "nothing to check").
    public static func expand(_ paths: [String]) -> (files: [String], errors: [Diagnostic]) {
        var files: [String] = []
        var errors: [Diagnostic] = []
        let manager = FileManager.default
        for path in paths {
            if path == "-" {
                files.append(path)
                continue
            }
            let kind: InputFile
            do {
                kind = try InputFile(examining: path)
            } catch {
                errors.append(Diagnostic(.error, file: path, error.description))
                continue
            }
            guard kind == .directory else {
                // `/dev/zero` never ends and a FIFO blocks its reader: standard input is '-'.
                if let refusal = kind.refusal {
                    errors.append(Diagnostic(.error, file: path, "\(refusal) (give '-' to read standard input)"))
                } else {
                    files.append(path)
                }
                continue
            }
            let enumerator = manager.enumerator(atPath: path)
            var found: [String] = []
            var refused = 0
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix(".ndjson") || relative.hasSuffix(".jsonl") {
                    let file = path.hasSuffix("/") ? path + relative : path + "/" + relative
                    // A directory from elsewhere may hold a FIFO or a link to /dev/zero named like a trace.
                    switch InputFile(path: file) {
                    case .pipe?, .device?, .socket?, .other?:
                        errors.append(Diagnostic(.error, file: file, InputFile(path: file)?.refusal ?? "it is not a regular file"))
                        refused += 1
                    case .regular?, .directory?, nil:
                        found.append(file)
                    }
                }
            }
            // A directory whose only trace-named entries were refused already has an error for each.
            if found.isEmpty && refused == 0 {
                errors.append(Diagnostic(.error, file: path, "no traces (*.ndjson, *.jsonl) in this directory"))
            }
            files += found.sorted()
        }
        return (files, errors)
    }

    /// A file left out of ``expandDistinct(_:)`` because an earlier file has the same bytes.
    public struct Copy: Sendable, Hashable {
        /// The file left out, as given or found.
        public var file: String
        /// The earlier file with the same content, which is kept.
        public var original: String

        public init(file: String, original: String) {
            self.file = file
            self.original = original
        }

        /// `b.ndjson: same content as a.ndjson, skipped`: the words `lifeline import` uses for the same case.
        public var description: String { "\(file): same content as \(original), skipped" }
    }

    /// ``expand(_:)``, with each trace reached twice kept only the first time: the same file named twice
    /// (by a directory and by its name, or through a symbolic link) silently, and a file whose bytes
    /// equal an earlier file's listed in `copies`.
    ///
    /// A trace is its content: its launch records carry their launches' identifiers, so a copy holds the
    /// same launches, and checking it too reports each launch and each finding twice. The store already
    /// keeps one trace per content (`lifeline import` says "same content as …, skipped"); `check`,
    /// `report` and `export` expand through here so that a directory holding a copy (the demo's traces
    /// once lived in `traces/demo/`, byte for byte copies of `traces/`) counts what the REPL counts.
    ///
    /// Only files of equal size are compared, and the comparison stops at the first differing block, so a
    /// directory of distinct traces costs one `stat` per file. Standard input (`-`) is never compared, nor
    /// is a file `isStore` says is a database (the caller knows them): each database is a store of its own,
    /// whose `violation` table a check replaces.
    public static func expandDistinct(
        _ paths: [String], isStore: (String) -> Bool = { _ in false }
    ) -> (files: [String], errors: [Diagnostic], copies: [Copy]) {
        let (expanded, errors) = expand(paths)
        var files: [String] = []
        var copies: [Copy] = []
        var seen: Set<FileIdentity> = []
        var bySize: [Int64: [String]] = [:]
        for file in expanded {
            var info = stat()
            guard file != "-", stat(file, &info) == 0 else {
                files.append(file)
                continue
            }
            guard seen.insert(FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else { continue }
            let size = Int64(info.st_size)
            if let candidates = bySize[size], !isStore(file), let original = candidates.first(where: { sameBytes(file, $0) }) {
                copies.append(Copy(file: file, original: original))
                continue
            }
            bySize[size, default: []].append(file)
            files.append(file)
        }
        return (files, errors, copies)
    }

    /// A file as the system knows it, whatever path names it.
    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Whether two files of the same size hold the same bytes, read a block at a time until they differ.
    /// A file that cannot be read is different from every other: its error is reported when it is read.
    private static func sameBytes(_ left: String, _ right: String) -> Bool {
        guard let a = fopen(left, "rb") else { return false }
        defer { fclose(a) }
        guard let b = fopen(right, "rb") else { return false }
        defer { fclose(b) }
        let size = 65_536
        var x = [UInt8](repeating: 0, count: size)
        var y = [UInt8](repeating: 0, count: size)
        while true {
            let m = fread(&x, 1, size, a)
            let n = fread(&y, 1, size, b)
            guard m == n, x[0..<m] == y[0..<n] else { return false }
            if m < size { return ferror(a) == 0 && ferror(b) == 0 }
        }
    }
}
