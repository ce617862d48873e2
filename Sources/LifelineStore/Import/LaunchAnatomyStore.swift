import GRDB
import GRDBSQLite
import LifelineFormat

/// Derives the anatomy of a file's launches once their events are in, and stores it in
/// `launch_anatomy` (its resumes one JSON array, which the view `launch_resume` reads) and
/// `launch_phase` (``StoreSchema/version10`` to ``StoreSchema/version14``; docs/launches.md).
///
/// The one definition is ``LaunchAnatomy/Builder``, which the checker also runs: this feeds it a
/// launch's callbacks from `event_raw` (the catalog's names only, read through the launch's index),
/// so a launch continued in a rotated part, a file that grew and events out of `seq` order come out
/// as the checker reads them. A launch continued in other files is derived on its first part's row,
/// over all its parts in order.
enum LaunchAnatomyStore {
    /// Derives and stores the anatomy of every launch of the file `fileID`, replacing what was stored.
    static func derive(fileID: Int64, db: Database) throws {
        let (callbacks, marks, scenePhase) = try names(db)
        let launches = try Row.fetchAll(
            db,
            sql: """
                SELECT id, uuid, part, app, app_version, os, lifecycle, records, excerpt, process_start_ns, prewarm, task_role, module_load_ns
                FROM launch WHERE file_id = ? ORDER BY line
                """, arguments: [fileID])
        var derived: [Derived] = []
        var seen: Set<Int64> = []
        var superseded: [Int64] = []
        // The strings the builder asks for (the scenes of a few callbacks per launch, the names of
        // the app's kept spans), each read once.
        var strings: [Int64: String] = [:]
        func string(_ id: Int64?) throws -> String? {
            guard let id else { return nil }
            if let known = strings[id] { return known }
            let value = try String.fetchOne(db, sql: "SELECT value FROM string WHERE id = ?", arguments: [id])
            strings[id] = value
            return value
        }
        for row in launches {
            // A launch rotated files continue: all its stored rows, in part order.
            var rows: [Row] = [row]
            if let uuid: String = row["uuid"] {
                rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT id, uuid, part, app, app_version, os, lifecycle, records, excerpt, process_start_ns, prewarm, task_role, module_load_ns
                        FROM launch WHERE uuid = ? ORDER BY COALESCE(part, 1), id
                        """, arguments: [uuid])
            }
            let head = rows[0]
            let headID: Int64 = head["id"]
            guard seen.insert(headID).inserted else { continue }
            // A later part imported before its first one was derived on its own: its head carries the launch now.
            for part in rows.dropFirst() where (part["part"] as Int64? ?? 1) > 1 { superseded.append(part["id"]) }
            var builder = LaunchAnatomy.Builder(record: try record(head))
            for part in rows {
                let events = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT name_id, t, phase, scene_id, CASE WHEN name_id = ? THEN attrs END FROM event_raw
                        WHERE launch_id = ? AND (phase != 0 OR name_id IN (\((Array(callbacks.keys) + Array(marks.keys) + [scenePhase ?? 0]).map(String.init).joined(separator: ","))))
                        ORDER BY seq
                        """, arguments: [scenePhase ?? 0, part["id"] as Int64])
                while let event = try events.next() {
                    let nameID: Int64 = event[0]
                    let phase = EventInserter.phase(ofCode: event[2])
                    if let callback = callbacks[nameID] {
                        builder.note(callback, t: event[1], phase: phase, scene: try? string(event[3]))
                    } else if let mark = marks[nameID] {
                        builder.note(mark, t: event[1])
                    } else if nameID == scenePhase {
                        let json: String? = event[4]
                        if let attrs = json.flatMap({ try? AttributeValue.decodeObject($0) }),
                            let reading = LaunchAnatomy.ScenePhaseReading(attrs: attrs)
                        {
                            builder.note(reading, t: event[1])
                        }
                    } else {
                        // The app's spans: their names are read only for the few kept.
                        builder.noteApp(key: Int(truncatingIfNeeded: nameID), t: event[1], phase: phase) {
                            (try? string(nameID)) ?? ""
                        }
                    }
                }
            }
            let place = LaunchAnatomy.Place(trace: String(fileID), app: head["app"], appVersion: head["app_version"], os: head["os"])
            derived.append(Derived(id: headID, place: place, anatomy: builder.finish()))
        }
        for id in superseded {
            for table in ["launch_phase", "launch_anatomy"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE launch_id = ?", arguments: [id])
            }
        }
        try store(derived, db: db)
    }

    /// A launch's anatomy, ready to store: its resumes already in the form `launch_anatomy.resumes`
    /// holds them (encoded by the reader's thread in a streamed import, ``StreamedAnatomies``, which
    /// then keeps them only so: what is stored of `anatomy.resumes` is `resumes`).
    struct Derived: Sendable {
        var id: Int64
        var place: LaunchAnatomy.Place
        var anatomy: LaunchAnatomy
        var resumes: [UInt8]

        init(id: Int64, place: LaunchAnatomy.Place, anatomy: LaunchAnatomy, resumes: [UInt8]? = nil) {
            (self.id, self.place, self.anatomy) = (id, place, anatomy)
            self.resumes = resumes ?? LaunchAnatomyStore.resumesJSON(anatomy.resumes)
        }
    }

    /// Settles the endings of a file's launches (in file order) and stores their anatomies.
    ///
    /// - Parameter replacing: Whether the launches may have anatomies stored already, to be replaced;
    ///   false for launches this transaction inserted (deleting a launch deletes its anatomy).
    static func store(_ derived: [Derived], replacing: Bool = true, db: Database) throws {
        var placed = derived.map { (place: $0.place, anatomy: $0.anatomy) }
        LaunchAnatomy.settleEndings(&placed)
        if replacing {
            let deletePhases = try db.cachedStatement(sql: "DELETE FROM launch_phase WHERE launch_id = ?")
            let deleteAnatomy = try db.cachedStatement(sql: "DELETE FROM launch_anatomy WHERE launch_id = ?")
            for launch in derived {
                try deletePhases.execute(arguments: [launch.id])
                try deleteAnatomy.execute(arguments: [launch.id])
            }
        }
        // Bound with SQLite's C API, many rows per statement run, as GRDB's arguments box every value.
        var launches = try RowsWriter<(id: Int64, anatomy: LaunchAnatomy, resumes: [UInt8])>(
            db, "INSERT INTO launch_anatomy",
            columns: [
                "launch_id", "kind", "reason", "evidence", "time_to_active_ns", "slowest_phase", "ending", "ending_reason",
                "time_to_first_frame_ns", "time_to_fully_displayed_ns", "slow_reason", "resumes", "resumes_omitted",
            ]
        ) { row, launch in
            row.bind(launch.id)
            row.bind(launch.anatomy.kind.rawValue)
            row.bind(launch.anatomy.reason)
            row.bind(LaunchRecords.jsonArray(launch.anatomy.evidence))
            row.bind(launch.anatomy.timeToActive)
            row.bind(launch.anatomy.slowestPhase?.name)
            row.bind(launch.anatomy.ending.rawValue)
            row.bind(launch.anatomy.endingReason)
            row.bind(launch.anatomy.timeToFirstFrame)
            row.bind(launch.anatomy.timeToFullyDisplayed)
            row.bind(launch.anatomy.slowReason)
            row.bind(text: launch.resumes)
            row.bind(Int64(launch.anatomy.resumesOmitted))
        }
        var phases = try RowsWriter<(id: Int64, ordinal: Int, phase: LaunchAnatomy.LaunchPhase)>(
            db, "INSERT INTO launch_phase", columns: ["launch_id", "ordinal", "name", "start_ns", "end_ns", "duration_ns"]
        ) { row, phase in
            row.bind(phase.id)
            row.bind(Int64(phase.ordinal))
            row.bind(phase.phase.name)
            row.bind(phase.phase.start)
            row.bind(phase.phase.end)
            row.bind(phase.phase.duration)
        }
        for (index, launch) in derived.enumerated() {
            let anatomy = placed[index].anatomy
            try launches.add((launch.id, anatomy, launch.resumes))
            for (ordinal, phase) in anatomy.phases.enumerated() { try phases.add((launch.id, ordinal + 1, phase)) }
        }
        try launches.finish()
        try phases.finish()
    }

    /// A launch's resumes as `launch_anatomy.resumes` holds them (``StoreSchema/version14``): a JSON
    /// array of `[scene, background_ns, foreground_ns, active_ns, reconnected]`, in order; `scene`
    /// and `active_ns` null when the resume has none, `reconnected` 1 or 0.
    static func resumesJSON(_ resumes: [LaunchAnatomy.Resume]) -> [UInt8] {
        var json: [UInt8] = [UInt8(ascii: "[")]
        json.reserveCapacity(2 + resumes.count * 56)
        for (index, resume) in resumes.enumerated() {
            json.append(contentsOf: index == 0 ? "[".utf8 : ",[".utf8)
            if let scene = resume.scene { TraceEncoder.string(scene, &json) } else { json.append(contentsOf: "null".utf8) }
            json.append(UInt8(ascii: ","))
            TraceEncoder.integer(resume.background, &json)
            json.append(UInt8(ascii: ","))
            TraceEncoder.integer(resume.foreground, &json)
            json.append(UInt8(ascii: ","))
            if let active = resume.active { TraceEncoder.integer(active, &json) } else { json.append(contentsOf: "null".utf8) }
            json.append(contentsOf: resume.reconnected ? ",1]".utf8 : ",0]".utf8)
        }
        json.append(UInt8(ascii: "]"))
        return json
    }

    /// Inserts rows into one table ``rowsPerRun`` at a time with one statement run (each run opens
    /// the table's cursors and checks the transaction anew: a cost paid per run, not per row, as in
    /// ``EventInserter``), the rows left over one at a time, binding with SQLite's C API.
    private struct RowsWriter<Row> {
        /// Binds one row's values, in column order, from the parameter the row begins at.
        struct Binder {
            let statement: SQLiteStatement
            var index: Int32

            mutating func bind(_ value: Int64?) {
                if let value { sqlite3_bind_int64(statement, index, value) } else { sqlite3_bind_null(statement, index) }
                index += 1
            }

            mutating func bind(_ value: String?) {
                if var value { value.withUTF8 { bindText($0) } } else { sqlite3_bind_null(statement, index) }
                index += 1
            }

            /// Binds UTF-8 text already encoded (a JSON array).
            mutating func bind(text bytes: [UInt8]) {
                bytes.withUnsafeBufferPointer { bindText($0) }
                index += 1
            }

            /// Binds text at ``index``; SQLite copies it (`SQLITE_TRANSIENT`, which Swift does not import).
            private func bindText(_ bytes: UnsafeBufferPointer<UInt8>) {
                // A null pointer binds NULL: empty text points at a static empty string.
                let start = UnsafeRawPointer(bytes.baseAddress ?? ("" as StaticString).utf8Start)
                let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
                _ = sqlite3_bind_text(statement, index, start.assumingMemoryBound(to: CChar.self), Int32(bytes.count), transient)
            }
        }

        static var rowsPerRun: Int { 16 }
        private let db: Database
        private let columns: Int32
        private let one: SQLiteStatement
        private let many: SQLiteStatement
        private let bind: (inout Binder, Row) -> Void
        private var pending: [Row] = []

        /// - Parameters:
        ///   - insert: The statement's verb and table, `INSERT INTO launch_phase`.
        ///   - bind: Binds a row's values, one per column in order.
        init(_ db: Database, _ insert: String, columns: [String], bind: @escaping (inout Binder, Row) -> Void) throws {
            func statement(rows: Int) throws -> SQLiteStatement {
                let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
                let values = Array(repeating: row, count: rows).joined(separator: ", ")
                return try db.cachedStatement(sql: "\(insert) (\(columns.joined(separator: ", "))) VALUES \(values)").sqliteStatement
            }
            self.db = db
            self.columns = Int32(columns.count)
            self.bind = bind
            one = try statement(rows: 1)
            many = try statement(rows: Self.rowsPerRun)
            pending.reserveCapacity(Self.rowsPerRun)
        }

        /// Adds a row; inserts the pending rows when they fill a run.
        mutating func add(_ row: Row) throws {
            pending.append(row)
            guard pending.count == Self.rowsPerRun else { return }
            var binder = Binder(statement: many, index: 1)
            for row in pending { bind(&binder, row) }
            precondition(binder.index == columns * Int32(Self.rowsPerRun) + 1, "a row binds one value per column")
            try step(many)
            pending.removeAll(keepingCapacity: true)
        }

        /// Inserts the rows left over.
        mutating func finish() throws {
            for row in pending {
                var binder = Binder(statement: one, index: 1)
                bind(&binder, row)
                precondition(binder.index == columns + 1, "a row binds one value per column")
                try step(one)
            }
            pending.removeAll(keepingCapacity: true)
        }

        private func step(_ statement: SQLiteStatement) throws {
            let status = sqlite3_step(statement)
            sqlite3_reset(statement)
            guard status == SQLITE_DONE else {
                throw DatabaseError(resultCode: ResultCode(rawValue: status), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
        }
    }

    /// The string ids of the catalog's canonical names, of the recorder's marks and of `swiftui.scenePhase`
    /// this database holds.
    private static func names(
        _ db: Database
    ) throws -> (
        callbacks: [Int64: Callback], marks: [Int64: LaunchAnatomy.Mark], scenePhase: Int64?
    ) {
        var callbacks: [Int64: Callback] = [:]
        var marks: [Int64: LaunchAnatomy.Mark] = [:]
        var scenePhase: Int64?
        let byName = Dictionary(uniqueKeysWithValues: Callback.allCases.map { ($0.name, $0) })
        let wanted = Callback.allCases.map(\.name) + [EventName.firstFrame.name, EventName.fullyDisplayed.name, EventName.scenePhase.name]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT id, value FROM string WHERE value IN (\(wanted.map { _ in "?" }.joined(separator: ",")))",
            arguments: StatementArguments(wanted))
        while let row = try rows.next() {
            if let callback = byName[row[1]] {
                callbacks[row[0]] = callback
            } else if let mark = LaunchAnatomy.Mark(name: row[1]) {
                marks[row[0]] = mark
            } else if row[1] == EventName.scenePhase.name {
                scenePhase = row[0]
            }
        }
        return (callbacks, marks, scenePhase)
    }

    /// What the builder reads of a stored launch record.
    private static func record(_ row: Row) throws -> LaunchRecord {
        LaunchRecord(
            app: row["app"], appVersion: row["app_version"], os: row["os"],
            lifecycle: (row["lifecycle"] as String?).flatMap(Lifecycle.init(rawValue:)), part: row["part"],
            records: (row["records"] as String?).flatMap(LaunchRecords.decode), excerpt: (row["excerpt"] as Int64?).map { $0 != 0 },
            processStart: row["process_start_ns"], moduleLoad: row["module_load_ns"],
            prewarm: (row["prewarm"] as Int64?).map { $0 != 0 }, taskRole: row["task_role"])
    }
}

