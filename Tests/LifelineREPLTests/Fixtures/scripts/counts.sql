-- Read by a session: SQL and commands alike.
.mode column
SELECT launch_id, COUNT(*) AS events
FROM event
GROUP BY launch_id;
.sessions 2
