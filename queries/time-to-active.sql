-- Launch to first didBecomeActive, per launch, slowest first
SELECT id, app, os, device, time_to_active_ns / 1e6 AS ms, file
FROM launch_summary
ORDER BY time_to_active_ns DESC NULLS LAST;
