-- Violations of the last check (lifeline check lifeline.db) by rule: how many findings, in how many launches and sessions.
SELECT rule,
       severity,
       status,
       COUNT(*) AS findings,
       COUNT(DISTINCT launch_id) AS launches,
       COUNT(DISTINCT session) AS sessions
FROM violation
GROUP BY rule, severity, status
ORDER BY CASE severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, findings DESC, rule;
