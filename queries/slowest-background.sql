-- The slowest sceneDidEnterBackground calls (applicationDidEnterBackground in legacy apps) and what ran inside them; UIKit allows about 5 s.
SELECT s.launch_id AS launch,
       f.path AS file,
       COALESCE(s.session, '(app)') AS session,
       ROUND(s.duration_ns / 1e6, 1) AS ms,
       CASE WHEN s.duration_ns > 5000000000 THEN 'over 5 s' END AS budget,
       (SELECT group_concat(event, ', ')
        FROM (SELECT e.event FROM event e
              WHERE e.launch_id = s.launch_id AND e.seq > s.begin_seq AND e.seq < s.end_seq AND e.phase = 'begin'
              ORDER BY e.seq)) AS inside
FROM span s
JOIN trace_file f ON f.id = s.file_id
WHERE s.event IN ('sceneDidEnterBackground(_:)', 'applicationDidEnterBackground(_:)') AND s.duration_ns IS NOT NULL
ORDER BY s.duration_ns DESC, s.launch_id
LIMIT 10;
