-- Sessions per launch and their outcomes: each launch's scene sessions, new or restored, how often they connected, and how each ended (its last state, or discarded).
WITH per_session AS (
    SELECT launch_id, session,
           MAX(event = 'application(_:configurationForConnecting:options:)') AS configured,
           SUM(event = 'scene(_:willConnectTo:options:)' AND phase IN ('begin', 'instant')) AS connects,
           COUNT(DISTINCT scene) AS scene_objects,
           MAX(seq) AS last_seq
    FROM event
    WHERE session IS NOT NULL
    GROUP BY launch_id, session
),
last_state AS (
    -- The state after a session's last event: its last state change (the timeline carries it forward).
    SELECT p.launch_id, p.session,
           (SELECT t.state FROM timeline t WHERE t.launch_id = p.launch_id AND t.session = p.session AND t.seq <= p.last_seq
                AND t.state IS NOT NULL ORDER BY t.seq DESC LIMIT 1) AS state
    FROM per_session p
),
discards AS (
    SELECT e.launch_id, e.seq, j.value AS session
    FROM event e, json_each(e.attrs, '$.sessions') j
    WHERE e.event = 'application(_:didDiscardSceneSessions:)' AND e.phase IN ('begin', 'instant')
)
SELECT l.id AS launch,
       (SELECT COUNT(*) FROM per_session c WHERE c.launch_id = l.id) AS sessions,
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
LEFT JOIN per_session p ON p.launch_id = l.id
LEFT JOIN last_state s ON s.launch_id = p.launch_id AND s.session = p.session
WHERE l.lifecycle = 'scene'
ORDER BY l.id, p.session;
