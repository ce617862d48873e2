-- The twenty longest begin/end callbacks, slowest first
SELECT launch_id, session, event, duration_ns / 1e6 AS ms, begin_seq
FROM span
WHERE duration_ns IS NOT NULL
ORDER BY duration_ns DESC
LIMIT 20;
