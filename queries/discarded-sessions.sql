-- Discarded scene sessions: each session application(_:didDiscardSceneSessions:) reported, in which launch, and whether it was reported while its scene ran or at a later launch.
SELECT d.launch_id AS launch,
       f.path AS file,
       j.value AS session,
       CASE WHEN EXISTS (SELECT 1 FROM event e WHERE e.launch_id = d.launch_id AND e.session = j.value AND e.seq < d.seq)
            THEN 'while running' ELSE 'at a later launch' END AS reported,
       ROUND((d.t - (SELECT MIN(t) FROM event e WHERE e.launch_id = d.launch_id)) / 1e6, 1) AS after_launch_ms
FROM event d
JOIN trace_file f ON f.id = d.file_id,
     json_each(d.attrs, '$.sessions') j
WHERE d.event = 'application(_:didDiscardSceneSessions:)' AND d.phase IN ('begin', 'instant')
ORDER BY d.launch_id, j.value;
