-- Time spent in the background per session: from each didEnterBackground's end to the next willEnterForeground or sceneDidDisconnect (or the launch's last event), per launch; legacy apps show as (app).
WITH marks AS (
    SELECT launch_id, session, seq, t, event,
           LEAD(t) OVER (PARTITION BY launch_id, session ORDER BY seq) AS next_t
    FROM event
    WHERE (event IN ('sceneDidEnterBackground(_:)', 'applicationDidEnterBackground(_:)') AND phase IN ('end', 'instant'))
       OR (event IN ('sceneWillEnterForeground(_:)', 'applicationWillEnterForeground(_:)', 'sceneDidDisconnect(_:)')
           AND phase IN ('begin', 'instant'))
),
last_event AS (
    SELECT launch_id, MAX(t) AS t FROM event GROUP BY launch_id
)
SELECT m.launch_id AS launch,
       COALESCE(m.session, '(app)') AS session,
       COUNT(*) AS periods,
       SUM(m.next_t IS NULL) AS open_at_end,
       ROUND(SUM(COALESCE(m.next_t, last_event.t) - m.t) / 1e9, 1) AS background_s
FROM marks m
JOIN last_event ON last_event.launch_id = m.launch_id
WHERE m.event IN ('sceneDidEnterBackground(_:)', 'applicationDidEnterBackground(_:)')
GROUP BY m.launch_id, m.session
ORDER BY background_s DESC, launch, session;
