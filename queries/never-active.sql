-- Launches that never became active (no sceneDidBecomeActive or applicationDidBecomeActive): background launches, prewarms nobody opened, deaths during launch.
SELECT ls.id AS launch,
       ls.file,
       ls.lifecycle,
       ls.event_count AS events,
       (SELECT e.event FROM event e WHERE e.launch_id = ls.id AND e.event LIKE '%)' ORDER BY e.seq DESC LIMIT 1)
           AS last_callback,
       (SELECT json_extract(e.attrs, '$.state') FROM event e
        WHERE e.launch_id = ls.id AND e.event = 'application(_:didFinishLaunchingWithOptions:)'
        ORDER BY e.seq LIMIT 1) AS state_at_launch
FROM launch_summary ls
WHERE ls.first_active_t IS NULL
ORDER BY ls.id;
