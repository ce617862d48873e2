import GRDB
import GRDBSQLite
import LifelineFormat

/// Inserts events into `event_raw` with one prepared statement, binding
/// straight from a batch's bytes (no `String`s, no intermediate values).
///
/// GRDB's `execute(arguments:)` is the convenient path; this one binds through
/// the C API on GRDB's own statement, which runs about twice as fast on
/// millions of rows (docs/performance.md). Names, sessions, scenes and threads
/// become `string` ids through a ``StringInterner``. A parameter is bound only
/// when its value differs from the previous event's (SQLite keeps bindings
/// across resets): consecutive events share their launch, file, thread and
/// usually their session and scene, and every C API call takes SQLite's mutex.
///
/// It also writes schema v5's derived columns (``DerivedEventColumns``): the time since the
/// launch's first event, the scene state after the event, and a begin's and end's ids in each other.
struct EventInserter: ~Copyable {
    private let statement: Statement
    /// Sets a begin's `pair_id` once its end is inserted.
    private let pairStatement: Statement
    private var derived = DerivedEventColumns()
    private var interner: StringInterner
    /// What is bound now, per parameter; `unbound` before the first event.
    private var bound = [Int64](repeating: EventInserter.unbound, count: 15)
    private static let unbound = Int64.min
    /// Bound for NULL in the id columns (no string has id 0).
    private static let null: Int64 = 0

    /// - Parameter expectedBytes: The bytes of trace to be inserted, if known: the string table
    ///   remembers no more strings than so many bytes can hold (see ``StringInterner/capacity(forBytes:)``).
    /// - Parameter resumedLaunch: The launch a grown file continues, if it does.
    init(_ db: Database, expectedBytes: Int? = nil, resumedLaunch: Int64? = nil) throws {
        let statement = try db.makeStatement(
            sql: """
                INSERT INTO event_raw (launch_id, seq, t, name_id, phase, session_id, scene_id, thread_id, attrs, file_id, line,
                                       since_launch_ns, state, pair_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        let pairStatement = try db.makeStatement(sql: "UPDATE event_raw SET pair_id = ? WHERE id = ?")
        let interner = try StringInterner(db, capacity: StringInterner.capacity(forBytes: expectedBytes))
        self.statement = statement
        self.pairStatement = pairStatement
        self.interner = interner
        derived.resumedLaunch = resumedLaunch
    }

    /// Launches whose derived columns the importer must recompute in SQL before it commits.
    var launchesToRecompute: Set<Int64> { derived.launchesToRecompute }

    /// `event_raw.phase`: 0 instant, 1 begin, 2 end (docs/schema.md).
    static func code(of phase: Phase) -> Int64 {
        switch phase {
        case .instant: return 0
        case .begin: return 1
        case .end: return 2
        }
    }

    /// Inserts one event of a batch whose bytes are `bytes` (bound without copying: they must outlive the call).
    mutating func insert(
        _ event: ImportBatch.Event, bytes: UnsafeRawBufferPointer, launchID: Int64, fileID: Int64, db: Database
    ) throws {
        let handle = statement.sqliteStatement
        bind(launchID, 1, handle)
        sqlite3_bind_int64(handle, 2, event.seq)
        sqlite3_bind_int64(handle, 3, event.t)
        let nameID: Int64
        if let callback = event.callback {
            nameID = try interner.id(of: callback)
        } else {
            nameID = try interner.id(of: slice(event.name, bytes))
        }
        let phase = Self.code(of: event.phase)
        let sessionID = try id(of: event.session, bytes)
        let sceneID = try id(of: event.scene, bytes)
        bind(nameID, 4, handle)
        bind(phase, 5, handle)
        bind(sessionID, 6, handle, zeroIsNull: true)
        bind(sceneID, 7, handle, zeroIsNull: true)
        bind(try id(of: event.thread, bytes), 8, handle, zeroIsNull: true)
        if event.attrs.count >= 0 {
            let attrs = slice(event.attrs, bytes)
            sqlite3_bind_text(
                handle, 9, attrs.baseAddress?.assumingMemoryBound(to: CChar.self) ?? CanonicalNames.shared.empty,
                Int32(attrs.count), nil)
            bound[9] = 1  // text: the next event binds its own, or NULL
        } else if bound[9] != Self.null {
            sqlite3_bind_null(handle, 9)
            bound[9] = Self.null
        }
        bind(fileID, 10, handle)
        sqlite3_bind_int64(handle, 11, Int64(event.line))
        // The name's text only the first time its id comes: whether it changes the scene state.
        let name =
            derived.knowsName(nameID) ? nil : event.callback?.name ?? String(decoding: slice(event.name, bytes), as: UTF8.self)
        let values = derived.values(
            launchID: launchID, seq: event.seq, t: event.t, nameID: nameID, phase: phase, sessionID: sessionID,
            sceneID: sceneID, name: name)
        switch values.since {
        case .integer(let value): sqlite3_bind_int64(handle, 12, value)
        case .real(let value): sqlite3_bind_double(handle, 12, value)
        }
        bind(values.state ?? Self.null, 13, handle, zeroIsNull: true)
        if let begin = values.pairedBegin {
            sqlite3_bind_int64(handle, 14, begin)
        } else {
            sqlite3_bind_null(handle, 14)
        }
        try step(handle, db)
        let rowID = sqlite3_last_insert_rowid(db.sqliteConnection)
        derived.inserted(rowID: rowID, nameID: nameID, phase: phase, sessionID: sessionID, sceneID: sceneID)
        if let begin = values.pairedBegin {
            let pair = pairStatement.sqliteStatement
            sqlite3_bind_int64(pair, 1, rowID)
            sqlite3_bind_int64(pair, 2, begin)
            try step(pair, db)
        }
    }

    /// Runs a prepared statement that returns no rows once, and resets it.
    @inline(__always)
    private func step(_ handle: OpaquePointer?, _ db: Database) throws {
        let status = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard status == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: status), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }

    /// Binds an integer unless it is bound already; with `zeroIsNull`, ``null`` binds NULL.
    @inline(__always)
    private mutating func bind(_ value: Int64, _ index: Int32, _ handle: OpaquePointer?, zeroIsNull: Bool = false) {
        guard bound[Int(index)] != value else { return }
        if zeroIsNull && value == Self.null {
            sqlite3_bind_null(handle, index)
        } else {
            sqlite3_bind_int64(handle, index, value)
        }
        bound[Int(index)] = value
    }

    @inline(__always)
    private mutating func id(of string: ImportBatch.Slice, _ bytes: UnsafeRawBufferPointer) throws -> Int64 {
        string.count >= 0 ? try interner.id(of: slice(string, bytes)) : Self.null
    }

    @inline(__always)
    private func slice(_ slice: ImportBatch.Slice, _ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: bytes.baseAddress.map { $0 + Int(slice.start) }, count: Int(slice.count))
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
