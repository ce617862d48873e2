-- Trace files whose recorder dropped events or whose lines were skipped on import
SELECT path, event_count, dropped_count, malformed_count, warning_count
FROM trace_file
WHERE dropped_count > 0 OR malformed_count > 0 OR warning_count > 0
ORDER BY dropped_count DESC, malformed_count DESC;
