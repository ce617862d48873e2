import GRDB

/// The database schema, created and evolved by GRDB migrations.
///
/// The schema is a public interface (people write SQL against it): every table,
/// column and view is documented in docs/schema.md, and a change is a new
/// migration, never an edit of an old one.
enum StoreSchema {
    /// The first migration's identifier: a database that recorded it is a Lifeline database.
    static let first = "v1: files, launches, events, spans, timelines"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(first) { db in
            try db.execute(sql: version1)
        }
        migrator.registerMigration("v2: violations of the last check") { db in
            try db.execute(sql: version2)
        }
        return migrator
    }

    static let version1 = """
        CREATE TABLE trace_file (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL,
            content_hash TEXT NOT NULL,
            size INTEGER NOT NULL,
            line_count INTEGER NOT NULL,
            imported_at TEXT NOT NULL,
            launch_count INTEGER NOT NULL DEFAULT 0,
            event_count INTEGER NOT NULL DEFAULT 0,
            malformed_count INTEGER NOT NULL DEFAULT 0,
            dropped_count INTEGER NOT NULL DEFAULT 0,
            warning_count INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX trace_file_by_path ON trace_file(path);
        CREATE INDEX trace_file_by_content ON trace_file(content_hash, size);

        CREATE TABLE launch (
            id INTEGER PRIMARY KEY,
            file_id INTEGER NOT NULL REFERENCES trace_file(id) ON DELETE CASCADE,
            line INTEGER NOT NULL,
            uuid TEXT,
            part INTEGER,
            pid INTEGER,
            app TEXT,
            platform TEXT,
            os TEXT,
            device TEXT,
            lifecycle TEXT CHECK (lifecycle IN ('scene', 'app')),
            started TEXT
        );
        CREATE INDEX launch_by_file ON launch(file_id);
        CREATE INDEX launch_by_uuid ON launch(uuid);

        CREATE TABLE event (
            id INTEGER PRIMARY KEY,
            launch_id INTEGER NOT NULL REFERENCES launch(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            t INTEGER NOT NULL,
            event TEXT NOT NULL,
            phase TEXT NOT NULL CHECK (phase IN ('begin', 'end', 'instant')),
            session TEXT,
            scene TEXT,
            thread TEXT,
            attrs TEXT,
            file_id INTEGER NOT NULL,
            line INTEGER NOT NULL
        );
        -- Covers per-session timelines and the checker's reads: (launch, session) slices in seq order
        -- with everything the window queries need, so they never touch the table (docs/performance.md).
        CREATE INDEX event_by_session ON event(launch_id, session, seq, t, event, phase, scene);

        -- Callback spans: each begin joined with the next end of the same event, session and scene.
        CREATE VIEW span AS
        SELECT launch_id, event, session, scene, thread,
               seq AS begin_seq, t AS begin_t,
               CASE WHEN next_phase = 'end' THEN next_seq END AS end_seq,
               CASE WHEN next_phase = 'end' THEN next_t END AS end_t,
               CASE WHEN next_phase = 'end' THEN next_t - t END AS duration_ns,
               file_id, line AS begin_line,
               CASE WHEN next_phase = 'end' THEN next_line END AS end_line
        FROM (
            SELECT e.*, LEAD(phase) OVER w AS next_phase, LEAD(seq) OVER w AS next_seq,
                   LEAD(t) OVER w AS next_t, LEAD(line) OVER w AS next_line
            FROM event e
            WHERE phase IN ('begin', 'end')
            WINDOW w AS (PARTITION BY launch_id, event, session, scene ORDER BY seq)
        )
        WHERE phase = 'begin';

        -- Every event with the scene state after it, per launch and session (NULL session: the app,
        -- whose state legacy app-delegate callbacks drive). A begin/end callback changes the state at its end.
        CREATE VIEW timeline AS
        WITH changes AS (
            SELECT e.*,
                   CASE WHEN phase = 'begin' THEN NULL ELSE
                       CASE event
                           WHEN 'scene(_:willConnectTo:options:)' THEN 'unattached'
                           WHEN 'sceneWillEnterForeground(_:)' THEN 'foregroundInactive'
                           WHEN 'sceneDidBecomeActive(_:)' THEN 'foregroundActive'
                           WHEN 'sceneWillResignActive(_:)' THEN 'foregroundInactive'
                           WHEN 'sceneDidEnterBackground(_:)' THEN 'background'
                           WHEN 'sceneDidDisconnect(_:)' THEN 'unattached'
                           WHEN 'applicationWillEnterForeground(_:)' THEN 'foregroundInactive'
                           WHEN 'applicationDidBecomeActive(_:)' THEN 'foregroundActive'
                           WHEN 'applicationWillResignActive(_:)' THEN 'foregroundInactive'
                           WHEN 'applicationDidEnterBackground(_:)' THEN 'background'
                       END
                   END AS change
            FROM event e
        ),
        grouped AS (
            SELECT c.*, COUNT(change) OVER (PARTITION BY launch_id, session ORDER BY seq) AS change_group
            FROM changes c
        )
        SELECT id, launch_id, seq, t, event, phase, session, scene, thread, attrs, file_id, line,
               t - FIRST_VALUE(t) OVER (PARTITION BY launch_id ORDER BY seq) AS since_launch_ns,
               MAX(change) OVER (PARTITION BY launch_id, session, change_group) AS state
        FROM grouped;

        -- Launches with their file and the time from didFinishLaunching (its first record, begin or
        -- instant) to the first sceneDidBecomeActive (applicationDidBecomeActive in legacy apps).
        CREATE VIEW launch_summary AS
        SELECT l.*, f.path AS file,
               (SELECT COUNT(*) FROM event e WHERE e.launch_id = l.id) AS event_count,
               (SELECT COUNT(DISTINCT session) FROM event e WHERE e.launch_id = l.id) AS session_count,
               (SELECT MIN(t) FROM event e WHERE e.launch_id = l.id
                   AND e.event = 'application(_:didFinishLaunchingWithOptions:)') AS did_finish_launching_t,
               (SELECT MIN(t) FROM event e WHERE e.launch_id = l.id
                   AND e.event IN ('sceneDidBecomeActive(_:)', 'applicationDidBecomeActive(_:)')) AS first_active_t,
               (SELECT MIN(t) FROM event e WHERE e.launch_id = l.id
                   AND e.event IN ('sceneDidBecomeActive(_:)', 'applicationDidBecomeActive(_:)'))
               - (SELECT MIN(t) FROM event e WHERE e.launch_id = l.id
                   AND e.event = 'application(_:didFinishLaunchingWithOptions:)') AS time_to_active_ns
        FROM launch l JOIN trace_file f ON f.id = l.file_id;
        """

    /// The findings of the last `lifeline check` (or REPL `.check`) on this database.
    static let version2 = """
        CREATE TABLE violation (
            id INTEGER PRIMARY KEY,
            checked_at TEXT NOT NULL,
            rule TEXT NOT NULL,
            severity TEXT NOT NULL CHECK (severity IN ('error', 'warning', 'info')),
            status TEXT NOT NULL CHECK (status IN ('violated', 'pending')),
            message TEXT NOT NULL,
            explanation TEXT NOT NULL,
            launch_id INTEGER REFERENCES launch(id) ON DELETE CASCADE,
            launch_uuid TEXT,
            session TEXT,
            scene TEXT,
            file TEXT,
            line INTEGER,
            seq INTEGER,
            witnesses TEXT NOT NULL
        );
        CREATE INDEX violation_by_launch ON violation(launch_id, session);
        """
}
