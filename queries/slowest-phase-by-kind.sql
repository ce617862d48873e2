-- The phase that took longest, per launch kind: of how many launches it was the slowest phase, mean and longest (docs/launches.md; the wait for the user is not counted).
SELECT a.kind,
       COALESCE(a.slowest_phase, '(no phases)') AS slowest_phase,
       COUNT(*) AS launches,
       ROUND(AVG(p.duration_ns) / 1e6, 1) AS mean_ms,
       ROUND(MAX(p.duration_ns) / 1e6, 1) AS longest_ms,
       SUM(a.slow_reason IS NOT NULL) AS slow
FROM launch_anatomy a
LEFT JOIN launch_phase p ON p.launch_id = a.launch_id AND p.name = a.slowest_phase
GROUP BY a.kind, a.slowest_phase
ORDER BY a.kind, launches DESC, longest_ms DESC;
