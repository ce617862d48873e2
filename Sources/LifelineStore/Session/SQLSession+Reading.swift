// MARK: - Typed reads

extension SQLSession {
    /// How many files, launches and events the database holds, or nil without Lifeline's tables
    /// (another program's database: SQL works, lifecycle commands do not).
    package func counts() throws(StoreError) -> (files: Int, launches: Int, events: Int)? {
        try read(StoreQueries.counts)
    }

    /// Whether the file is a Lifeline database, an empty one or another program's.
    package func contents() throws(StoreError) -> StoreContents {
        try read(StoreQueries.contents)
    }

    package func launchCount() throws(StoreError) -> Int {
        try read(StoreQueries.launchCount)
    }

    /// The lowest launch id, nil when there are no launches.
    package func firstLaunchID() throws(StoreError) -> Int64? {
        try read(StoreQueries.firstLaunchID)
    }

    /// Every launch at a glance, by id (the `launch_summary` view).
    package func launches() throws(StoreError) -> [LaunchSummary] {
        try read(StoreQueries.launches)
    }

    /// The launch a person named: its id, or its uuid or a prefix of it.
    /// Launch `id`'s record and file (no counts), nil when there is none.
    package func launchDescription(id: Int64) throws(StoreError) -> LaunchDescription? {
        try read { db in try StoreQueries.launchDescription(db, id: id) }
    }

    package func launch(matching reference: String) throws(StoreError) -> ReferenceMatch<Int64> {
        try read { db in try StoreQueries.launch(db, matching: reference) }
    }

    /// The session of launch `launchID` a person named: its id or a prefix of it.
    package func session(matching reference: String, launchID: Int64) throws(StoreError) -> ReferenceMatch<String> {
        try read { db in try StoreQueries.session(db, matching: reference, launchID: launchID) }
    }

    /// The scene sessions of launch `launchID` (nil: of every launch), in order of appearance.
    package func sessions(launchID: Int64?) throws(StoreError) -> [SessionSummary] {
        try read { db in try StoreQueries.sessions(db, launchID: launchID) }
    }

    /// Launch `launchID` and its events in order, begins paired with their ends as the `span`
    /// view pairs them; with `session`, only that session's events and the app's. Nil: no such launch.
    package func timeline(launchID: Int64, session: String? = nil) throws(StoreError) -> LaunchTimeline? {
        try read { db in try StoreQueries.timeline(db, launchID: launchID, session: session) }
    }

    /// Whether the timeline can be read a page at a time (``timelinePage(launchID:session:after:limit:)``):
    /// the database has schema v5 or later. An older one, opened read-only, is read whole.
    package func readsTimelineInPages() throws(StoreError) -> Bool {
        try read { db in try StoreQueries.hasDerivedColumns(db) }
    }

    /// The lanes of launch `launchID`'s timeline: nil (the app) first if it has events, then each session
    /// in order of its first event; with `session`, the app's and that one. Schema v5 or later.
    package func timelineLanes(launchID: Int64, session: String? = nil) throws(StoreError) -> [String?] {
        try read { db in try StoreQueries.timelineLanes(db, launchID: launchID, session: session) }
    }

    /// Up to `limit` entries of launch `launchID`'s timeline after `cursor` (from the start without one),
    /// and where the next page starts (nil after the last). Schema v5 or later.
    package func timelinePage(
        launchID: Int64, session: String? = nil, after cursor: TimelineCursor?, limit: Int
    ) throws(StoreError) -> (entries: [TimelineEntry], next: TimelineCursor?) {
        try read { db in try StoreQueries.timelinePage(db, launchID: launchID, session: session, after: cursor, limit: limit) }
    }

    /// The launch (`launch.id`) the trace line `file:line` is in, nil when no imported launch holds it.
    package func launchID(file: String, line: Int) throws(StoreError) -> Int64? {
        try read { db in try StoreQueries.launchID(db, file: file, line: line) }
    }

    /// Tables and views whose name is `LIKE pattern`, by name, temporary ones as `temp.NAME` (`.tables`).
    package func tableNames(like pattern: String) throws(StoreError) -> [String] {
        try read { db in try StoreQueries.tableNames(db, like: pattern) }
    }

    /// The schema's objects whose table matches `pattern`, every one for nil (`.schema`).
    package func schemaEntries(matching pattern: String?) throws(StoreError) -> [SchemaEntry] {
        try read { db in try StoreQueries.schemaEntries(db, matching: pattern) }
    }

    /// The findings the last check stored, nil when the `violation` table is empty or missing (no
    /// check yet, a check that found nothing, another program's database).
    package func storedCheck() throws(StoreError) -> StoredCheck? {
        try read(StoreQueries.storedCheck)
    }

    /// The phase (`instant`, `begin`, `end`) of event `seq` of launch `launchID`, nil when there is none.
    package func eventPhase(launchID: Int64, seq: Int64) throws(StoreError) -> String? {
        try read { db in try StoreQueries.eventPhase(db, launchID: launchID, seq: seq) }
    }

    /// Names for tab completion: tables, columns, launch ids, session ids.
    package func names() throws(StoreError) -> StoreNames {
        try read(StoreQueries.names)
    }
}
