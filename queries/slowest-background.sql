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
