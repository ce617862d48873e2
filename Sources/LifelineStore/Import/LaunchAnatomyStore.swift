import GRDB
import GRDBSQLite
import LifelineFormat

/// Derives the anatomy of a file's launches once their events are in, and stores it in
/// `launch_anatomy`, `launch_phase` and `launch_resume` (``StoreSchema/version10``, ``StoreSchema/version11``,
/// ``StoreSchema/version12``; docs/launches.md).
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
        var derived: [(id: Int64, place: LaunchAnatomy.Place, anatomy: LaunchAnatomy)] = []
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
            derived.append((headID, place, builder.finish()))
        }
        for id in superseded {
            for table in ["launch_phase", "launch_resume", "launch_anatomy"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE launch_id = ?", arguments: [id])
            }
        }
        try store(derived, db: db)
    }

    /// Settles the endings of a file's launches (in file order) and stores their anatomies, replacing what was stored.
    static func store(_ derived: [(id: Int64, place: LaunchAnatomy.Place, anatomy: LaunchAnatomy)], db: Database) throws {
        var placed = derived.map { (place: $0.place, anatomy: $0.anatomy) }
        LaunchAnatomy.settleEndings(&placed)
        let insertLaunch = try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO launch_anatomy
                    (launch_id, kind, reason, evidence, time_to_active_ns, slowest_phase, ending, ending_reason,
                     time_to_first_frame_ns, time_to_fully_displayed_ns, slow_reason, resumes_omitted)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        let deletePhases = try db.cachedStatement(sql: "DELETE FROM launch_phase WHERE launch_id = ?")
        let insertPhase = try db.cachedStatement(
            sql: "INSERT INTO launch_phase (launch_id, ordinal, name, start_ns, end_ns, duration_ns) VALUES (?, ?, ?, ?, ?, ?)")
        let deleteResumes = try db.cachedStatement(sql: "DELETE FROM launch_resume WHERE launch_id = ?")
        let insertResume = try db.cachedStatement(
            sql: """
                INSERT INTO launch_resume
                    (launch_id, ordinal, scene, background_ns, foreground_ns, active_ns, in_background_ns, to_active_ns, reconnected)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for (index, launch) in derived.enumerated() {
            let anatomy = placed[index].anatomy
            try deletePhases.execute(arguments: [launch.id])
            try deleteResumes.execute(arguments: [launch.id])
            try insertLaunch.execute(arguments: [
                launch.id, anatomy.kind.rawValue, anatomy.reason, LaunchRecords.jsonArray(anatomy.evidence), anatomy.timeToActive,
                anatomy.slowestPhase?.name, anatomy.ending.rawValue, anatomy.endingReason, anatomy.timeToFirstFrame,
                anatomy.timeToFullyDisplayed, anatomy.slowReason, anatomy.resumesOmitted,
            ])
            // Bound with SQLite's C API: a busy app returns from the background many times (the 1M-event
            // benchmark's traces have 133,000 resumes), and GRDB's arguments box every value.
            let phaseRow = RowWriter(insertPhase, db)
            for (ordinal, phase) in anatomy.phases.enumerated() {
                phaseRow.bind(1, launch.id)
                phaseRow.bind(2, Int64(ordinal + 1))
                phaseRow.bind(4, phase.start)
                phaseRow.bind(5, phase.end)
                phaseRow.bind(6, phase.duration)
                try phaseRow.step(text: phase.name, at: 3)
            }
            let resumeRow = RowWriter(insertResume, db)
            for (ordinal, resume) in anatomy.resumes.enumerated() {
                resumeRow.bind(1, launch.id)
                resumeRow.bind(2, Int64(ordinal + 1))
                resumeRow.bind(4, resume.background)
                resumeRow.bind(5, resume.foreground)
                resumeRow.bind(6, resume.active)
                resumeRow.bind(7, resume.inBackground)
                resumeRow.bind(8, resume.toActive)
                resumeRow.bind(9, resume.reconnected ? 1 : 0)
                try resumeRow.step(text: resume.scene, at: 3)
            }
        }
    }

    /// Binds one row's values to a prepared statement and steps it with SQLite's C API.
    private struct RowWriter {
        let handle: SQLiteStatement
        let db: Database

        init(_ statement: Statement, _ db: Database) { (handle, self.db) = (statement.sqliteStatement, db) }

        func bind(_ index: Int32, _ value: Int64?) {
            if let value { sqlite3_bind_int64(handle, index, value) } else { sqlite3_bind_null(handle, index) }
        }

        /// Binds the row's one text value at `index` (NULL for nil) and inserts the row.
        func step(text: String?, at index: Int32) throws {
            var status: Int32
            if var text {
                status = text.withUTF8 { bytes in
                    // A null pointer binds NULL: an empty string points at a static empty one.
                    let start = UnsafeRawPointer(bytes.baseAddress ?? ("" as StaticString).utf8Start)
                    sqlite3_bind_text(handle, index, start.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil)
                    return sqlite3_step(handle)
                }
            } else {
                sqlite3_bind_null(handle, index)
                status = sqlite3_step(handle)
            }
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
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

/// The anatomies of a file's launches built as the importer inserts their events, in file order:
/// no second read of the events. A rotated part (a launch other files hold the rest of) needs
/// the stored events instead (``needsStoredEvents``).
struct StreamedAnatomies {
    private let trace: String
    private var launches: [(id: Int64, place: LaunchAnatomy.Place, anatomy: LaunchAnatomy)] = []
    private var current: (id: Int64, place: LaunchAnatomy.Place, builder: LaunchAnatomy.Builder)?
    /// Whether a launch continues one that another file started: derive the file from its stored events.
    private(set) var needsStoredEvents = false

    init(fileID: Int64) { trace = String(fileID) }

    /// Starts the launch whose row is `launchID`; `continued`: later parts of it are stored already
    /// (a directory lists `notes.2.ndjson` before `notes.ndjson`).
    mutating func begin(launchID: Int64, record: LaunchRecord, continued: Bool) {
        close()
        if (record.part ?? 1) > 1 || continued { needsStoredEvents = true }
        let place = LaunchAnatomy.Place(trace: trace, app: record.app, appVersion: record.appVersion, os: record.os)
        current = (launchID, place, LaunchAnatomy.Builder(record: record))
    }

    /// Notes a callback of the current launch and the scene it names (made only for the few the builder follows).
    @inline(__always)
    mutating func note(_ callback: Callback, t: Int64, phase: Phase, scene: @autoclosure () -> String?) {
        current?.builder.note(callback, t: t, phase: phase, scene: scene())
    }

    /// Notes an event that is not a callback, by its name's bytes: one of the recorder's marks, one of
    /// SwiftUI's scene phases (its `attrs`, JSON text, read then), or the begin or end of one of the app's spans.
    @inline(__always)
    mutating func note(appEvent name: UnsafeRawBufferPointer, t: Int64, phase: Phase, attrs: @autoclosure () -> UnsafeRawBufferPointer) {
        if let mark = LaunchAnatomy.Mark(bytes: name) {
            current?.builder.note(mark, t: t)
        } else if LaunchAnatomy.ScenePhaseReading.isScenePhase(name) {
            if let reading = LaunchAnatomy.ScenePhaseReading(json: attrs()) { current?.builder.note(reading, t: t) }
        } else if phase != .instant {
            current?.builder.noteApp(key: Self.key(name), t: t, phase: phase) { String(decoding: name, as: UTF8.self) }
        }
    }

    /// A name's identity for pairing a span's begin and end: FNV-1a of its bytes.
    private static func key(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash)
    }

    /// Every launch's anatomy, in file order.
    mutating func finish() -> [(id: Int64, place: LaunchAnatomy.Place, anatomy: LaunchAnatomy)] {
        close()
        return launches
    }

    private mutating func close() {
        guard let current else { return }
        launches.append((current.id, current.place, current.builder.finish()))
        self.current = nil
    }
}
