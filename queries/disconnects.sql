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
