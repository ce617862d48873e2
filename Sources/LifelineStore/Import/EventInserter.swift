import GRDB
import GRDBSQLite
import LifelineFormat

/// Inserts events into `event_raw` with prepared statements, binding
/// straight from a batch's bytes (no `String`s, no intermediate values), 16 rows
/// per statement run: each run of an INSERT opens the table's and its indexes'
/// cursors and checks the transaction anew, a cost paid per run, not per row
/// (docs/performance.md, "Import against the sqlite3 shell").
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
/// The inserter numbers the rows itself (from the table's largest id on, as SQLite would) and
/// inserts a batch's events only once all of them are resolved (``add(_:bytes:launchID:)``, then
/// ``flush(bytes:fileID:db:)``): a begin whose end is in the same batch is written with its
/// `pair_id` already set. Only a begin whose end comes in a later batch is updated afterwards.
struct EventInserter: ~Copyable {
    /// One event of the batch being added, resolved to what `event_raw` stores; its id is its
    /// position after ``firstPendingID``.
    private struct Row {
        var launchID: Int64
        var seq: Int64
        var t: Int64
        var nameID: Int64
        var phase: Int64
        var sessionID: Int64
        var sceneID: Int64
        var threadID: Int64
        var attrs: ImportBatch.Slice
        var line: Int64
        var since: DerivedEventColumns.SinceLaunch
        var state: Int64
        /// The paired begin's or end's id; ``EventInserter/null`` for none.
        var pairID: Int64
    }

    private let statement: Statement
    /// Inserts ``rowsPerStatement`` events at once: one statement run per so many rows instead of one
    /// per row (each run opens the table's and indexes' cursors and checks the transaction anew).
    private let rowsStatement: Statement
    /// Events per run of ``rowsStatement``; a flush inserts what is left over one at a time.
    static let rowsPerStatement = 16
    /// Columns of `event_raw` an insert binds.
    private static let columns = 15
    private let pairStatement: Statement
    private var derived = DerivedEventColumns()
    private var interner: StringInterner
    /// What is bound now, per parameter (``columns`` + 1 slots, 1-based); `unbound` before the first event. Memory of
    /// its own rather than an array: an array's element written per parameter per event pays a
    /// uniqueness check each time.
    private let bound: UnsafeMutablePointer<Int64>
    /// The same for ``rowsStatement``'s parameters (row `r`'s column `c` is `r * columns + c`).
    private let rowsBound: UnsafeMutablePointer<Int64>
    private static let unbound = Int64.min
    /// Bound for NULL in the id columns (no string or event has id 0).
    private static let null: Int64 = 0
    /// The id the next event added gets.
    private var nextID: Int64
    /// The events added since the last flush, in order, and the id of the first.
    private var pending: [Row] = []
    private var firstPendingID: Int64 = 0
    /// Begins written by an earlier flush whose ends were added since: (begin, end).
    private var latePairs: [(begin: Int64, end: Int64)] = []

    /// - Parameter expectedBytes: The bytes of trace to be inserted, if known: the string table
    ///   remembers no more strings than so many bytes can hold (see ``StringInterner/capacity(forBytes:)``).
    /// - Parameter resumedLaunch: The launch a grown file continues, if it does.
    init(_ db: Database, expectedBytes: Int? = nil, resumedLaunch: Int64? = nil) throws {
        let statement = try db.makeStatement(sql: Self.insert(rows: 1))
        let rowsStatement = try db.makeStatement(sql: Self.insert(rows: Self.rowsPerStatement))
        let pairStatement = try db.makeStatement(sql: "UPDATE event_raw SET pair_id = ? WHERE id = ?")
        let interner = try StringInterner(db, capacity: StringInterner.capacity(forBytes: expectedBytes))
        let largest = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM event_raw") ?? 0
        // SQLite itself gives up on new rowids past the largest (it would pick unused ones at random).
        guard largest < Int64.max else {
            throw DatabaseError(resultCode: .SQLITE_FULL, message: "event_raw holds the largest possible id: no id is left")
        }
        self.statement = statement
        self.rowsStatement = rowsStatement
        self.pairStatement = pairStatement
        self.interner = interner
        bound = .allocate(capacity: Self.columns + 1)
        bound.initialize(repeating: Self.unbound, count: Self.columns + 1)
        rowsBound = .allocate(capacity: Self.columns * Self.rowsPerStatement + 1)
        rowsBound.initialize(repeating: Self.unbound, count: Self.columns * Self.rowsPerStatement + 1)
        nextID = max(largest, 0) + 1
        derived.resumedLaunch = resumedLaunch
    }

    /// `INSERT INTO event_raw (...) VALUES (?, ...), ...` for `rows` rows of ``columns`` parameters.
    private static func insert(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        return """
            INSERT INTO event_raw (id, launch_id, seq, t, name_id, phase, session_id, scene_id, thread_id, attrs, file_id,
                                   line, since_launch_ns, state, pair_id)
            VALUES \(Array(repeating: row, count: rows).joined(separator: ", "))
            """
    }

