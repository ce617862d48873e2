import GRDB

// MARK: - Timelines, a page at a time (schema v5)

extension StoreQueries {
    /// Whether the database has schema v5's derived columns (``StoreSchema/version5``). A database
    /// of an older schema, opened read-only, is read through the views as before.
    static func hasDerivedColumns(_ db: Database) throws -> Bool {
        try db.tableExists("event_raw")
            && (try Bool.fetchOne(db, sql: "SELECT 1 FROM pragma_table_info('event_raw') WHERE name = 'pair_id'") ?? false)
    }

    /// Launch `id`'s record and file, nil when there is none: `launch_summary`'s first columns alone, so
    /// none of its counts (each a pass over the launch's events) is computed.
    static func launchDescription(_ db: Database, id: Int64) throws -> LaunchDescription? {
        try Row.fetchOne(
            db, sql: "SELECT id, uuid, part, app, platform, os, device, lifecycle, started, file FROM launch_summary WHERE id = ?",
            arguments: [id]
        ).map { row in
            LaunchDescription(
                id: try row.decode(atIndex: 0), uuid: try row.decode(atIndex: 1), part: try row.decode(atIndex: 2),
                app: try row.decode(atIndex: 3), platform: try row.decode(atIndex: 4), os: try row.decode(atIndex: 5),
                device: try row.decode(atIndex: 6), lifecycle: try row.decode(atIndex: 7), started: try row.decode(atIndex: 8),
                file: try row.decode(atIndex: 9))
        }
    }

    /// The lanes of launch `launchID`'s timeline: nil for the app's events (those without a
    /// session) first if there are any, then the sessions in order of their first event; with
    /// `session`, the app's and that one. Each lane costs a few index probes, whatever the launch's size.
    static func timelineLanes(_ db: Database, launchID: Int64, session: String?) throws -> [String?] {
        var lanes: [String?] = []
        if try Bool.fetchOne(
            db, sql: "SELECT 1 FROM event_raw WHERE launch_id = ? AND session_id IS NULL LIMIT 1", arguments: [launchID])
            == true
        {
            lanes.append(nil)
        }
        if let session {
            lanes.append(session)
            return lanes
        }
        lanes += try String.fetchAll(
            db,
            sql: sessionIDs + """
                SELECT s.value FROM ids JOIN string s ON s.id = ids.id WHERE ids.id IS NOT NULL
                ORDER BY (SELECT MIN(seq) FROM event_raw WHERE launch_id = ?1 AND session_id = ids.id), s.value
                """, arguments: [launchID])
        return lanes
    }

    /// `ids(id)`: the session ids of launch `?1` (and a NULL), by a skip scan of the (launch_id, session_id, ...)
    /// index: one probe per session, however many events each has.
    static let sessionIDs = """
        WITH RECURSIVE ids(id) AS (
            SELECT (SELECT MIN(session_id) FROM event_raw WHERE launch_id = ?1)
            UNION ALL
            SELECT (SELECT MIN(session_id) FROM event_raw WHERE launch_id = ?1 AND session_id > ids.id)
            FROM ids WHERE ids.id IS NOT NULL
        )

        """

