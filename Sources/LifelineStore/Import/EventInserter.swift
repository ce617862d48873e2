import GRDB
import GRDBSQLite
import LifelineFormat

/// Inserts scanned event lines into `event_raw` with one prepared statement,
/// binding straight from the line's bytes (no `String`s, no intermediate values).
///
/// GRDB's `execute(arguments:)` is the convenient path; this one binds through
/// the C API on GRDB's own statement, which runs about twice as fast on
/// millions of rows (docs/performance.md). Names, sessions, scenes and threads
/// become `string` ids through a ``StringInterner``.
struct EventInserter {
    private let statement: Statement
    private let interner: StringInterner

    init(_ db: Database) throws {
        statement = try db.makeStatement(sql: """
            INSERT INTO event_raw (launch_id, seq, t, name_id, phase, session_id, scene_id, thread_id, attrs, file_id, line)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        interner = try StringInterner(db)
    }

    /// `event_raw.phase`: 0 instant, 1 begin, 2 end (docs/schema.md).
    static func code(of phase: Phase) -> Int64 {
        switch phase {
        case .instant: return 0
        case .begin: return 1
        case .end: return 2
        }
    }

    /// Inserts one event; `line` and `scratch` must outlive the call (they are bound without copying).
    func insert(
        _ scanned: ScannedLine, line: UnsafeRawBufferPointer, scratch: UnsafeRawBufferPointer, launchID: Int64,
        fileID: Int64, lineNumber: Int, db: Database
    ) throws {
        let handle = statement.sqliteStatement
        sqlite3_bind_int64(handle, 1, launchID)
        sqlite3_bind_int64(handle, 2, scanned.seq)
        sqlite3_bind_int64(handle, 3, scanned.t)
        if let callback = scanned.callback {
            sqlite3_bind_int64(handle, 4, try interner.id(of: callback))
        } else {
            sqlite3_bind_int64(handle, 4, try interner.id(of: bytes(scanned.event, line, scratch)))
        }
        sqlite3_bind_int64(handle, 5, Self.code(of: scanned.phase))
        try bind(scanned.session, 6, handle, line, scratch)
        try bind(scanned.scene, 7, handle, line, scratch)
        try bind(scanned.thread, 8, handle, line, scratch)
        if let attrs = scanned.attrs {
            sqlite3_bind_text(handle, 9, (line.baseAddress! + attrs.lowerBound).assumingMemoryBound(to: CChar.self),
                              Int32(attrs.count), nil)
        } else {
            sqlite3_bind_null(handle, 9)
        }
        sqlite3_bind_int64(handle, 10, fileID)
        sqlite3_bind_int64(handle, 11, Int64(lineNumber))
        let status = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard status == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: status), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }

    @inline(__always)
    private func bytes(
        _ string: ScannedString, _ line: UnsafeRawBufferPointer, _ scratch: UnsafeRawBufferPointer
    ) -> UnsafeRawBufferPointer {
        let base = string.isDecoded ? scratch.baseAddress : line.baseAddress
        return UnsafeRawBufferPointer(start: base.map { $0 + string.start }, count: string.count)
    }

    @inline(__always)
    private func bind(
        _ string: ScannedString?, _ index: Int32, _ handle: OpaquePointer?, _ line: UnsafeRawBufferPointer,
        _ scratch: UnsafeRawBufferPointer
    ) throws {
        guard let string else {
            sqlite3_bind_null(handle, index)
            return
        }
        sqlite3_bind_int64(handle, index, try interner.id(of: bytes(string, line, scratch)))
    }
}

/// The canonical callback names as C bytes that live for the whole process, so
/// the interner can look them up and bind them without building `String`s.
final class CanonicalNames: @unchecked Sendable {
    static let shared = CanonicalNames()

    private let callbacks: [UnsafeBufferPointer<CChar>]
    /// A non-null pointer for empty text: bound with a null pointer, SQLite would store NULL.
    let empty: UnsafePointer<CChar>

    private init() {
        func persistent(_ text: String) -> UnsafeBufferPointer<CChar> {
            let bytes = Array(text.utf8CString)
            let memory = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
            memory.initialize(from: bytes, count: bytes.count)
            return UnsafeBufferPointer(start: memory, count: bytes.count - 1)
        }
        callbacks = Callback.allCases.map { persistent($0.name) }
        empty = persistent("").baseAddress!
    }

    func bytes(of callback: Callback) -> UnsafeBufferPointer<CChar> { callbacks[Int(callback.rawValue)] }
}
