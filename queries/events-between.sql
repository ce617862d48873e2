-- App-defined events between two callbacks in each launch, with their durations: here from didFinishLaunching to the first sceneDidBecomeActive (edit the two names in `bounds`).
WITH bounds (from_event, to_event) AS (
    VALUES ('application(_:didFinishLaunchingWithOptions:)', 'sceneDidBecomeActive(_:)')
),
windows AS (
    SELECT e.launch_id,
           MIN(CASE WHEN e.event = b.from_event THEN e.seq END) AS from_seq,
           MIN(CASE WHEN e.event = b.to_event THEN e.seq END) AS to_seq,
           MIN(CASE WHEN e.event = b.from_event THEN e.t END) AS from_t
    FROM event e, bounds b
    GROUP BY e.launch_id
)
SELECT e.launch_id AS launch,
       e.seq,
       ROUND((e.t - w.from_t) / 1e6, 1) AS after_ms,
       e.event,
       e.session,
       ROUND(s.duration_ns / 1e6, 1) AS duration_ms
FROM windows w
JOIN event e ON e.launch_id = w.launch_id AND e.seq > w.from_seq AND e.seq < w.to_seq
LEFT JOIN span s ON s.launch_id = e.launch_id AND s.begin_seq = e.seq
WHERE e.event NOT LIKE '%)' AND e.phase IN ('begin', 'instant')  -- app-defined names are not selectors
ORDER BY e.launch_id, e.seq;
