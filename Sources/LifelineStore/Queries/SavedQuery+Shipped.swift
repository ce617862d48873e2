// Generated from queries/*.sql: do not edit. `LIFELINE_REGENERATE=1 swift test --filter ShippedQueryTests`
// rewrites it; that test fails while this file and queries/ differ.

extension SavedQuery {
    /// The text of each saved query in the repository's `queries/`, by name, compiled into the binary so
    /// `.queries` and `.query NAME` work from any directory (``catalog(projectDirectory:)``).
    package static let shippedSources: [(name: String, sql: String)] = [
        (
            name: "background-time",
            sql: #"""
            -- Time spent in the background per session: from each didEnterBackground's end to the next willEnterForeground or sceneDidDisconnect (or the launch's last event), per launch; legacy apps show as (app).
            WITH names AS (
                SELECT id, value FROM string
                WHERE value IN ('sceneDidEnterBackground(_:)', 'applicationDidEnterBackground(_:)', 'sceneWillEnterForeground(_:)',
                                'applicationWillEnterForeground(_:)', 'sceneDidDisconnect(_:)')
            ),
            marks AS (
                -- event_raw (ids) rather than the event view: the names are looked up once, not per event.
                SELECT e.launch_id, e.session_id, e.seq, e.t, n.value AS event,
                       LEAD(e.t) OVER (PARTITION BY e.launch_id, e.session_id ORDER BY e.seq) AS next_t
                FROM event_raw e CROSS JOIN names n
                WHERE n.id = e.name_id
                  AND ((n.value IN ('sceneDidEnterBackground(_:)', 'applicationDidEnterBackground(_:)') AND e.phase IN (2, 0))
                       OR (n.value IN ('sceneWillEnterForeground(_:)', 'applicationWillEnterForeground(_:)', 'sceneDidDisconnect(_:)')
                           AND e.phase IN (1, 0)))
            ),
            last_event AS (
                SELECT launch_id, MAX(t) AS t FROM event_raw GROUP BY launch_id
            )
            SELECT m.launch_id AS launch,
                   COALESCE((SELECT value FROM string WHERE id = m.session_id), '(app)') AS session,
                   COUNT(*) AS periods,
                   SUM(m.next_t IS NULL) AS open_at_end,
                   ROUND(SUM(COALESCE(m.next_t, last_event.t) - m.t) / 1e9, 1) AS background_s
            FROM marks m
            JOIN last_event ON last_event.launch_id = m.launch_id
            WHERE m.event IN ('sceneDidEnterBackground(_:)', 'applicationDidEnterBackground(_:)')
            GROUP BY m.launch_id, m.session_id
            ORDER BY background_s DESC, launch, session;

            """#
        ),
        (
            name: "callback-durations",
            sql: #"""
            -- Callback durations per UIKit callback: how many spans, p50, p95 and max in milliseconds (nearest-rank percentiles).
            WITH ranked AS (
                SELECT event, duration_ns,
                       ROW_NUMBER() OVER (PARTITION BY event ORDER BY duration_ns) AS rank,
                       COUNT(*) OVER (PARTITION BY event) AS n
                FROM span
                WHERE duration_ns IS NOT NULL AND event LIKE '%)'  -- callbacks are selectors; app-defined names are not
            )
            SELECT event,
                   n AS spans,
                   -- The nearest rank, ceil(n * p / 100), truncated with CAST so that it is an integer in any SQL dialect.
                   ROUND(MAX(CASE WHEN rank = CAST((n * 50 + 99) / 100 AS INTEGER) THEN duration_ns END) / 1e6, 2) AS p50_ms,
                   ROUND(MAX(CASE WHEN rank = CAST((n * 95 + 99) / 100 AS INTEGER) THEN duration_ns END) / 1e6, 2) AS p95_ms,
                   ROUND(MAX(duration_ns) / 1e6, 2) AS max_ms
            FROM ranked
            GROUP BY event, n  -- n is the same on every row of an event
            ORDER BY max_ms DESC, event;

            """#
        ),
        (
            name: "discarded-sessions",
            sql: #"""
            -- Discarded scene sessions: each session application(_:didDiscardSceneSessions:) reported, in which launch, and whether it was reported while its scene ran or at a later launch.
            SELECT d.launch_id AS launch,
                   f.path AS file,
                   j.value AS session,
                   CASE WHEN EXISTS (SELECT 1 FROM event e WHERE e.launch_id = d.launch_id AND e.session = j.value AND e.seq < d.seq)
                        THEN 'while running' ELSE 'at a later launch' END AS reported,
                   ROUND((d.t - (SELECT MIN(t) FROM event e WHERE e.launch_id = d.launch_id)) / 1e6, 1) AS after_launch_ms
            FROM event d
            JOIN trace_file f ON f.id = d.file_id,
                 json_each(d.attrs, '$.sessions') j
            WHERE d.event = 'application(_:didDiscardSceneSessions:)' AND d.phase IN ('begin', 'instant')
            ORDER BY d.launch_id, j.value;

            """#
        ),
        (
            name: "disconnects",
            sql: #"""
            -- Disconnect and reconnect counts per scene session over all launches of a trace file: a reconnect is any connection after the session's first.
            WITH names AS (
                SELECT (SELECT id FROM string WHERE value = 'sceneDidDisconnect(_:)') AS disconnect,
                       (SELECT id FROM string WHERE value = 'scene(_:willConnectTo:options:)') AS connect
            ),
            counts AS (
                -- event_raw (ids), grouped before any string is looked up: a million rows through the event view cost 3 lookups each.
                SELECT e.file_id, e.session_id,
                       COUNT(DISTINCT e.launch_id) AS launches,
                       SUM(IFNULL(e.name_id = names.disconnect, 0) AND e.phase IN (0, 1)) AS disconnects,
                       SUM(IFNULL(e.name_id = names.connect, 0) AND e.phase IN (0, 1)) AS connects
                FROM event_raw e, names
                WHERE e.session_id IS NOT NULL
                GROUP BY e.file_id, e.session_id
            )
            SELECT f.path AS file,
                   s.value AS session,
                   c.launches,
                   c.disconnects,
                   c.connects,
                   MAX(c.connects - 1, 0) AS reconnects
            FROM counts c
            JOIN trace_file f ON f.id = c.file_id
            JOIN string s ON s.id = c.session_id
            ORDER BY disconnects DESC, reconnects DESC, file, session;

            """#
        ),
        (
            name: "dropped-events",
            sql: #"""
            -- Trace files whose recorder dropped events or whose lines were skipped on import
            SELECT path, event_count, dropped_count, malformed_count, warning_count
            FROM trace_file
            WHERE dropped_count > 0 OR malformed_count > 0 OR warning_count > 0
            ORDER BY dropped_count DESC, malformed_count DESC;

            """#
        ),
        (
            name: "events-between",
            sql: #"""
            -- App-defined events between two callbacks in each launch, with their durations: here from didFinishLaunching to the first sceneDidBecomeActive (edit the two names in `bounds`).
            WITH bounds (from_event, to_event) AS (
                VALUES ('application(_:didFinishLaunchingWithOptions:)', 'sceneDidBecomeActive(_:)')
            ),
            names AS MATERIALIZED (
                SELECT (SELECT id FROM string WHERE value = b.from_event) AS from_id,
                       (SELECT id FROM string WHERE value = b.to_event) AS to_id
                FROM bounds b
            ),
            windows AS (
                -- event_raw (ids), the two names looked up once: through the event view every event costs 3 string lookups.
                SELECT e.launch_id,
                       MIN(CASE WHEN e.name_id = n.from_id THEN e.seq END) AS from_seq,
                       MIN(CASE WHEN e.name_id = n.to_id THEN e.seq END) AS to_seq,
                       MIN(CASE WHEN e.name_id = n.from_id THEN e.t END) AS from_t
                FROM event_raw e, names n
                GROUP BY e.launch_id
            )
            SELECT e.launch_id AS launch,
                   e.seq,
                   ROUND((e.t - w.from_t) / 1e6, 1) AS after_ms,
                   e.event,
                   e.session,
                   ROUND((x.t - b.t) / 1e6, 1) AS duration_ms
            FROM windows w
            JOIN event e ON e.launch_id = w.launch_id AND e.seq > w.from_seq AND e.seq < w.to_seq
            -- The spans that begin at the event (the span view's begins and ends, without its string lookups for every span).
            LEFT JOIN event_raw b ON b.launch_id = e.launch_id AND b.seq = e.seq AND b.phase = 1
            LEFT JOIN event_raw x ON x.id = b.pair_id
            WHERE e.event NOT LIKE '%)' AND e.phase IN ('begin', 'instant')  -- app-defined names are not selectors
            ORDER BY e.launch_id, e.seq;

            """#
        ),
        (
            name: "interruptions",
            sql: #"""
            -- Temporary interruptions (alerts, Control Center): willResignActive followed by didBecomeActive of the same scene, or of a legacy app, with no didEnterBackground between; how long each lasted.
            WITH names AS MATERIALIZED (
                SELECT id, value FROM string
                WHERE value IN ('sceneWillResignActive(_:)', 'sceneDidBecomeActive(_:)', 'sceneDidEnterBackground(_:)',
                                'sceneDidDisconnect(_:)', 'applicationWillResignActive(_:)', 'applicationDidBecomeActive(_:)',
                                'applicationDidEnterBackground(_:)', 'applicationWillEnterForeground(_:)')
            ),
            transitions AS (
                -- event_raw (ids) rather than the event view, and names compared as ids: the names are looked up once, not per event.
                SELECT e.launch_id, e.session_id, e.seq, e.t, e.name_id,
                       LEAD(e.name_id) OVER w AS next_name,
                       LEAD(e.t) OVER w AS next_t
                FROM event_raw e
                WHERE e.name_id IN (SELECT id FROM names) AND e.phase IN (0, 1)
                WINDOW w AS (PARTITION BY e.launch_id, e.session_id, e.scene_id ORDER BY e.seq)
            )
            SELECT launch_id AS launch,
                   COALESCE((SELECT value FROM string WHERE id = session_id), '(app)') AS session,
                   seq,
                   ROUND((next_t - t) / 1e6, 1) AS inactive_ms
            FROM transitions
            WHERE name_id IN (SELECT id FROM names WHERE value IN ('sceneWillResignActive(_:)', 'applicationWillResignActive(_:)'))
              AND next_name IN (SELECT id FROM names WHERE value IN ('sceneDidBecomeActive(_:)', 'applicationDidBecomeActive(_:)'))
            ORDER BY launch_id, seq;

            """#
        ),
        (
            name: "launch-time",
            sql: #"""
            -- Launch time of scene apps: from the start of didFinishLaunching to the first sceneDidBecomeActive, with the kind of launch and where the time went.
            WITH firsts AS (
                SELECT launch_id,
                       MIN(CASE WHEN event = 'application(_:willFinishLaunchingWithOptions:)' THEN t END) AS will_finish_t,
                       MIN(CASE WHEN event = 'application(_:didFinishLaunchingWithOptions:)' THEN t END) AS did_finish_t,
                       MIN(CASE WHEN event = 'scene(_:willConnectTo:options:)' THEN t END) AS connect_t,
                       MIN(CASE WHEN event = 'sceneDidBecomeActive(_:)' THEN t END) AS active_t,
                       MAX(CASE WHEN event = 'application(_:willFinishLaunchingWithOptions:)'
                                 AND json_extract(attrs, '$.prewarm') THEN 1 ELSE 0 END) AS prewarmed,
                       MAX(CASE WHEN event = 'application(_:didFinishLaunchingWithOptions:)'
                                 AND json_extract(attrs, '$.state') = 'background' THEN 1 ELSE 0 END) AS in_background
                FROM event
                GROUP BY launch_id
            )
            SELECT l.id AS launch,
                   f.path AS file,
                   CASE WHEN prewarmed THEN 'prewarm' WHEN in_background THEN 'background' ELSE 'foreground' END AS kind,
                   ROUND((connect_t - did_finish_t) / 1e6, 1) AS to_connect_ms,
                   ROUND((active_t - connect_t) / 1e6, 1) AS connect_to_active_ms,
                   ROUND((active_t - did_finish_t) / 1e6, 1) AS launch_ms
            FROM launch l
            JOIN trace_file f ON f.id = l.file_id
            JOIN firsts ON firsts.launch_id = l.id
            WHERE l.lifecycle = 'scene' AND did_finish_t IS NOT NULL AND active_t IS NOT NULL
            ORDER BY launch_ms DESC, l.id;

            """#
        ),
        (
            name: "never-active",
            sql: #"""
            -- Launches that never became active (no sceneDidBecomeActive or applicationDidBecomeActive): background launches, prewarms nobody opened, deaths during launch.
            SELECT ls.id AS launch,
                   ls.file,
                   ls.lifecycle,
                   ls.event_count AS events,
                   (SELECT e.event FROM event e WHERE e.launch_id = ls.id AND e.event LIKE '%)' ORDER BY e.seq DESC LIMIT 1)
                       AS last_callback,
                   (SELECT json_extract(e.attrs, '$.state') FROM event e
                    WHERE e.launch_id = ls.id AND e.event = 'application(_:didFinishLaunchingWithOptions:)'
                    ORDER BY e.seq LIMIT 1) AS state_at_launch
            FROM launch_summary ls
            WHERE ls.first_active_t IS NULL
            ORDER BY ls.id;

            """#
        ),
        (
            name: "sessions-per-launch",
            sql: #"""
            -- Sessions per launch and their outcomes: each launch's scene sessions, new or restored, how often they connected, and how each ended (its last state, or discarded).
            WITH names AS (
                SELECT (SELECT id FROM string WHERE value = 'application(_:configurationForConnecting:options:)') AS configure,
                       (SELECT id FROM string WHERE value = 'scene(_:willConnectTo:options:)') AS connect,
                       (SELECT id FROM string WHERE value = 'application(_:didDiscardSceneSessions:)') AS discard
            ),
            per_session_id AS (
                -- event_raw (ids), grouped before any string is looked up: a million rows through the event view cost 3 lookups each.
                SELECT e.launch_id, e.session_id,
                       MAX(IFNULL(e.name_id = names.configure, 0)) AS configured,
                       SUM(IFNULL(e.name_id = names.connect, 0) AND e.phase IN (0, 1)) AS connects,
                       COUNT(DISTINCT e.scene_id) AS scene_objects,
                       MAX(e.seq) AS last_seq
                FROM event_raw e, names
                WHERE e.session_id IS NOT NULL
                GROUP BY e.launch_id, e.session_id
            ),
            last_event AS (
                -- Each session's last event, by the (launch, session, seq) index: its row id (seq is unique in a launch).
                SELECT p.launch_id, p.session_id, MIN(e.id) AS id
                FROM per_session_id p JOIN event_raw e ON e.launch_id = p.launch_id AND e.session_id = p.session_id AND e.seq = p.last_seq
                GROUP BY p.launch_id, p.session_id
            ),
            per_session AS (
                -- The state after a session's last event is its last event's state (the timeline carries the last change
                -- forward): one probe by row id per session.
                SELECT p.launch_id, s.value AS session, p.configured, p.connects, p.scene_objects, p.last_seq,
                       (SELECT t.state FROM timeline t WHERE t.id = le.id) AS state
                FROM per_session_id p
                JOIN string s ON s.id = p.session_id
                LEFT JOIN last_event le ON le.launch_id = p.launch_id AND le.session_id = p.session_id
            ),
            session_counts AS (
                SELECT launch_id, COUNT(*) AS sessions FROM per_session GROUP BY launch_id
            ),
            discards AS (
                -- The discard events by their name id (none: nothing is read), then their attributes by row id; a session's
                -- last discard in each launch.
                SELECT e.launch_id, j.value AS session, MAX(e.seq) AS seq
                FROM names CROSS JOIN event_raw e, json_each(e.attrs, '$.sessions') j
                WHERE names.discard IS NOT NULL AND e.name_id = names.discard AND e.phase IN (0, 1)
                GROUP BY e.launch_id, j.value
            ),
            launches AS (
                -- Each launch with the next launch of its file, whose discards may name this launch's sessions.
                SELECT id, lifecycle, LEAD(id) OVER (PARTITION BY file_id ORDER BY id) AS next_id FROM launch
            ),
            -- Materialized, then sorted: sorted in place, SQLite would scan session_counts once per launch rather than index it.
            outcomes AS MATERIALIZED (
                SELECT l.id AS launch,
                       COALESCE(sc.sessions, 0) AS sessions,
                       p.session,
                       CASE WHEN p.session IS NULL THEN NULL WHEN p.configured THEN 'new' ELSE 'restored' END AS origin,
                       COALESCE(p.connects, 0) AS connects,
                       p.scene_objects,
                       CASE
                           WHEN here.seq > p.last_seq THEN 'discarded'
                           WHEN next.seq IS NOT NULL THEN 'discarded (next launch)'
                           WHEN p.state = 'unattached' THEN 'released'
                           ELSE p.state
                       END AS outcome
                FROM launches l
                LEFT JOIN session_counts sc ON sc.launch_id = l.id
                LEFT JOIN per_session p ON p.launch_id = l.id
                LEFT JOIN discards here ON here.launch_id = l.id AND here.session = p.session
                LEFT JOIN discards next ON next.launch_id = l.next_id AND next.session = p.session
                WHERE l.lifecycle = 'scene'
            )
            SELECT * FROM outcomes ORDER BY launch, session;

            """#
        ),
        (
            name: "slowest-background",
            sql: #"""
            -- The slowest sceneDidEnterBackground calls (applicationDidEnterBackground in legacy apps) and what ran inside them; UIKit allows about 5 s.
            WITH slowest AS (
                -- The ten first, so what ran inside is looked up for those alone.
                SELECT launch_id, session, begin_seq, end_seq, duration_ns, file_id
                FROM span
                WHERE event IN ('sceneDidEnterBackground(_:)', 'applicationDidEnterBackground(_:)') AND duration_ns IS NOT NULL
                ORDER BY duration_ns DESC, launch_id
                LIMIT 10
            )
            SELECT s.launch_id AS launch,
                   f.path AS file,
                   COALESCE(s.session, '(app)') AS session,
                   ROUND(s.duration_ns / 1e6, 1) AS ms,
                   CASE WHEN s.duration_ns > 5000000000 THEN 'over 5 s' END AS budget,
                   (SELECT group_concat(event, ', ')
                    FROM (SELECT e.event FROM event e
                          WHERE e.launch_id = s.launch_id AND e.seq > s.begin_seq AND e.seq < s.end_seq AND e.phase = 'begin'
                          ORDER BY e.seq)) AS inside
            FROM slowest s
            JOIN trace_file f ON f.id = s.file_id
            ORDER BY s.duration_ns DESC, s.launch_id;

            """#
        ),
        (
            name: "slowest-callbacks",
            sql: #"""
            -- The twenty longest begin/end callbacks, slowest first
            SELECT launch_id, session, event, duration_ns / 1e6 AS ms, begin_seq
            FROM span
            WHERE duration_ns IS NOT NULL
            ORDER BY duration_ns DESC
            LIMIT 20;

            """#
        ),
        (
            name: "time-to-active",
            sql: #"""
            -- Time to active per launch: from didFinishLaunching to the first sceneDidBecomeActive (applicationDidBecomeActive in legacy apps), slowest first.
            SELECT id AS launch,
                   file,
                   lifecycle,
                   device,
                   ROUND(time_to_active_ns / 1e6, 1) AS time_to_active_ms
            FROM launch_summary
            WHERE time_to_active_ns IS NOT NULL
            ORDER BY time_to_active_ns DESC, id;

            """#
        ),
        (
            name: "unfinished-callbacks",
            sql: #"""
            -- Callbacks that began and never ended: the app was killed inside them
            SELECT launch_id, session, event, begin_seq, begin_t / 1e9 AS at_s, file_id, begin_line
            FROM span
            WHERE end_seq IS NULL
            ORDER BY launch_id, begin_seq;

            """#
        ),
        (
            name: "violations-by-rule",
            sql: #"""
            -- Violations of the last check (lifeline check lifeline.db) by rule: how many findings, in how many launches and sessions.
            SELECT rule,
                   severity,
                   status,
                   COUNT(*) AS findings,
                   COUNT(DISTINCT launch_id) AS launches,
                   COUNT(DISTINCT session) AS sessions
            FROM violation
            GROUP BY rule, severity, status
            ORDER BY CASE severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, findings DESC, rule;

            """#
        ),
    ]
}
