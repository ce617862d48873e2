-- Sessions per launch and their outcomes: each launch's scene sessions, new or restored, how often they connected, and how each ended (its last state, or discarded).
WITH names AS (
    SELECT (SELECT id FROM string WHERE value = 'application(_:configurationForConnecting:options:)') AS configure,
           (SELECT id FROM string WHERE value = 'scene(_:willConnectTo:options:)') AS connect
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
    SELECT p.launch_id, s.value AS session, p.configured, p.connects, p.scene_objects, p.last_seq
    FROM per_session_id p JOIN string s ON s.id = p.session_id
),
last_state AS (
    -- The state after a session's last event: its last state change (the timeline carries it forward).
    SELECT p.launch_id, p.session,
           (SELECT t.state FROM timeline t WHERE t.launch_id = p.launch_id AND t.session = p.session AND t.seq <= p.last_seq
                AND t.state IS NOT NULL ORDER BY t.seq DESC LIMIT 1) AS state
    FROM per_session p
),
session_counts AS (
    SELECT launch_id, COUNT(*) AS sessions FROM per_session GROUP BY launch_id
),
discards AS (
    SELECT e.launch_id, e.seq, j.value AS session
    FROM event e, json_each(e.attrs, '$.sessions') j
    WHERE e.event = 'application(_:didDiscardSceneSessions:)' AND e.phase IN ('begin', 'instant')
)
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
           WHEN s.state = 'unattached' THEN 'released'
           ELSE s.state
       END AS outcome
FROM launch l
LEFT JOIN session_counts sc ON sc.launch_id = l.id
LEFT JOIN per_session p ON p.launch_id = l.id
LEFT JOIN last_state s ON s.launch_id = p.launch_id AND s.session = p.session
WHERE l.lifecycle = 'scene'
ORDER BY l.id, p.session;
