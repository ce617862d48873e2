import LifelineSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The REPL's history file: one line of input a line, oldest first, whichever library edits lines.
///
/// The file is read, appended to and trimmed here, not by the line editor, whose history
/// functions differ: GNU readline writes plain lines; libedit writes a `_HiStOrY_V2_` first
/// line and escapes each entry (`SELECT\040*`), which GNU readline would load as history, so
/// a history file would not survive a switch between the two builds; libedit's
/// `history_truncate_file` keeps the file's last lines without that first line, after which
/// libedit refuses to load the file (CPython's gh-123018); and macOS's libedit has no
/// `append_history`. The editor holds the lines in memory only (`add_history`). The format is
/// GNU readline's, so a history written by an earlier `lifeline` still loads.
///
/// ```swift
/// let history = HistoryFile(path: "/home/me/.lifeline_history", limit: 1000)
/// for line in history.load() { add_history(line) }
/// history.append("SELECT 1;")
/// history.trim()  // when the session ends
/// ```
struct HistoryFile {
    /// Where the lines are kept.
    let path: String
    /// Lines kept: the last ones are loaded, and the file is cut to them by ``trim()``.
    let limit: Int

    /// The file's last ``limit`` lines, oldest first, without empty ones; creates the file (0600)
    /// if there is none, so the history of a session is never readable by others.
    func load() -> [String] {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
        guard let bytes = try? InputFile.contents(of: path) else { return [] }
        let lines = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        return Array(lines.suffix(limit))
    }

    /// Adds `line` at the end of the file, in one `write`, so sessions running at once never
    /// interleave their lines.
    func append(_ line: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Cuts the file to its last ``limit`` lines, as GNU readline's `history_truncate_file` does:
    /// into a new file beside it (0600) that then replaces it, so a crash leaves one or the
    /// other whole. A symbolic link is followed, and the file it names replaced.
    func trim() {
        guard let bytes = try? InputFile.contents(of: path) else { return }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // A file ending in a newline splits into its lines and an empty last piece.
        let count = lines.count - (bytes.last == UInt8(ascii: "\n") ? 1 : 0)
        guard count > limit else { return }
        var kept: [UInt8] = []
        for line in lines[(count - max(limit, 0))..<count] { kept += line + [UInt8(ascii: "\n")] }
        let target =
            realpath(path, nil).map { resolved in
                defer { free(resolved) }
                return String(cString: resolved)
            } ?? path
        var template = Array((target + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let written = kept.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let closed = close(descriptor)
        if written != kept.count || closed != 0 || rename(temporary, target) != 0 { unlink(temporary) }
    }
}
