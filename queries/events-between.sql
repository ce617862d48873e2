-- App-defined events between two callbacks in each launch, with their durations: here from didFinishLaunching to the first sceneDidBecomeActive (edit the two names in `bounds`).
WITH bounds (from_event, to_event) AS (
    VALUES ('application(_:didFinishLaunchingWithOptions:)', 'sceneDidBecomeActive(_:)')
),
names AS MATERIALIZED (
    SELECT (SELECT id FROM string WHERE value = b.from_event) AS from_id,
           (SELECT id FROM string WHERE value = b.to_event) AS to_id
    FROM bounds b
),
windows AS (
    -- event_raw (ids), the two names looked up once: through the event view every event costs 3 string lookups.
    SELECT e.launch_id,
           MIN(CASE WHEN e.name_id = n.from_id THEN e.seq END) AS from_seq,
           MIN(CASE WHEN e.name_id = n.to_id THEN e.seq END) AS to_seq,
           MIN(CASE WHEN e.name_id = n.from_id THEN e.t END) AS from_t
    FROM event_raw e, names n
    GROUP BY e.launch_id
)
SELECT e.launch_id AS launch,
       e.seq,
       ROUND((e.t - w.from_t) / 1e6, 1) AS after_ms,
       e.event,
       e.session,
       ROUND((x.t - b.t) / 1e6, 1) AS duration_ms
FROM windows w
JOIN event e ON e.launch_id = w.launch_id AND e.seq > w.from_seq AND e.seq < w.to_seq
-- The spans that begin at the event (the span view's begins and ends, without its string lookups for every span).
LEFT JOIN event_raw b ON b.launch_id = e.launch_id AND b.seq = e.seq AND b.phase = 1
LEFT JOIN event_raw x ON x.id = b.pair_id
WHERE e.event NOT LIKE '%)' AND e.phase IN ('begin', 'instant')  -- app-defined names are not selectors
ORDER BY e.launch_id, e.seq;
