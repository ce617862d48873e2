import Foundation
import GRDB
import GRDBSQLite
@_spi(Performance) import LifelineFormat

// MARK: - Reading traces back in order

extension TraceStore {
    /// Calls `body` with every launch and its events in trace order: launches by
    /// file and line, each launch's events by `seq`, in one read transaction.
    ///
    /// The same records, in the same order, as reading the trace files
    /// themselves. It reads `event_raw` and turns string ids into names through a
    /// cache (not through the `event` view's joins). Rows an outside tool changed
    /// so they no longer hold a valid `attrs` object are reported as a located
    /// error rather than guessed at. The rule checker reads with
    /// ``forEachRow(launch:event:)``, which builds no record unless asked.
    ///
    /// Throws ``StoreReadError`` for such a row, ``StoreError`` when SQLite fails
    /// (``StoreError/Code/interrupted`` for Ctrl-C), and whatever `body` throws.
    public func forEachRecord(_ body: (StoredRecord) throws -> Void) throws {
        try forEachRow { record, file, line in
            try body(.launch(record, file: file, line: line))
        } event: { row, reader in
            try body(.event(try reader.record(row), line: row.line))
        }
    }

    /// Calls `launch` with every launch record, its file and line, and `event` with each of its
    /// events as a row of string ids, in the order of ``forEachRecord(_:)``, in one read transaction.
    ///
    /// An event costs a step of SQLite and a trivial value: its strings are
    /// resolved only when the caller asks the reader (``StoredRowReader/string(_:)``,
    /// once per id if it keeps what it was told), its record built only when it
    /// asks for it (``StoredRowReader/record(_:)``), during the call of that row.
    ///
    /// ```swift
    /// var names: [Int64: String] = [:]
    /// try store.forEachRow { launch, file, line in
    ///     print("\(file):\(line): \(launch.launch ?? "-")")
    /// } event: { row, reader in
    ///     if names[row.name] == nil { names[row.name] = try reader.string(row.name) }
    /// }
    /// ```
    ///
    /// Throws ``StoreReadError`` for a launch whose `records` column is damaged (and for an event
    /// whose `attrs` column is, when its record is asked for), ``StoreError`` when SQLite fails
    /// or a string is missing (``StoreError/Code/interrupted`` for Ctrl-C), and whatever the
    /// callbacks throw.
    @_spi(Performance) public func forEachRow(
        launch: (LaunchRecord, _ file: String, _ line: Int) throws -> Void,
        event: (StoredEventRow, StoredRowReader) throws -> Void
    ) throws {
        do {
            try database.read { db in
                let launches = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT launch.id, launch.line, launch.uuid, launch.part, launch.pid, launch.app, launch.platform,
                               launch.os, launch.device, launch.lifecycle, launch.started, trace_file.path, launch.records,
                               launch.excerpt, launch.app_version, launch.process_start_ns, launch.prewarm, launch.task_role,
                               launch.module_load_ns
                        FROM launch JOIN trace_file ON trace_file.id = launch.file_id
                        ORDER BY launch.file_id, launch.line
                        """)
                // The columns StoredRowReader reads: 4–6 strings, 7 attrs.
                let events = try db.cachedStatement(
                    sql: """
                        SELECT seq, t, name_id, phase, session_id, scene_id, thread_id, attrs, line
                        FROM event_raw WHERE launch_id = ? ORDER BY seq
                        """)
                let handle = events.sqliteStatement
                let reader = StoredRowReader(handle: handle, strings: try StoredStrings(db))
                while let row = try launches.next() {
                    let id: Int64 = try row.decode(atIndex: 0)
                    let file: String = try row.decode(atIndex: 11)
                    let line: Int = try row.decode(atIndex: 1)
                    var records: CallbackSet?
                    if let json: String = try row.decode(atIndex: 12) {
                        guard let decoded = LaunchRecords.decode(json) else {
                            throw StoreReadError(
                                file: file, line: line,
                                message: "launch.records is not a JSON array of callback names: \(json.prefix(80))")
                        }
                        records = decoded
                    }
                    // Decoded with `try`: a database from elsewhere may hold any type in any column.
                    let record = LaunchRecord(
                        launch: try row.decode(atIndex: 2), pid: try row.decode(atIndex: 4), app: try row.decode(atIndex: 5),
                        appVersion: try row.decode(atIndex: 14), platform: try row.decode(atIndex: 6), os: try row.decode(atIndex: 7),
                        device: try row.decode(atIndex: 8),
                        lifecycle: (try row.decode(atIndex: 9) as String?).flatMap(Lifecycle.init(rawValue:)),
                        started: try row.decode(atIndex: 10), part: try row.decode(atIndex: 3), records: records,
                        excerpt: (try row.decode(atIndex: 13) as Int64?).map { $0 != 0 },
                        processStart: try row.decode(atIndex: 15), moduleLoad: try row.decode(atIndex: 18),
                        prewarm: (try row.decode(atIndex: 16) as Int64?).map { $0 != 0 }, taskRole: try row.decode(atIndex: 17))
                    try launch(record, file, line)
                    reader.file = file
                    sqlite3_bind_int64(handle, 1, id)
                    defer { sqlite3_reset(handle) }
                    while true {
                        let status = sqlite3_step(handle)
                        if status == SQLITE_DONE { break }
                        guard status == SQLITE_ROW else {
                            throw DatabaseError(
                                resultCode: ResultCode(rawValue: status),
                                message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
                        }
                        let phase = EventInserter.phase(ofCode: sqlite3_column_int64(handle, 3))
                        let row = StoredEventRow(
                            event: IdentifiedEvent(
                                seq: sqlite3_column_int64(handle, 0), t: sqlite3_column_int64(handle, 1),
                                name: sqlite3_column_int64(handle, 2), phase: phase,
                                session: sqlite3_column_type(handle, 4) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, 4),
                                scene: sqlite3_column_type(handle, 5) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, 5)),
                            line: Int(sqlite3_column_int64(handle, 8)))
                        try event(row, reader)
                    }
                }
            }
        } catch let error as DatabaseError {
            // SQLite's failures leave the store as its own error; a located row error and the callbacks' pass through.
            throw Self.storeError(error, path: path)
        }
    }
}

/// `string` values by id for one read transaction, looked up once each.
///
/// Holds at most ``capacity`` of each kind and starts over when full, so memory
/// does not grow with the number of sessions in the database.
final class StoredStrings {
    static let capacity = 1 << 16

    private let select: Statement
    private var names: [Int64: EventName] = [:]
    private var values: [Int64: String] = [:]

    init(_ db: Database) throws {
        select = try db.makeStatement(sql: "SELECT value FROM string WHERE id = ?")
    }

    func name(_ id: Int64) throws -> EventName {
        if let name = names[id] { return name }
        if names.count == Self.capacity { names.removeAll(keepingCapacity: true) }
        let name = EventName(try value(id))
        names[id] = name
        return name
    }

    /// The string whose id is in column `column` of the current row, nil for NULL.
    func optional(_ handle: OpaquePointer?, _ column: Int32) throws -> String? {
        if sqlite3_column_type(handle, column) == SQLITE_NULL { return nil }
        let id = sqlite3_column_int64(handle, column)
        if let value = values[id] { return value }
        if values.count == Self.capacity { values.removeAll(keepingCapacity: true) }
        let value = try value(id)
        values[id] = value
        return value
    }

    /// The string with id `id`, read from the table (callers keep what they need).
    func value(_ id: Int64) throws -> String {
        guard let value = try String.fetchOne(select, arguments: [id]) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "no string \(id) (event_raw refers to a missing string)")
        }
        return value
    }
}
