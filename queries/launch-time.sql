-- Launch time of scene apps: from the start of didFinishLaunching to the first sceneDidBecomeActive, with the kind of launch and where the time went.
WITH firsts AS (
    SELECT launch_id,
           MIN(CASE WHEN event = 'application(_:willFinishLaunchingWithOptions:)' THEN t END) AS will_finish_t,
           MIN(CASE WHEN event = 'application(_:didFinishLaunchingWithOptions:)' THEN t END) AS did_finish_t,
           MIN(CASE WHEN event = 'scene(_:willConnectTo:options:)' THEN t END) AS connect_t,
           MIN(CASE WHEN event = 'sceneDidBecomeActive(_:)' THEN t END) AS active_t,
           MAX(CASE WHEN event = 'application(_:willFinishLaunchingWithOptions:)'
                     AND json_extract(attrs, '$.prewarm') THEN 1 ELSE 0 END) AS prewarmed,
           MAX(CASE WHEN event = 'application(_:didFinishLaunchingWithOptions:)'
                     AND json_extract(attrs, '$.state') = 'background' THEN 1 ELSE 0 END) AS in_background
    FROM event
    GROUP BY launch_id
)
SELECT l.id AS launch,
       f.path AS file,
       CASE WHEN prewarmed THEN 'prewarm' WHEN in_background THEN 'background' ELSE 'foreground' END AS kind,
       ROUND((connect_t - did_finish_t) / 1e6, 1) AS to_connect_ms,
       ROUND((active_t - connect_t) / 1e6, 1) AS connect_to_active_ms,
       ROUND((active_t - did_finish_t) / 1e6, 1) AS launch_ms
FROM launch l
JOIN trace_file f ON f.id = l.file_id
JOIN firsts ON firsts.launch_id = l.id
WHERE l.lifecycle = 'scene' AND did_finish_t IS NOT NULL AND active_t IS NOT NULL
ORDER BY launch_ms DESC, l.id;
