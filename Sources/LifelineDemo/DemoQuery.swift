/// The saved query `lifeline demo` prints: a copy of `queries/time-to-active.sql`
/// (compiled in so the demo runs from any directory; a test keeps the two equal).
enum DemoQuery {
    static let name = "time-to-active"
    static let sql = """
        -- Time to active per launch: from didFinishLaunching to the first sceneDidBecomeActive (applicationDidBecomeActive in legacy apps), slowest first.
        SELECT id AS launch,
               file,
               lifecycle,
               device,
               ROUND(time_to_active_ns / 1e6, 1) AS time_to_active_ms
        FROM launch_summary
        WHERE time_to_active_ns IS NOT NULL
        ORDER BY time_to_active_ns DESC, id;
        """
}
