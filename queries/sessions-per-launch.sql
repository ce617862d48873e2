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
per_session AS (
    -- The state after a session's last event is its last event's state (the timeline carries the last change
    -- forward): one index probe per session.
    SELECT p.launch_id, s.value AS session, p.configured, p.connects, p.scene_objects, p.last_seq,
           (SELECT t.state FROM timeline t
            WHERE t.id = (SELECT e.id FROM event_raw e
                          WHERE e.launch_id = p.launch_id AND e.session_id = p.session_id AND e.seq = p.last_seq LIMIT 1)
           ) AS state
    FROM per_session_id p JOIN string s ON s.id = p.session_id
),
session_counts AS (
    SELECT launch_id, COUNT(*) AS sessions FROM per_session GROUP BY launch_id
),
discards AS (
    -- The discard events by their name id (none: nothing is read), then their attributes by row id.
    SELECT e.launch_id, e.seq, j.value AS session
    FROM names CROSS JOIN event_raw e, json_each(e.attrs, '$.sessions') j
    WHERE names.discard IS NOT NULL AND e.name_id = names.discard AND e.phase IN (0, 1)
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
               WHEN EXISTS (SELECT 1 FROM discards d WHERE d.session = p.session AND d.launch_id = l.id AND d.seq > p.last_seq)
                   THEN 'discarded'
               WHEN EXISTS (SELECT 1 FROM discards d WHERE d.session = p.session AND d.launch_id =
                                (SELECT MIN(n.id) FROM launch n WHERE n.file_id = l.file_id AND n.id > l.id))
                   THEN 'discarded (next launch)'
               WHEN p.state = 'unattached' THEN 'released'
               ELSE p.state
           END AS outcome
    FROM launch l
    LEFT JOIN session_counts sc ON sc.launch_id = l.id
    LEFT JOIN per_session p ON p.launch_id = l.id
    WHERE l.lifecycle = 'scene'
)
SELECT * FROM outcomes ORDER BY launch, session;
