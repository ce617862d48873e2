-- Disconnect and reconnect counts per scene session over all launches of a trace file: a reconnect is any connection after the session's first.
SELECT f.path AS file,
       e.session,
       COUNT(DISTINCT e.launch_id) AS launches,
       SUM(e.event = 'sceneDidDisconnect(_:)' AND e.phase IN ('begin', 'instant')) AS disconnects,
       SUM(e.event = 'scene(_:willConnectTo:options:)' AND e.phase IN ('begin', 'instant')) AS connects,
       MAX(SUM(e.event = 'scene(_:willConnectTo:options:)' AND e.phase IN ('begin', 'instant')) - 1, 0) AS reconnects
FROM event e
JOIN trace_file f ON f.id = e.file_id
WHERE e.session IS NOT NULL
GROUP BY e.file_id, e.session
ORDER BY disconnects DESC, reconnects DESC, file, e.session;