    /// Up to `limit` entries of launch `launchID`'s timeline after `cursor` (from the start without one),
    /// in seq order, with the cursor after the last; with `session`, that session's events and the app's.
    ///
    /// A begin carries its end's seq, duration and state (the end itself is not an entry); an end
    /// without a begin is an orphan. Each page reads at most `limit` + 1 rows of an index per lane:
    /// each lane (the app's, and each session's or the one asked for) in seq order, merged.
    static func timelinePage(
        _ db: Database, launchID: Int64, session: String?, after cursor: TimelineCursor?, limit: Int
    ) throws -> (entries: [TimelineEntry], next: TimelineCursor?) {
        let columns = """
            SELECT e.id, e.seq, n.value, e.phase, s.value, c.value, e.since_launch_ns, e.state, x.seq, x.since_launch_ns, x.state
            FROM event_raw e
            JOIN string n ON n.id = e.name_id
            LEFT JOIN string s ON s.id = e.session_id
            LEFT JOIN string c ON c.id = e.scene_id
            LEFT JOIN event_raw x ON x.id = e.pair_id
            WHERE e.launch_id = ?1 AND (e.seq, e.id) > (?2, ?3)
            """
        // Paired ends are shown with their begins: a page needs `limit` rows that are not.
        let shown = " AND NOT (e.phase = 2 AND e.pair_id IS NOT NULL) ORDER BY e.seq, e.id LIMIT ?4"
        // One row more than asked for says whether there is a next page.
        let start: StatementArguments = [
            launchID, cursor?.seq ?? Int64.min, cursor?.id ?? Int64.min, limit == Int.max ? limit : limit + 1,
        ]
        // The lanes, each read in index order, then merged: an OR of them, or the launch in seq order, would
        // read (or sort) every event of the launch before the first row.
        var lanes: [Int64?] = [nil]
        if let session {
            guard let sessionID = try Int64.fetchOne(db, sql: "SELECT id FROM string WHERE value = ?", arguments: [session])
            else { return ([], nil) }
            lanes.append(sessionID)
        } else {
            lanes += try Int64.fetchAll(db, sql: sessionIDs + "SELECT id FROM ids WHERE id IS NOT NULL", arguments: [launchID])
        }
        var keyed: [(seq: Int64, id: Int64, row: Row)] = []
        for lane in lanes {
            let rows =
                try lane.map { try Row.fetchAll(db, sql: columns + " AND e.session_id = ?5" + shown, arguments: start + [$0]) }
                ?? Row.fetchAll(db, sql: columns + " AND e.session_id IS NULL" + shown, arguments: start)
            for row in rows { keyed.append((try row.decode(atIndex: 1), try row.decode(atIndex: 0), row)) }
        }
        keyed.sort { ($0.seq, $0.id) < ($1.seq, $1.id) }
        var rows = keyed.prefix(limit == Int.max ? limit : limit + 1).map(\.row)
        let more = rows.count > limit
        if more { rows.removeLast(rows.count - limit) }
        var entries: [TimelineEntry] = []
        entries.reserveCapacity(rows.count)
        for row in rows {
            let seq: Int64 = try row.decode(atIndex: 1)
            var entry = TimelineEntry(
                seq: seq, event: try row.decode(atIndex: 2), kind: .instant, session: try row.decode(atIndex: 4),
                scene: try row.decode(atIndex: 5), offset: try row.decode(atIndex: 6) ?? 0,
                state: try SceneStateCode.name(of: row.decode(atIndex: 7)))
            switch try row.decode(atIndex: 3) as Int64 {
            case 1:
                if let end: Int64 = try row.decode(atIndex: 8) {
                    let endOffset: Int64 = try row.decode(atIndex: 9) ?? 0
                    entry.kind = .span(end: end, duration: saturatingDifference(endOffset, entry.offset))
                    entry.state = try SceneStateCode.name(of: row.decode(atIndex: 10))
                } else {
                    entry.kind = .span(end: nil, duration: nil)
                }
            case 2: entry.kind = .orphanEnd
            default: break
            }
            entries.append(entry)
        }
        guard more, let last = rows.last else { return (entries, nil) }
        return (entries, TimelineCursor(seq: try last.decode(atIndex: 1), id: try last.decode(atIndex: 0)))
    }
}

// MARK: - Sessions from the index (schema v5)

extension StoreQueries {
    /// ``sessions(_:launchID:)`` on schema v5: counts from one pass over the (launch_id, session_id, ...)
    /// index, then each session's first and last event (its times and the state after it) by two probes.
    static func indexedSessions(_ db: Database, launchID: Int64?) throws -> [SessionSummary] {
        let filter = launchID == nil ? "" : " AND launch_id = ?"
        let groups = try Row.fetchAll(
            db,
            sql: """
                SELECT g.launch_id, g.session_id, s.value, g.events, g.scenes FROM (
                    SELECT launch_id, session_id, COUNT(*) AS events, COUNT(DISTINCT scene_id) AS scenes, MIN(seq) AS first
                    FROM event_raw WHERE session_id IS NOT NULL\(filter)
                    GROUP BY launch_id, session_id
                ) g JOIN string s ON s.id = g.session_id
                ORDER BY g.launch_id, g.first, s.value
                """, arguments: launchID.map { [$0] } ?? [])
        let first = try db.cachedStatement(
            sql: """
                SELECT since_launch_ns FROM event_raw WHERE launch_id = ? AND session_id = ? ORDER BY seq, id LIMIT 1
                """)
        let last = try db.cachedStatement(
            sql: """
                SELECT since_launch_ns, state FROM event_raw WHERE launch_id = ? AND session_id = ?
                ORDER BY seq DESC, id DESC LIMIT 1
                """)
        return try groups.map { group in
            let launch: Int64 = try group.decode(atIndex: 0)
            let session: Int64 = try group.decode(atIndex: 1)
            let end = try Row.fetchOne(last, arguments: [launch, session])
            return SessionSummary(
                launchID: launch, session: try group.decode(atIndex: 2), sceneCount: try group.decode(atIndex: 4),
                eventCount: try group.decode(atIndex: 3),
                first: try Row.fetchOne(first, arguments: [launch, session])?.decode(atIndex: 0) ?? 0,
                last: try end?.decode(atIndex: 0) ?? 0, state: try SceneStateCode.name(of: end?.decode(atIndex: 1)))
        }
    }
}