/// The anatomies of a file's launches built as its lines are read, in file order, on the reading
/// thread (``ImportParser``, ``DecodedBatches``): the database thread, which sets the pace of an
/// import, only stores them, and no event is read twice. A rotated part (a launch other files hold
/// the rest of) needs the stored events instead (``needsStoredEvents``).
struct StreamedAnatomies: Sendable {
    private let trace: String
    /// The callbacks `--records` declares, for a launch whose record does not say (as the stored row).
    private let declared: CallbackSet?
    private var current: (place: LaunchAnatomy.Place, builder: LaunchAnatomy.Builder)?
    /// Every finished launch's anatomy, in file order: one per launch record read; its resumes
    /// encoded as stored (``LaunchAnatomyStore/resumesJSON(_:)``), here rather than on the database's
    /// thread, and only so (the anatomy's own `resumes` are emptied).
    private(set) var launches: [(place: LaunchAnatomy.Place, anatomy: LaunchAnatomy, resumes: [UInt8])] = []
    /// Whether a launch continues one that another file started: derive the file from its stored events.
    private(set) var needsStoredEvents = false

    init(fileID: Int64, declared: CallbackSet?) { (trace, self.declared) = (String(fileID), declared) }

    /// Starts the launch `record` begins.
    mutating func begin(_ record: LaunchRecord) {
        close()
        if (record.part ?? 1) > 1 { needsStoredEvents = true }
        var record = record
        record.records = record.records ?? declared
        let place = LaunchAnatomy.Place(trace: trace, app: record.app, appVersion: record.appVersion, os: record.os)
        current = (place, LaunchAnatomy.Builder(record: record))
    }

