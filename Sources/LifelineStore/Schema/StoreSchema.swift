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
        migrator.registerMigration("v3: interned strings; event is a view of event_raw") { db in
            try db.execute(sql: version3)
        }
        migrator.registerMigration("v4: the callbacks each launch records") { db in
            try db.execute(sql: version4)
        }
        migrator.registerMigration(version5Identifier) { db in
            try db.execute(sql: version5)
        }
        migrator.registerMigration("v6: launches whose trace begins mid-run") { db in
            try db.execute(sql: version6)
        }
        migrator.registerMigration("v7: no time to active for a launch whose events carry no time") { db in
            try db.execute(sql: version7)
        }
        migrator.registerMigration("v8: the app's version") { db in
            try db.execute(sql: version8)
        }
        migrator.registerMigration("v9: process start and prewarm") { db in
            try db.execute(sql: version9)
        }
        migrator.registerMigration("v10: each launch's kind, phases and ending") { db in
            try db.execute(sql: version10)
        }
        migrator.registerMigration("v11: time to the first frame and to full display, and why a launch was slow") { db in
            // v12 derives every launch again, these columns with the rest.
            try db.execute(sql: version11)
        }
        migrator.registerMigration("v12: resumes from the background, and the task's role") { db in
            // v13 derives every launch again, these rows with the rest.
            try db.execute(sql: version12)
        }
        migrator.registerMigration("v13: when the recorder's module was loaded") { db in
            // v14 derives every launch again, with the module load.
            try db.execute(sql: version13)
        }
        migrator.registerMigration("v14: a launch's resumes in its anatomy row; launch_resume is a view of them") { db in
            try db.execute(sql: version14)
            // Launches imported before: derived again, file by file, as the importer derives new
            // ones, with what the derivation knows today (a trace imported before v13 has no
            // module load: its phases do not change, its rows are written again).
            for fileID in try Int64.fetchAll(db, sql: "SELECT id FROM trace_file ORDER BY id") {
                try LaunchAnatomyStore.derive(fileID: fileID, db: db)
            }
        }
        return migrator
    }

    /// Applies the migrations `writer` lacks, also while another process migrates the same database.
    ///
    /// GRDB's migrator reads which migrations are applied, then runs each missing
    /// one in its own transaction. A second process can read that list just before
    /// the first commits a migration and fail running it again ("table ... already
    /// exists"; its transaction rolls back). So when a migration fails and the list
    /// grew meanwhile, this reads the list again and goes on; an error with no
    /// progress elsewhere is a real one.
    static func migrate(_ writer: some DatabaseWriter) throws {
        while true {
            let before = try writer.read { try migrator.appliedIdentifiers($0) }
            do {
                try migrator.migrate(writer)
                return
            } catch {
                let after = try writer.read { try migrator.appliedIdentifiers($0) }
                guard after.count > before.count else { throw error }
            }
        }
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

    /// Strings stored once: events hold integer ids into `string`, in a narrow `event_raw` table
    /// with a narrow covering index, and `event` becomes a view with the columns it had
    /// (docs/performance.md, "Import"). Existing rows are moved; `span`, `timeline` and
    /// `launch_summary` are recreated over `event_raw` with the same columns and rows, written
    /// so that a filter on `launch_id` reaches the index through their window functions.
    static let version3 = """
        -- Each distinct event name, session, scene and thread, once. Never deleted: unused strings are harmless.
        CREATE TABLE string (
            id INTEGER PRIMARY KEY,
            value TEXT NOT NULL UNIQUE
        );

        -- Events as stored: strings are ids into `string`, the phase a code (0 instant, 1 begin, 2 end).
        CREATE TABLE event_raw (
            id INTEGER PRIMARY KEY,
            launch_id INTEGER NOT NULL REFERENCES launch(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            t INTEGER NOT NULL,
            name_id INTEGER NOT NULL,
            phase INTEGER NOT NULL CHECK (phase = 0 OR phase = 1 OR phase = 2),
            session_id INTEGER,
            scene_id INTEGER,
            thread_id INTEGER,
            attrs TEXT,
            file_id INTEGER NOT NULL,
            line INTEGER NOT NULL
        );

        INSERT INTO string (value)
        SELECT event FROM event
        UNION SELECT session FROM event WHERE session IS NOT NULL
        UNION SELECT scene FROM event WHERE scene IS NOT NULL
        UNION SELECT thread FROM event WHERE thread IS NOT NULL;

        INSERT INTO event_raw (id, launch_id, seq, t, name_id, phase, session_id, scene_id, thread_id, attrs, file_id, line)
        SELECT e.id, e.launch_id, e.seq, e.t, n.id,
               CASE e.phase WHEN 'instant' THEN 0 WHEN 'begin' THEN 1 WHEN 'end' THEN 2 END,
               s.id, c.id, h.id, e.attrs, e.file_id, e.line
        FROM event e
        JOIN string n ON n.value = e.event
        LEFT JOIN string s ON s.value = e.session
        LEFT JOIN string c ON c.value = e.scene
        LEFT JOIN string h ON h.value = e.thread
        ORDER BY e.id;

        DROP VIEW span;
        DROP VIEW timeline;
        DROP VIEW launch_summary;
        DROP TABLE event;

        -- Covers per-session windows in seq order (docs/performance.md); built once, after the rows are moved.
        CREATE INDEX event_raw_by_session ON event_raw(launch_id, session_id, seq, t, name_id, phase, scene_id);

        -- The events as people query them: the columns `event` had before v3. The thread is a subquery rather
        -- than a join so that queries on the other columns stay within the covering index.
        CREATE VIEW event AS
        SELECT e.id, e.launch_id, e.seq, e.t, n.value AS event,
               CASE e.phase WHEN 0 THEN 'instant' WHEN 1 THEN 'begin' WHEN 2 THEN 'end' END AS phase,
               s.value AS session, c.value AS scene,
               (SELECT value FROM string WHERE id = e.thread_id) AS thread,
               e.attrs, e.file_id, e.line
        FROM event_raw e
        JOIN string n ON n.id = e.name_id
        LEFT JOIN string s ON s.id = e.session_id
        LEFT JOIN string c ON c.id = e.scene_id;

        -- Writes to `event` (from other tools) go to `event_raw`, interning their strings.
        CREATE TRIGGER event_insert INSTEAD OF INSERT ON event
        BEGIN
            INSERT OR IGNORE INTO string (value)
            SELECT value FROM (SELECT NEW.event AS value UNION ALL SELECT NEW.session UNION ALL SELECT NEW.scene
                               UNION ALL SELECT NEW.thread)
            WHERE value IS NOT NULL;
            INSERT INTO event_raw (id, launch_id, seq, t, name_id, phase, session_id, scene_id, thread_id, attrs, file_id, line)
            VALUES (NEW.id, NEW.launch_id, NEW.seq, NEW.t, (SELECT id FROM string WHERE value = NEW.event),
                    CASE NEW.phase WHEN 'instant' THEN 0 WHEN 'begin' THEN 1 WHEN 'end' THEN 2 ELSE -1 END,
                    (SELECT id FROM string WHERE value = NEW.session), (SELECT id FROM string WHERE value = NEW.scene),
                    (SELECT id FROM string WHERE value = NEW.thread), NEW.attrs, NEW.file_id, NEW.line);
        END;

        CREATE TRIGGER event_update INSTEAD OF UPDATE ON event
        BEGIN
            INSERT OR IGNORE INTO string (value)
            SELECT value FROM (SELECT NEW.event AS value UNION ALL SELECT NEW.session UNION ALL SELECT NEW.scene
                               UNION ALL SELECT NEW.thread)
            WHERE value IS NOT NULL;
            UPDATE event_raw SET id = NEW.id, launch_id = NEW.launch_id, seq = NEW.seq, t = NEW.t,
                   name_id = (SELECT id FROM string WHERE value = NEW.event),
                   phase = CASE NEW.phase WHEN 'instant' THEN 0 WHEN 'begin' THEN 1 WHEN 'end' THEN 2 ELSE -1 END,
                   session_id = (SELECT id FROM string WHERE value = NEW.session),
                   scene_id = (SELECT id FROM string WHERE value = NEW.scene),
                   thread_id = (SELECT id FROM string WHERE value = NEW.thread),
                   attrs = NEW.attrs, file_id = NEW.file_id, line = NEW.line
            WHERE id = OLD.id;
        END;

        CREATE TRIGGER event_delete INSTEAD OF DELETE ON event
        BEGIN
            DELETE FROM event_raw WHERE id = OLD.id;
        END;

        -- Callback spans: each begin joined with the next end of the same event, session and scene.
        CREATE VIEW span AS
        SELECT launch_id, n.value AS event, s.value AS session, c.value AS scene,
               (SELECT value FROM string WHERE id = p.thread_id) AS thread,
               seq AS begin_seq, t AS begin_t,
               CASE WHEN next_phase = 2 THEN next_seq END AS end_seq,
               CASE WHEN next_phase = 2 THEN next_t END AS end_t,
               CASE WHEN next_phase = 2 THEN next_t - t END AS duration_ns,
               file_id, line AS begin_line,
               CASE WHEN next_phase = 2 THEN next_line END AS end_line
        FROM (
            SELECT e.*, LEAD(phase) OVER w AS next_phase, LEAD(seq) OVER w AS next_seq,
                   LEAD(t) OVER w AS next_t, LEAD(line) OVER w AS next_line
            FROM event_raw e
            WHERE phase IN (1, 2)
            WINDOW w AS (PARTITION BY launch_id, name_id, session_id, scene_id ORDER BY seq)
        ) p
        JOIN string n ON n.id = p.name_id
        LEFT JOIN string s ON s.id = p.session_id
        LEFT JOIN string c ON c.id = p.scene_id
        WHERE phase = 1;

        -- Every event with the scene state after it, per launch and session. One window per step, each
        -- partitioned by launch_id: SQLite then pushes `launch_id = ?` down to the index (with two partitionings
        -- in one step it computes the whole table first).
        CREATE VIEW timeline AS
        WITH changes AS (
            SELECT e.*,
                   CASE WHEN e.phase = 1 THEN NULL ELSE
                       CASE n.value
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
                   END AS change,
                   n.value AS name,
                   FIRST_VALUE(e.t) OVER (PARTITION BY e.launch_id ORDER BY e.seq) AS launch_t
            FROM event_raw e JOIN string n ON n.id = e.name_id
        ),
        grouped AS (
            SELECT c.*, COUNT(change) OVER (PARTITION BY launch_id, session_id ORDER BY seq) AS change_group
            FROM changes c
        ),
        states AS (
            SELECT g.*, MAX(change) OVER (PARTITION BY launch_id, session_id, change_group) AS state
            FROM grouped g
        )
        SELECT x.id, x.launch_id, x.seq, x.t, x.name AS event,
               CASE x.phase WHEN 0 THEN 'instant' WHEN 1 THEN 'begin' WHEN 2 THEN 'end' END AS phase,
               s.value AS session, c.value AS scene, (SELECT value FROM string WHERE id = x.thread_id) AS thread,
               x.attrs, x.file_id, x.line, x.t - x.launch_t AS since_launch_ns, x.state
        FROM states x
        LEFT JOIN string s ON s.id = x.session_id
        LEFT JOIN string c ON c.id = x.scene_id;

        -- Launches with their file and the time from didFinishLaunching to the first sceneDidBecomeActive.
        CREATE VIEW launch_summary AS
        WITH names AS (
            SELECT (SELECT id FROM string WHERE value = 'application(_:didFinishLaunchingWithOptions:)') AS finish,
                   (SELECT id FROM string WHERE value = 'sceneDidBecomeActive(_:)') AS scene_active,
                   (SELECT id FROM string WHERE value = 'applicationDidBecomeActive(_:)') AS app_active
        )
        SELECT l.*, f.path AS file,
               (SELECT COUNT(*) FROM event_raw e WHERE e.launch_id = l.id) AS event_count,
               (SELECT COUNT(DISTINCT session_id) FROM event_raw e WHERE e.launch_id = l.id) AS session_count,
               (SELECT MIN(t) FROM event_raw e, names WHERE e.launch_id = l.id AND e.name_id = names.finish) AS did_finish_launching_t,
               (SELECT MIN(t) FROM event_raw e, names WHERE e.launch_id = l.id
                   AND e.name_id IN (names.scene_active, names.app_active)) AS first_active_t,
               (SELECT MIN(t) FROM event_raw e, names WHERE e.launch_id = l.id
                   AND e.name_id IN (names.scene_active, names.app_active))
               - (SELECT MIN(t) FROM event_raw e, names WHERE e.launch_id = l.id AND e.name_id = names.finish) AS time_to_active_ns
        FROM launch l JOIN trace_file f ON f.id = l.file_id;
        """

    /// `launch.records`: the callbacks a launch's trace records, as a JSON array of canonical names
    /// (NULL: every callback). Existing launches keep NULL, which is what their traces meant.
    /// `launch_summary` selects `l.*`, so it gains the column too.
    static let version4 = """
        ALTER TABLE launch ADD COLUMN records TEXT;
        """

    /// `launch.excerpt`: 1 when the launch began before its trace does (a log that starts mid-run),
    /// NULL otherwise. Existing launches keep NULL, which is what their traces meant (trace format
    /// v1's `excerpt`; docs/rules.md, "Judging what is proven").
    static let version6 = """
        ALTER TABLE launch ADD COLUMN excerpt INTEGER;
        """

    /// `launch_summary.time_to_active_ns` is NULL for a launch whose events all carry one time: a log
    /// that prints no timestamps (`print(#function)`) shows the order of its callbacks, not how long
    /// they took, and "0 ns to active" would be a measurement it never made. A clock that reads in
    /// nanoseconds never gives two different callbacks of a launch the same time.
    static let version7 = """
        DROP VIEW launch_summary;

        -- Launches with their file and the time from didFinishLaunching to the first sceneDidBecomeActive
        -- (NULL when the launch's events all carry one time: its trace has no clock).
        CREATE VIEW launch_summary AS
        WITH names AS (
            SELECT (SELECT id FROM string WHERE value = 'application(_:didFinishLaunchingWithOptions:)') AS finish,
                   (SELECT id FROM string WHERE value = 'sceneDidBecomeActive(_:)') AS scene_active,
                   (SELECT id FROM string WHERE value = 'applicationDidBecomeActive(_:)') AS app_active
        )
        SELECT l.*, f.path AS file,
               (SELECT COUNT(*) FROM event_raw e WHERE e.launch_id = l.id) AS event_count,
               (SELECT COUNT(DISTINCT session_id) FROM event_raw e WHERE e.launch_id = l.id) AS session_count,
               (SELECT MIN(t) FROM event_raw e, names WHERE e.launch_id = l.id AND e.name_id = names.finish) AS did_finish_launching_t,
               (SELECT MIN(t) FROM event_raw e, names WHERE e.launch_id = l.id
                   AND e.name_id IN (names.scene_active, names.app_active)) AS first_active_t,
               CASE WHEN (SELECT MAX(t) > MIN(t) FROM event_raw e WHERE e.launch_id = l.id) THEN
                   (SELECT MIN(t) FROM event_raw e, names WHERE e.launch_id = l.id
                       AND e.name_id IN (names.scene_active, names.app_active))
                   - (SELECT MIN(t) FROM event_raw e, names WHERE e.launch_id = l.id AND e.name_id = names.finish)
               END AS time_to_active_ns
        FROM launch l JOIN trace_file f ON f.id = l.file_id;
        """

    /// `launch.app_version`: the launch record's `appVersion` (`CFBundleShortVersionString`, `3.2`),
    /// NULL when the trace does not say. `launch_summary` selects `l.*`, so it gains the column too.
    static let version8 = """
        ALTER TABLE launch ADD COLUMN app_version TEXT;
        """

    /// `launch.process_start_ns`: the launch record's `processStart`, when the kernel started the
    /// process on the events' clock (`t`); `launch.prewarm`: 1 when iOS launched the process to
    /// prewarm it, 0 when the record says it did not, NULL when the trace does not say.
    static let version9 = """
        ALTER TABLE launch ADD COLUMN process_start_ns INTEGER;
        ALTER TABLE launch ADD COLUMN prewarm INTEGER;
        """

    /// Each launch's anatomy (docs/launches.md), derived at import by ``LaunchAnatomyStore``:
    /// `launch_anatomy`, one row per launch (a launch rotated files continue: on its first part's
    /// row), and `launch_phase`, its phases in order, times on the launch's event clock.
    static let version10 = """
        CREATE TABLE launch_anatomy (
            launch_id INTEGER PRIMARY KEY REFERENCES launch(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('cold', 'warm', 'prewarmed', 'background', 'unknown')),
            reason TEXT NOT NULL,
            evidence TEXT NOT NULL,
            time_to_active_ns INTEGER,
            slowest_phase TEXT,
            ending TEXT NOT NULL CHECK (ending IN ('terminated', 'swipe-killed', 'background', 'foreground-exit', 'unknown')),
            ending_reason TEXT NOT NULL
        );
        CREATE TABLE launch_phase (
            launch_id INTEGER NOT NULL REFERENCES launch(id) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL,
            name TEXT NOT NULL,
            start_ns INTEGER NOT NULL,
            end_ns INTEGER NOT NULL,
            duration_ns INTEGER NOT NULL,
            PRIMARY KEY (launch_id, ordinal)
        ) WITHOUT ROWID;
        """

    /// `launch_anatomy.time_to_first_frame_ns`: the launch's time to the recorder's
    /// `lifeline.firstFrame` (waiting for the user left out, as in `time_to_active_ns`);
    /// `time_to_fully_displayed_ns`: to the app's `lifeline.fullyDisplayed`; `slow_reason`: why it
    /// missed Apple's 400 ms target for the first frame, NULL when it did not (docs/launches.md).
    static let version11 = """
        ALTER TABLE launch_anatomy ADD COLUMN time_to_first_frame_ns INTEGER;
        ALTER TABLE launch_anatomy ADD COLUMN time_to_fully_displayed_ns INTEGER;
        ALTER TABLE launch_anatomy ADD COLUMN slow_reason TEXT;
        """

    /// `launch_resume`: each time a scene (or, in an app without scenes, the app) came back from
    /// the background in a launch, in order: when it entered the background, began to enter the
    /// foreground and became active again (NULL: it did not), on the launch's event clock
    /// (docs/launches.md, "Resumes"). `scene` is NULL for the app. `launch.task_role`: the launch
    /// record's `taskRole`, the kernel's role for the process when the recorder read it (NULL: not recorded).
    static let version12 = """
        CREATE TABLE launch_resume (
            launch_id INTEGER NOT NULL REFERENCES launch(id) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL,
            scene TEXT,
            background_ns INTEGER NOT NULL,
            foreground_ns INTEGER NOT NULL,
            active_ns INTEGER,
            in_background_ns INTEGER NOT NULL,
            to_active_ns INTEGER,
            reconnected INTEGER NOT NULL,
            PRIMARY KEY (launch_id, ordinal)
        ) WITHOUT ROWID;
        ALTER TABLE launch_anatomy ADD COLUMN resumes_omitted INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE launch ADD COLUMN task_role TEXT;
        """

    /// `launch.module_load_ns`: the launch record's `moduleLoad`, when the recorder's image was
    /// loaded (its C constructor ran, before `main()`), on the launch's event clock (NULL: not
    /// recorded). With `process_start_ns` it splits the time before the first event into pre-main
    /// and UIKit's start (docs/launches.md, "Phases").
    static let version13 = """
        ALTER TABLE launch ADD COLUMN module_load_ns INTEGER;
        """

    /// `launch_anatomy.resumes`: the launch's resumes as one JSON array, each `[scene, background_ns,
    /// foreground_ns, active_ns, reconnected]` in order (``LaunchAnatomyStore/resumesJSON(_:)``), and
    /// `launch_resume` a view of them with the columns and rows the v12 table had. A busy launch
    /// returns from the background many times: one row per resume made the anatomy cost the 1M-event
    /// import 11% (133,000 rows), one text per launch about a tenth of that (docs/performance.md).
    /// The view reads the array with `json_each` only, which SQLite allows in a view of a database
    /// it does not trust (``ConnectionHardening``), where 3.40 refuses `json_extract`.
    static let version14 = """
        ALTER TABLE launch_anatomy ADD COLUMN resumes TEXT NOT NULL DEFAULT '[]';
        DROP TABLE launch_resume;

        -- Each time a scene (or the app) came back from the background, in order: launch_anatomy.resumes, a row each.
        CREATE VIEW launch_resume AS
        SELECT a.launch_id, r.key + 1 AS ordinal, scene.atom AS scene, background.atom AS background_ns,
               foreground.atom AS foreground_ns, active.atom AS active_ns,
               foreground.atom - background.atom AS in_background_ns, active.atom - foreground.atom AS to_active_ns,
               reconnected.atom AS reconnected
        FROM launch_anatomy a, json_each(a.resumes) r,
             json_each(r.value, '$[0]') scene, json_each(r.value, '$[1]') background, json_each(r.value, '$[2]') foreground,
             json_each(r.value, '$[3]') active, json_each(r.value, '$[4]') reconnected;
        """
}
