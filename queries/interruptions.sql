-- Temporary interruptions (alerts, Control Center): willResignActive followed by didBecomeActive of the same scene, or of a legacy app, with no didEnterBackground between; how long each lasted.
WITH transitions AS (
    SELECT launch_id, session, scene, seq, t, event,
           LEAD(event) OVER w AS next_event,
           LEAD(t) OVER w AS next_t
    FROM event
    WHERE phase IN ('begin', 'instant')
      AND event IN ('sceneWillResignActive(_:)', 'sceneDidBecomeActive(_:)', 'sceneDidEnterBackground(_:)',
                    'sceneDidDisconnect(_:)', 'applicationWillResignActive(_:)', 'applicationDidBecomeActive(_:)',
                    'applicationDidEnterBackground(_:)', 'applicationWillEnterForeground(_:)')
    WINDOW w AS (PARTITION BY launch_id, session, scene ORDER BY seq)
)
SELECT launch_id AS launch,
       COALESCE(session, '(app)') AS session,
       seq,
       ROUND((next_t - t) / 1e6, 1) AS inactive_ms
FROM transitions
WHERE event IN ('sceneWillResignActive(_:)', 'applicationWillResignActive(_:)')
  AND next_event IN ('sceneDidBecomeActive(_:)', 'applicationDidBecomeActive(_:)')
ORDER BY launch_id, seq;
