-- Each time a scene (or the app) came back from the background: how long it was away and how long it took to be active again, slowest first (docs/launches.md, "Resumes").
SELECT r.launch_id AS launch,
       f.path AS file,
       COALESCE(r.scene, '(app)') AS scene,
       CASE r.reconnected WHEN 1 THEN 'reconnected' ELSE 'kept' END AS scene_was,
       ROUND(r.in_background_ns / 1e9, 1) AS in_background_s,
       ROUND(r.to_active_ns / 1e6, 1) AS to_active_ms
FROM launch_resume r
JOIN launch l ON l.id = r.launch_id
JOIN trace_file f ON f.id = l.file_id
ORDER BY r.to_active_ns IS NULL, r.to_active_ns DESC, r.launch_id, r.ordinal;
