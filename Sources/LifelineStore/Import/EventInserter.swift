import GRDB
import GRDBSQLite
import LifelineFormat

/// Inserts scanned event lines with one prepared statement, binding straight
/// from the line's bytes (no `String`s, no intermediate values).
///
/// GRDB's `execute(arguments:)` is the convenient path; this one binds through
/// the C API on GRDB's own statement, which runs about twice as fast on
/// millions of rows (docs/performance.md).
struct EventInserter {
    private let statement: Statement

    init(_ db: Database) throws {
        statement = try db.makeStatement(sql: """
            INSERT INTO event (launch_id, seq, t, event, phase, session, scene, thread, attrs, file_id, line)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
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
            let name = CanonicalNames.shared.bytes(of: callback)
            sqlite3_bind_text(handle, 4, name.baseAddress, Int32(name.count), nil)
        } else {
            bind(scanned.event, 4, handle, line, scratch)
        }
        let phase = CanonicalNames.shared.bytes(of: scanned.phase)
        sqlite3_bind_text(handle, 5, phase.baseAddress, Int32(phase.count), nil)
        bind(scanned.session, 6, handle, line, scratch)
        bind(scanned.scene, 7, handle, line, scratch)
        bind(scanned.thread, 8, handle, line, scratch)
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
    private func bind(
        _ string: ScannedString?, _ index: Int32, _ handle: OpaquePointer?, _ line: UnsafeRawBufferPointer,
        _ scratch: UnsafeRawBufferPointer
    ) {
        guard let string else {
            sqlite3_bind_null(handle, index)
            return
        }
        let base = string.isDecoded ? scratch.baseAddress : line.baseAddress
        let pointer = base.map { ($0 + string.start).assumingMemoryBound(to: CChar.self) }
        // An empty string still needs a non-null pointer, or SQLite stores NULL.
        sqlite3_bind_text(handle, index, pointer ?? CanonicalNames.shared.empty, Int32(string.count), nil)
    }
}

/// The canonical callback and phase names as C bytes that live for the whole
/// process, so they can be bound without SQLite copying them.
final class CanonicalNames: @unchecked Sendable {
    static let shared = CanonicalNames()

    private let callbacks: [UnsafeBufferPointer<CChar>]
    private let phases: [UnsafeBufferPointer<CChar>]
    let empty: UnsafePointer<CChar>

    private init() {
        func persistent(_ text: String) -> UnsafeBufferPointer<CChar> {
            let bytes = Array(text.utf8CString)
            let memory = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
            memory.initialize(from: bytes, count: bytes.count)
            return UnsafeBufferPointer(start: memory, count: bytes.count - 1)
        }
        callbacks = Callback.allCases.map { persistent($0.name) }
        phases = Phase.allCases.map { persistent($0.rawValue) }
        empty = persistent("").baseAddress!
    }

    func bytes(of callback: Callback) -> UnsafeBufferPointer<CChar> { callbacks[Int(callback.rawValue)] }

    func bytes(of phase: Phase) -> UnsafeBufferPointer<CChar> {
        switch phase {
        case .begin: return phases[0]
        case .end: return phases[1]
        case .instant: return phases[2]
        }
    }
}
