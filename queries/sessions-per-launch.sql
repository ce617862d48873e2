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
