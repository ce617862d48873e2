-- Callbacks that began and never ended (the app was killed inside them)
SELECT launch_id, session, event, begin_seq FROM span WHERE end_seq IS NULL ORDER BY launch_id, begin_seq;