    /// Notes the event just added to `batch`, of the current launch.
    @inline(__always)
    mutating func noteLastEvent(of batch: ImportBatch) {
        guard current != nil, let event = batch.events.last else { return }
        batch.bytes.withUnsafeBytes { note(event, bytes: $0) }
    }

    /// Notes an event of the current launch, its strings in `bytes` (the batch's).
    ///
    /// A callback's scene is made into a string only for the few the builder follows; an app event
    /// is one of the recorder's marks, one of SwiftUI's scene phases (its `attrs`, JSON text, read
    /// then), or the begin or end of one of the app's spans.
    @inline(__always)
    private mutating func note(_ event: ImportBatch.Event, bytes: UnsafeRawBufferPointer) {
        if let callback = event.callback {
            let scene = event.scene
            current?.builder.note(
                callback, t: event.t, phase: event.phase,
                scene: scene.count < 0 ? nil : String(decoding: scene.bytes(in: bytes), as: UTF8.self))
        } else if event.name.count > 0 {
            let name = event.name.bytes(in: bytes)
            if let mark = LaunchAnatomy.Mark(bytes: name) {
                current?.builder.note(mark, t: event.t)
            } else if LaunchAnatomy.ScenePhaseReading.isScenePhase(name) {
                if event.attrs.count >= 0, let reading = LaunchAnatomy.ScenePhaseReading(json: event.attrs.bytes(in: bytes)) {
                    current?.builder.note(reading, t: event.t)
                }
            } else if event.phase != .instant {
                current?.builder.noteApp(key: Self.key(name), t: event.t, phase: event.phase) { String(decoding: name, as: UTF8.self) }
            }
        }
    }

    /// A name's identity for pairing a span's begin and end: FNV-1a of its bytes.
    private static func key(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash)
    }

    /// Finishes the last launch: ``launches`` holds them all.
    mutating func finish() { close() }

    private mutating func close() {
        guard let current else { return }
        var anatomy = current.builder.finish()
        let resumes = LaunchAnatomyStore.resumesJSON(anatomy.resumes)
        // Held until the file's last launch settles the endings: the resumes once, as stored.
        anatomy.resumes = []
        launches.append((current.place, anatomy, resumes))
        self.current = nil
    }
}
