import GRDB

/// The SQL behind the store's typed reads, once, for both ways of holding a database:
/// a ``TraceStore`` (the writable pool) and a ``SQLSession`` (the REPL's read-only connection).
///
/// Every function reads on the connection it is given and decodes with `try`: a
/// database from elsewhere may hold any type in any column, and an error is better
/// than a crash.
enum StoreQueries {
    // MARK: - What the file holds

    /// How many files, launches and events it holds, or nil without Lifeline's tables.
    static func counts(_ db: Database) throws -> (files: Int, launches: Int, events: Int)? {
        // `event` is a view from schema v3 on, a table before.
        guard try db.tableExists("launch"), try db.tableExists("event") || db.viewExists("event") else { return nil }
        return (
            try db.tableExists("trace_file") ? Int.fetchOne(db, sql: "SELECT COUNT(*) FROM trace_file") ?? 0 : 0,
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM launch") ?? 0,
            // The table behind the view where there is one: counting through the view joins every row's strings.
            try Int.fetchOne(db, sql: db.tableExists("event_raw") ? "SELECT COUNT(*) FROM event_raw" : "SELECT COUNT(*) FROM event")
                ?? 0
        )
    }

    static func contents(_ db: Database) throws -> StoreContents {
        if try db.tableExists("launch") { return .lifeline }
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_schema") ?? 0 > 0 ? .foreign : .empty
    }

