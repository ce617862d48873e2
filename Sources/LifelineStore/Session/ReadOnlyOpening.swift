import Foundation

/// How the REPL's read-only connection (``SQLSession``) opens a database, so that reading
/// needs no write access and writes nothing (docs/repl.md, "Read-only").
///
/// A database in WAL mode (every database `lifeline import` wrote) is the
/// difficulty: even a read-only SQLite connection creates `NAME-wal` and
/// `NAME-shm` next to it to read it, and cannot remove them when it closes,
/// since only a connection that may write checkpoints. In a directory the user
/// may not write, the same open fails instead. So:
///
/// - a WAL-mode file with neither `-wal` nor `-shm` beside it holds everything
///   committed in the file itself, and no writer has it open: it opens
///   ``immutable`` (`immutable=1`), which reads the file alone and creates nothing;
/// - any other file opens ``readOnly`` (`SQLITE_OPEN_READONLY`): a rollback-journal
///   file, or a WAL file whose `-wal` and `-shm` exist already (a writer may be at
///   work: the connection then sees its commits as they come);
/// - when that open fails because the write-ahead log cannot be opened or created
///   (a read-only directory without one), the file opens immutable after all:
///   ``immutableFallback``, which does not see what is still in `-wal` and says
///   how many bytes that is. (A `-shm` that cannot be created is no obstacle:
///   SQLite then keeps the WAL index in memory.)
///
/// The price of immutable: changes another process makes to the file while the
/// session is open are not seen, and a checkpoint by that process can make a
/// query fail with "database disk image is malformed". Quitting and starting the
/// shell again reads them. The shell's own `.import` and `.check` close the
/// connection, write, and reopen, so they are seen.
package enum ReadOnlyOpening: Equatable, Sendable {
    /// `SQLITE_OPEN_READONLY`.
    case readOnly
    /// `immutable=1`: a WAL-mode file with no `-wal` or `-shm` beside it.
    case immutable
    /// `immutable=1` because the read-only open failed; `unseenWALBytes` is the size of the `-wal`
    /// file, whose committed transactions the connection does not see (0 when there is none).
    case immutableFallback(unseenWALBytes: Int)

    /// How to open `path` first, from the file's header and what lies beside it.
    static func plan(path: String) -> ReadOnlyOpening {
        guard isWALFile(path) else { return .readOnly }
        let manager = FileManager.default
        let companions = manager.fileExists(atPath: path + "-wal") || manager.fileExists(atPath: path + "-shm")
        return companions ? .readOnly : .immutable
    }

    /// Whether the file at `path` is in WAL mode: bytes 18 and 19 of a SQLite header are 2.
    static func isWALFile(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = [UInt8](handle.readData(ofLength: 20))
        return header.count == 20 && header.starts(with: Array("SQLite format 3\u{0}".utf8)) && header[18] == 2
            && header[19] == 2
    }

    /// The size of `path`'s `-wal` file, 0 when there is none (or something else has its name).
    static func walBytes(_ path: String) -> Int {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path + "-wal"),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return 0 }
        return attributes[.size] as? Int ?? 0
    }

    /// The URI that opens `path` immutable and read-only, the path percent-encoded as SQLite's URIs require.
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let encoded = absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute
        return "file:" + encoded + "?mode=ro&immutable=1"
    }

    /// What the shell says when the session does not see committed changes: nil when it sees everything.
    package var notice: String? {
        guard case .immutableFallback(let bytes) = self, bytes > 0 else { return nil }
        return "cannot open the write-ahead log (is the directory read-only?): reading the database file alone; "
            + "the \(bytes) bytes of changes in its -wal file are not seen"
    }
}
