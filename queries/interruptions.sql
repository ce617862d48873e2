-- Temporary interruptions (alerts, Control Center): willResignActive followed by didBecomeActive of the same scene, or of a legacy app, with no didEnterBackground between; how long each lasted.
WITH names AS MATERIALIZED (
    SELECT id, value FROM string
    WHERE value IN ('sceneWillResignActive(_:)', 'sceneDidBecomeActive(_:)', 'sceneDidEnterBackground(_:)',
                    'sceneDidDisconnect(_:)', 'applicationWillResignActive(_:)', 'applicationDidBecomeActive(_:)',
                    'applicationDidEnterBackground(_:)', 'applicationWillEnterForeground(_:)')
),
transitions AS (
    -- event_raw (ids) rather than the event view, and names compared as ids: the names are looked up once, not per event.
    SELECT e.launch_id, e.session_id, e.seq, e.t, e.name_id,
           LEAD(e.name_id) OVER w AS next_name,
           LEAD(e.t) OVER w AS next_t
    FROM event_raw e
    WHERE e.name_id IN (SELECT id FROM names) AND e.phase IN (0, 1)
    WINDOW w AS (PARTITION BY e.launch_id, e.session_id, e.scene_id ORDER BY e.seq)
)
SELECT launch_id AS launch,
       COALESCE((SELECT value FROM string WHERE id = session_id), '(app)') AS session,
       seq,
       ROUND((next_t - t) / 1e6, 1) AS inactive_ms
FROM transitions
WHERE name_id IN (SELECT id FROM names WHERE value IN ('sceneWillResignActive(_:)', 'applicationWillResignActive(_:)'))
  AND next_name IN (SELECT id FROM names WHERE value IN ('sceneDidBecomeActive(_:)', 'applicationDidBecomeActive(_:)'))
ORDER BY launch_id, seq;
