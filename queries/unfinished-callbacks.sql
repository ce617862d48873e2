-- Callbacks that began and never ended: the app was killed inside them
SELECT launch_id, session, event, begin_seq, begin_t / 1e9 AS at_s, file_id, begin_line
FROM span
WHERE end_seq IS NULL
ORDER BY launch_id, begin_seq;