    deinit {
        bound.deallocate()
        rowsBound.deallocate()
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

    /// The phase an `event_raw.phase` code stands for (anything but 1 and 2: instant).
    static func phase(ofCode code: Int64) -> Phase {
        switch code {
        case 1: .begin
        case 2: .end
        default: .instant
        }
    }

    /// Resolves one event of a batch whose bytes are `bytes`: interns its strings (inserting new ones),
    /// gives it the next id and computes its derived columns. ``flush(bytes:fileID:db:)`` inserts it.
    mutating func add(_ event: ImportBatch.Event, bytes: UnsafeRawBufferPointer, launchID: Int64) throws {
        let id = nextID
        guard id < Int64.max else {
            throw DatabaseError(resultCode: .SQLITE_FULL, message: "event_raw holds the largest possible id: no id is left")
        }
        nextID = id + 1
        if pending.isEmpty { firstPendingID = id }
        let nameID: Int64
        if let callback = event.callback {
            nameID = try interner.id(of: callback)
        } else {
            nameID = try interner.id(of: event.name.bytes(in: bytes))
        }
        let phase = Self.code(of: event.phase)
        let sessionID = try self.id(of: event.session, bytes)
        let sceneID = try self.id(of: event.scene, bytes)
        let threadID = try self.id(of: event.thread, bytes)
        // The name's text only the first time its id comes: whether it changes the scene state.
        let change =
            derived.change(ofName: nameID)
            ?? derived.learnChange(
                ofName: nameID, name: event.callback?.name ?? String(decoding: event.name.bytes(in: bytes), as: UTF8.self))
        let values = derived.values(
            launchID: launchID, seq: event.seq, t: event.t, nameID: nameID, phase: phase, sessionID: sessionID,
            sceneID: sceneID, change: change)
        var pairID = Self.null
        if let begin = values.pairedBegin {
            pairID = begin
            if begin >= firstPendingID && !pending.isEmpty {
                pending[Int(begin - firstPendingID)].pairID = id
            } else {
                latePairs.append((begin, id))
            }
        }
        derived.inserted(rowID: id, nameID: nameID, phase: phase, sessionID: sessionID, sceneID: sceneID)
        pending.append(
            Row(
                launchID: launchID, seq: event.seq, t: event.t, nameID: nameID, phase: phase, sessionID: sessionID,
                sceneID: sceneID, threadID: threadID, attrs: event.attrs, line: Int64(event.line), since: values.since,
                state: values.state ?? Self.null, pairID: pairID))
    }

    /// Inserts the events added since the last flush, in id order, from the batch whose bytes are
    /// `bytes` (bound without copying: they must outlive the call), and pairs the begins of earlier
    /// batches that their ends closed.
    mutating func flush(bytes: UnsafeRawBufferPointer, fileID: Int64, db: Database) throws {
        let rows = Self.rowsPerStatement
        let many = rowsStatement.sqliteStatement
        let one = statement.sqliteStatement
        var index = 0
        while pending.count - index >= rows {
            for offset in 0..<rows {
                bindRow(
                    pending[index + offset], id: firstPendingID + Int64(index + offset), first: Int32(offset * Self.columns),
                    handle: many, bound: rowsBound, bytes: bytes, fileID: fileID)
            }
            try step(many, db)
            index += rows
        }
        while index < pending.count {
            bindRow(pending[index], id: firstPendingID + Int64(index), first: 0, handle: one, bound: bound, bytes: bytes, fileID: fileID)
            try step(one, db)
            index += 1
        }
        pending.removeAll(keepingCapacity: true)
        let pair = pairStatement.sqliteStatement
        for (begin, end) in latePairs {
            sqlite3_bind_int64(pair, 1, end)
            sqlite3_bind_int64(pair, 2, begin)
            try step(pair, db)
        }
        latePairs.removeAll(keepingCapacity: true)
    }

    /// Binds one row's columns to parameters `first + 1` to `first + columns` of `handle`, skipping
    /// those already bound to the same value (`bound`, that statement's memory of them).
    @inline(__always)
    private func bindRow(
        _ row: Row, id: Int64, first: Int32, handle: OpaquePointer?, bound: UnsafeMutablePointer<Int64>,
        bytes: UnsafeRawBufferPointer, fileID: Int64
    ) {
        sqlite3_bind_int64(handle, first + 1, id)
        bind(row.launchID, first + 2, handle, bound)
        sqlite3_bind_int64(handle, first + 3, row.seq)
        sqlite3_bind_int64(handle, first + 4, row.t)
        bind(row.nameID, first + 5, handle, bound)
        bind(row.phase, first + 6, handle, bound)
        bind(row.sessionID, first + 7, handle, bound, zeroIsNull: true)
        bind(row.sceneID, first + 8, handle, bound, zeroIsNull: true)
        bind(row.threadID, first + 9, handle, bound, zeroIsNull: true)
        if row.attrs.count >= 0 {
            let attrs = row.attrs.bytes(in: bytes)
            sqlite3_bind_text(
                handle, first + 10, attrs.baseAddress?.assumingMemoryBound(to: CChar.self) ?? CanonicalNames.shared.empty,
                Int32(attrs.count), nil)
            bound[Int(first) + 10] = 1  // text: the next event binds its own, or NULL
        } else if bound[Int(first) + 10] != Self.null {
            sqlite3_bind_null(handle, first + 10)
            bound[Int(first) + 10] = Self.null
        }
        bind(fileID, first + 11, handle, bound)
        sqlite3_bind_int64(handle, first + 12, row.line)
        switch row.since {
        case .integer(let value): sqlite3_bind_int64(handle, first + 13, value)
        case .real(let value): sqlite3_bind_double(handle, first + 13, value)
        }
        bind(row.state, first + 14, handle, bound, zeroIsNull: true)
        bind(row.pairID, first + 15, handle, bound, zeroIsNull: true)
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

    /// Binds an integer unless it is bound already (`bound`); with `zeroIsNull`, ``null`` binds NULL.
    @inline(__always)
    private func bind(
        _ value: Int64, _ index: Int32, _ handle: OpaquePointer?, _ bound: UnsafeMutablePointer<Int64>, zeroIsNull: Bool = false
    ) {
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
        string.count >= 0 ? try interner.id(of: string.bytes(in: bytes)) : Self.null
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
