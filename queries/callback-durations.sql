-- Callback durations per UIKit callback: how many spans, p50, p95 and max in milliseconds (nearest-rank percentiles).
WITH ranked AS (
    SELECT event, duration_ns,
           ROW_NUMBER() OVER (PARTITION BY event ORDER BY duration_ns) AS rank,
           COUNT(*) OVER (PARTITION BY event) AS n
    FROM span
    WHERE duration_ns IS NOT NULL AND event LIKE '%)'  -- callbacks are selectors; app-defined names are not
)
SELECT event,
       n AS spans,
       ROUND(MAX(CASE WHEN rank = (n * 50 + 99) / 100 THEN duration_ns END) / 1e6, 2) AS p50_ms,
       ROUND(MAX(CASE WHEN rank = (n * 95 + 99) / 100 THEN duration_ns END) / 1e6, 2) AS p95_ms,
       ROUND(MAX(duration_ns) / 1e6, 2) AS max_ms
FROM ranked
GROUP BY event
ORDER BY max_ms DESC, event;