    static func launchCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM launch") ?? 0
    }

    static func firstLaunchID(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT MIN(id) FROM launch")
    }

    // MARK: - Launches and sessions

    /// The launches' columns; a database older than v10, v11, v12 or v14 (which the REPL reads without
    /// migrating) lacks some of the anatomy, and NULL stands in for it. The time to active is the
    /// anatomy's (from the process start, the wait for the user left out) when it has one, else
    /// `launch_summary`'s (from `didFinishLaunching`), as the report shows it.
    private static func launchColumns(_ db: Database) throws -> String {
        let anatomy = try db.tableExists("launch_anatomy")
        let anatomyColumns = anatomy ? Set(try db.columns(in: "launch_anatomy").map(\.name)) : []
        let firstFrame = anatomyColumns.contains("time_to_first_frame_ns")
        // v14 keeps a launch's resumes in one JSON array (counted without reading them); v12 and v13 in a table.
        let resumes: String
        if anatomyColumns.contains("resumes") {
            resumes = "CASE WHEN json_valid(a.resumes) THEN json_array_length(a.resumes) + a.resumes_omitted END"
        } else if try db.tableExists("launch_resume") {
            resumes = "(SELECT COUNT(*) FROM launch_resume r WHERE r.launch_id = s.id) + COALESCE(a.resumes_omitted, 0)"
        } else {
            resumes = "NULL"
        }
        return """
            SELECT s.id, s.uuid, s.part, s.app, s.platform, s.os, s.device, s.lifecycle, s.started, s.file, s.event_count,
                   s.session_count, \(anatomy ? "COALESCE(a.time_to_active_ns, s.time_to_active_ns)" : "s.time_to_active_ns"),
                   \(anatomy ? "a.kind, a.ending" : "NULL, NULL"),
                   \(firstFrame ? "a.time_to_first_frame_ns" : "NULL"), \(resumes)
            FROM launch_summary s\(anatomy ? " LEFT JOIN launch_anatomy a ON a.launch_id = s.id" : "")
            """
    }

    static func launches(_ db: Database) throws -> [LaunchSummary] {
        try Row.fetchAll(db, sql: try launchColumns(db) + " ORDER BY s.id").map(launch)
    }

    static func launch(_ db: Database, id: Int64) throws -> LaunchSummary? {
        try Row.fetchOne(db, sql: try launchColumns(db) + " WHERE s.id = ?", arguments: [id]).map(launch)
    }

    private static func launch(_ row: Row) throws -> LaunchSummary {
        LaunchSummary(
            id: try row.decode(atIndex: 0), uuid: try row.decode(atIndex: 1), part: try row.decode(atIndex: 2),
            app: try row.decode(atIndex: 3), platform: try row.decode(atIndex: 4), os: try row.decode(atIndex: 5),
            device: try row.decode(atIndex: 6), lifecycle: try row.decode(atIndex: 7), started: try row.decode(atIndex: 8),
            file: try row.decode(atIndex: 9), eventCount: try row.decode(atIndex: 10),
            sessionCount: try row.decode(atIndex: 11), timeToActive: try row.decode(atIndex: 12), kind: try row.decode(atIndex: 13),
            ending: try row.decode(atIndex: 14), timeToFirstFrame: try row.decode(atIndex: 15), resumeCount: try row.decode(atIndex: 16))
    }

    /// A launch by its id, or by its uuid or a prefix of it (an exact uuid wins over longer ones it prefixes).
    static func launch(_ db: Database, matching reference: String) throws -> ReferenceMatch<Int64> {
        if let id = Int64(reference), try Bool.fetchOne(db, sql: "SELECT 1 FROM launch WHERE id = ?", arguments: [id]) == true {
            return .unique(id)
        }
        let ids = try Int64.fetchAll(
            db,
            sql: """
                SELECT id FROM launch WHERE uuid = ?1 OR substr(uuid, 1, length(?1)) = ?1 ORDER BY uuid = ?1 DESC, id LIMIT 2
                """, arguments: [reference])
        switch ids.count {
        case 0: return .none
        case 1: return .unique(ids[0])
        default:
            let exact = try Bool.fetchOne(db, sql: "SELECT 1 FROM launch WHERE uuid = ?", arguments: [reference]) == true
            return exact ? .unique(ids[0]) : .ambiguous
        }
    }

    /// A session of a launch by its id or a prefix of it (an exact id wins).
    static func session(_ db: Database, matching reference: String, launchID: Int64) throws -> ReferenceMatch<String> {
        if try db.tableExists("event_raw") {
            // The launch's sessions by a skip scan of the index, a few probes each, rather than every event.
            let all = try String.fetchAll(
                db, sql: sessionIDs + "SELECT s.value FROM ids JOIN string s ON s.id = ids.id WHERE ids.id IS NOT NULL",
                arguments: [launchID])
            if all.contains(reference) { return .unique(reference) }
            let prefixed = all.filter { $0.hasPrefix(reference) }
            guard let first = prefixed.first else { return .none }
            return prefixed.count > 1 ? .ambiguous : .unique(first)
        }
        let sessions = try String.fetchAll(
            db,
            sql: """
                SELECT DISTINCT session FROM event WHERE launch_id = ?1 AND session IS NOT NULL
                AND (session = ?2 OR substr(session, 1, length(?2)) = ?2) ORDER BY session = ?2 DESC LIMIT 2
                """, arguments: [launchID, reference])
        guard let first = sessions.first else { return .none }
        return sessions.count > 1 && first != reference ? .ambiguous : .unique(first)
    }

    /// The scene sessions of one launch (nil: of every launch), in order of appearance.
    static func sessions(_ db: Database, launchID: Int64?) throws -> [SessionSummary] {
        if try hasDerivedColumns(db) { return try indexedSessions(db, launchID: launchID) }
        // An older schema, opened read-only: the `timeline` view, whole.
        var sessions: [SessionSummary] = []
        var scenes: [Set<String>] = []
        var sql = "SELECT launch_id, session, scene, since_launch_ns, state FROM timeline WHERE session IS NOT NULL"
        var arguments: StatementArguments = []
        if let launchID {
            sql += " AND launch_id = ?"
            arguments = [launchID]
        }
        // Ordered by launch and seq: each session's rows arrive in order, sessions in order of appearance.
        let cursor = try Row.fetchCursor(db, sql: sql + " ORDER BY launch_id, seq", arguments: arguments)
        var index: [String: Int] = [:]
        while let row = try cursor.next() {
            let launch: Int64 = try row.decode(atIndex: 0)
            let session: String = try row.decode(atIndex: 1)
            let key = "\(launch)\u{0}\(session)"
            let offset: Int64 = try row.decode(atIndex: 3) ?? 0
            let position: Int
            if let known = index[key] {
                position = known
            } else {
                position = sessions.count
                index[key] = position
                sessions.append(
                    SessionSummary(
                        launchID: launch, session: session, sceneCount: 0, eventCount: 0, first: offset, last: offset))
                scenes.append([])
            }
            if let scene: String = try row.decode(atIndex: 2) { scenes[position].insert(scene) }
            sessions[position].sceneCount = scenes[position].count
            sessions[position].eventCount += 1
            sessions[position].last = offset
            sessions[position].state = try row.decode(atIndex: 4)
        }
        return sessions
    }

    // MARK: - Timelines

    /// Launch `launchID` and its events from the `timeline` view, each begin paired with the end
    /// the `span` view gives it; with `session`, only that session's events and the app's.
    static func timeline(_ db: Database, launchID: Int64, session: String?) throws -> LaunchTimeline? {
        guard let launch = try launch(db, id: launchID) else { return nil }
        if try hasDerivedColumns(db) {
            let page = try timelinePage(db, launchID: launchID, session: session, after: nil, limit: Int.max)
            return LaunchTimeline(launch: launch, entries: page.entries)
        }
        // An older schema, opened read-only: the views.
        var ends: [Int64: Int64] = [:]
        let spans = try Row.fetchCursor(
            db, sql: "SELECT begin_seq, end_seq FROM span WHERE launch_id = ? AND end_seq IS NOT NULL",
            arguments: [launchID])
        while let row = try spans.next() {
            ends[try row.decode(atIndex: 0)] = try row.decode(atIndex: 1)
        }
        var sql = "SELECT seq, event, phase, session, scene, since_launch_ns, state FROM timeline WHERE launch_id = ?"
        var arguments: StatementArguments = [launchID]
        if let session {
            sql += " AND (session IS NULL OR session = ?)"
            arguments += [session]
        }
        var entries: [TimelineEntry] = []
        /// Begins (their index in `entries`) by the seq of the end the span view gave them.
        var awaiting: [Int64: Int] = [:]
        let cursor = try Row.fetchCursor(db, sql: sql + " ORDER BY seq", arguments: arguments)
        while let row = try cursor.next() {
            let seq: Int64 = try row.decode(atIndex: 0)
            var entry = TimelineEntry(
                seq: seq, event: try row.decode(atIndex: 1), kind: .instant, session: try row.decode(atIndex: 3),
                scene: try row.decode(atIndex: 4), offset: try row.decode(atIndex: 5) ?? 0, state: try row.decode(atIndex: 6))
            switch try row.decode(atIndex: 2) as String? {
            case "begin":
                let end = ends[seq]
                if let end { awaiting[end] = entries.count }
                entry.kind = .span(end: end, duration: nil)
            case "end":
                guard let begin = awaiting.removeValue(forKey: seq) else {
                    entry.kind = .orphanEnd
                    break
                }
                entries[begin].kind = .span(end: seq, duration: saturatingDifference(entry.offset, entries[begin].offset))
                entries[begin].state = entry.state
                continue
            default:
                break
            }
            entries.append(entry)
        }
        return LaunchTimeline(launch: launch, entries: entries)
    }

    /// `later - earlier`, held at the ends of `Int64` rather than trapping (the times come from input).
    static func saturatingDifference(_ later: Int64, _ earlier: Int64) -> Int64 {
        let (difference, overflow) = later.subtractingReportingOverflow(earlier)
        guard overflow else { return difference }
        return earlier < 0 ? .max : .min
    }

    /// The launch a trace line is in: the last launch record in `file` at or before `line`.
    ///
    /// Launch records come before their events in a trace file (a rotated part starts with a copy),
    /// so this reads the small `launch` table, never `event`.
    static func launchID(_ db: Database, file: String, line: Int) throws -> Int64? {
        try Int64.fetchOne(
            db,
            sql: """
                SELECT l.id FROM launch l JOIN trace_file f ON f.id = l.file_id WHERE f.path = ? AND l.line <= ?
                ORDER BY l.line DESC, l.id DESC LIMIT 1
                """, arguments: [file, line])
    }

    // MARK: - The last check

    static func storedCheck(_ db: Database) throws -> StoredCheck? {
        guard try db.tableExists("violation") else { return nil }
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM violation ORDER BY id")
        guard let first = rows.first else { return nil }
        let checkedAt: String = first["checked_at"]
        // checked_at is to the second: an import in the same second came before the check.
        let importedSince =
            try Bool.fetchOne(
                db, sql: "SELECT max(julianday(imported_at)) >= julianday(?) + 1.0 / 86400 FROM trace_file", arguments: [checkedAt])
            ?? false
        return StoredCheck(
            checkedAt: checkedAt,
            violations: rows.map { row in
                StoredViolation(
                    rule: row["rule"], severity: row["severity"], status: row["status"], message: row["message"],
                    explanation: row["explanation"], launchUUID: row["launch_uuid"], session: row["session"], scene: row["scene"],
                    file: row["file"], line: row["line"], seq: row["seq"], witnesses: row["witnesses"])
            },
            launchIDs: rows.map { $0["launch_id"] }, importedSince: importedSince)
    }

    static func eventPhase(_ db: Database, launchID: Int64, seq: Int64) throws -> String? {
        try String.fetchOne(db, sql: "SELECT phase FROM event WHERE launch_id = ? AND seq = ?", arguments: [launchID, seq])
    }

    // MARK: - The schema

    /// Tables and views whose name is `LIKE pattern`, by name; temporary ones as `temp.NAME`, as sqlite3 lists them.
    static func tableNames(_ db: Database, like pattern: String) throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite__%' ESCAPE '_'
                AND name LIKE ?1
                UNION ALL SELECT 'temp.' || name FROM sqlite_temp_schema WHERE type IN ('table', 'view')
                AND name NOT LIKE 'sqlite__%' ESCAPE '_' AND name LIKE ?1 ORDER BY 1
                """, arguments: [pattern])
    }

    /// The schema's objects whose table matches `pattern` (every one for nil), the temporary
    /// schema's after the main one's, each in the order it was made: what sqlite3 3.53's `.schema`
    /// lists. A pattern holding `*`, `?` or `[` is a GLOB, any other a LIKE (`\\` escapes); one
    /// holding a `.` matches `main.TABLE` or `temp.TABLE`.
    static func schemaEntries(_ db: Database, matching pattern: String?) throws -> [SchemaEntry] {
        var condition = ""
        if let pattern {
            let subject = pattern.contains(".") ? "lower(schema_name || '.' || tbl_name)" : "lower(tbl_name)"
            let isGlob = pattern.contains { "*?[".contains($0) }
            condition = isGlob ? "AND \(subject) GLOB ?1" : "AND \(subject) LIKE ?1 ESCAPE '\\'"
        }
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT type, name, tbl_name, sql, schema_name FROM (
                  SELECT type, name, tbl_name, sql, 'main' AS schema_name, 1 AS number, rowid AS position FROM sqlite_schema
                  UNION ALL SELECT type, name, tbl_name, sql, 'temp', 2, rowid FROM sqlite_temp_schema)
                WHERE sql IS NOT NULL \(condition) ORDER BY number, position
                """, arguments: pattern.map { [$0] } ?? [])
        return rows.map { row in
            let schema: String = row["schema_name"]
            let name: String = row["name"]
            let type: String = row["type"]
            var columns: [String] = []
            if type == "view" {
                // A view that no longer compiles (its table is gone) has no columns to name.
                columns =
                    (try? Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?, ?)", arguments: [name, schema]).map {
                        $0["name"] as String? ?? ""
                    }) ?? []
            }
            return SchemaEntry(
                type: type, name: name, table: row["tbl_name"], sql: row["sql"], schema: schema == "main" ? nil : schema,
                viewColumns: columns)
        }
    }

    static func names(_ db: Database) throws -> StoreNames {
        var names = StoreNames()
        names.tables = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name
                """)
        var columns = Set<String>()
        for table in names.tables {
            columns.formUnion(try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table]))
        }
        names.columns = columns.sorted()
        if try db.tableExists("launch") {
            names.launches = try String.fetchAll(db, sql: "SELECT CAST(id AS TEXT) FROM launch ORDER BY id LIMIT 1000")
        }
        if try db.tableExists("event_raw") && db.tableExists("launch") {
            // Each launch's session ids by a skip scan of the (launch_id, session_id, ...) index: one probe per
            // launch and session, not a read of every event (the shell reads this as it starts).
            names.sessions = try String.fetchAll(
                db,
                sql: """
                    WITH RECURSIVE ids(launch_id, id) AS (
                        SELECT l.id, (SELECT MIN(session_id) FROM event_raw WHERE launch_id = l.id) FROM launch l
                        UNION ALL
                        SELECT ids.launch_id,
                               (SELECT MIN(session_id) FROM event_raw WHERE launch_id = ids.launch_id AND session_id > ids.id)
                        FROM ids WHERE ids.id IS NOT NULL
                    )
                    SELECT DISTINCT s.value FROM ids JOIN string s ON s.id = ids.id ORDER BY s.value LIMIT 1000
                    """)
        } else if try db.tableExists("event") || db.viewExists("event") {
            names.sessions = try String.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT session FROM event WHERE session IS NOT NULL ORDER BY session LIMIT 1000
                    """)
        }
        return names
    }

    // MARK: - Any query

    /// Runs one statement and reads all its rows.
    static func run(_ db: Database, sql: String) throws -> QueryResult {
        let statement = try db.makeStatement(sql: sql)
        let rows = try Row.fetchAll(statement).map { row in Array(row.databaseValues.map(SQLValue.init)) }
        return QueryResult(columns: statement.columnNames, rows: rows)
    }
}
