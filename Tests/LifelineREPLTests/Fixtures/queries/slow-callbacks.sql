-- Begin/end callbacks by longest duration
SELECT launch_id, session, event, duration_ns / 1e6 AS ms
FROM span WHERE duration_ns IS NOT NULL
ORDER BY duration_ns DESC, launch_id LIMIT 5;
