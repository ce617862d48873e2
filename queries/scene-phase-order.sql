-- SwiftUI's scene phases against the scene delegate's callbacks, per OS version: for each phase change, the callback of the same step nearest to it (within 1 s), which came first and how far apart; Apple documents no order (docs/launches.md, "SwiftUI's scene phases").
WITH phase AS (
    -- A change, not a view's first reading (attrs.initial), which is no step of the scene's.
    SELECT id, launch_id, seq, t,
           json_extract(attrs, '$.phase') AS phase,
           COALESCE(json_extract(attrs, '$.scope'), '(not said)') AS scope
    FROM event
    WHERE event = 'swiftui.scenePhase'
      AND (json_extract(attrs, '$.initial') IS NULL OR NOT json_extract(attrs, '$.initial'))
),
callback AS (
    SELECT launch_id, seq, t, event AS callback
    FROM event
    WHERE event IN ('sceneWillEnterForeground(_:)', 'sceneDidBecomeActive(_:)', 'sceneWillResignActive(_:)',
                    'sceneDidEnterBackground(_:)')
      AND phase != 'end'
),
nearest AS (
    -- The step each phase stands for: active is sceneDidBecomeActive, background sceneDidEnterBackground,
    -- inactive sceneWillResignActive (from active) or sceneWillEnterForeground (from the background).
    SELECT p.id AS phase_id, c.seq AS callback_seq,
           ROW_NUMBER() OVER (PARTITION BY p.id ORDER BY ABS(c.t - p.t), c.seq) AS rank
    FROM phase p
    JOIN callback c ON c.launch_id = p.launch_id AND ABS(c.t - p.t) <= 1000000000
     AND c.callback IN (CASE p.phase WHEN 'active' THEN 'sceneDidBecomeActive(_:)'
                                     WHEN 'background' THEN 'sceneDidEnterBackground(_:)'
                                     WHEN 'inactive' THEN 'sceneWillResignActive(_:)' END,
                        CASE p.phase WHEN 'inactive' THEN 'sceneWillEnterForeground(_:)' END)
)
SELECT COALESCE(l.os, '(not recorded)') AS os,
       p.scope,
       p.phase,
       COALESCE(c.callback, '(none within 1 s)') AS callback,
       CASE WHEN c.seq IS NULL THEN '-' WHEN p.seq < c.seq THEN 'phase' ELSE 'callback' END AS first,
       COUNT(*) AS changes,
       COUNT(DISTINCT p.launch_id) AS launches,
       ROUND(AVG(ABS(c.t - p.t)) / 1e6, 1) AS mean_gap_ms,
       ROUND(MAX(ABS(c.t - p.t)) / 1e6, 1) AS max_gap_ms
FROM phase p
JOIN launch l ON l.id = p.launch_id
LEFT JOIN nearest n ON n.phase_id = p.id AND n.rank = 1
LEFT JOIN callback c ON c.launch_id = p.launch_id AND c.seq = n.callback_seq
GROUP BY 1, 2, 3, 4, 5
ORDER BY os, p.scope, CASE p.phase WHEN 'inactive' THEN 1 WHEN 'active' THEN 2 ELSE 3 END, callback, first;
