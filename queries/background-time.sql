-- Time spent in the background per session: from each didEnterBackground's end to the next willEnterForeground or sceneDidDisconnect (or the launch's last event), per launch; legacy apps show as (app).
WITH names AS (
    SELECT id, value FROM string
    WHERE value IN ('sceneDidEnterBackground(_:)', 'applicationDidEnterBackground(_:)', 'sceneWillEnterForeground(_:)',
                    'applicationWillEnterForeground(_:)', 'sceneDidDisconnect(_:)')
),
marks AS (
    -- event_raw (ids) rather than the event view: the names are looked up once, not per event.
    SELECT e.launch_id, e.session_id, e.seq, e.t, n.value AS event,
           LEAD(e.t) OVER (PARTITION BY e.launch_id, e.session_id ORDER BY e.seq) AS next_t
    FROM event_raw e CROSS JOIN names n
    WHERE n.id = e.name_id
      AND ((n.value IN ('sceneDidEnterBackground(_:)', 'applicationDidEnterBackground(_:)') AND e.phase IN (2, 0))
           OR (n.value IN ('sceneWillEnterForeground(_:)', 'applicationWillEnterForeground(_:)', 'sceneDidDisconnect(_:)')
               AND e.phase IN (1, 0)))
),
last_event AS (
    SELECT launch_id, MAX(t) AS t FROM event_raw GROUP BY launch_id
)
SELECT m.launch_id AS launch,
       COALESCE((SELECT value FROM string WHERE id = m.session_id), '(app)') AS session,
       COUNT(*) AS periods,
       SUM(m.next_t IS NULL) AS open_at_end,
       ROUND(SUM(COALESCE(m.next_t, last_event.t) - m.t) / 1e9, 1) AS background_s
FROM marks m
JOIN last_event ON last_event.launch_id = m.launch_id
WHERE m.event IN ('sceneDidEnterBackground(_:)', 'applicationDidEnterBackground(_:)')
GROUP BY m.launch_id, m.session_id
ORDER BY background_s DESC, launch, session;
