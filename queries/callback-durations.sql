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
       -- The nearest rank, ceil(n * p / 100), truncated with CAST so that it is an integer in any SQL dialect.
       ROUND(MAX(CASE WHEN rank = CAST((n * 50 + 99) / 100 AS INTEGER) THEN duration_ns END) / 1e6, 2) AS p50_ms,
       ROUND(MAX(CASE WHEN rank = CAST((n * 95 + 99) / 100 AS INTEGER) THEN duration_ns END) / 1e6, 2) AS p95_ms,
       ROUND(MAX(duration_ns) / 1e6, 2) AS max_ms
FROM ranked
GROUP BY event, n  -- n is the same on every row of an event
ORDER BY max_ms DESC, event;
