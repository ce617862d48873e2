// MARK: - The saved query compiled in

extension SavedQuery {
    /// `queries/time-to-active.sql`, compiled in so `lifeline demo` runs from any directory
    /// (a test keeps the two equal). Here because SQL text lives in the store.
    package static let timeToActive = (
        name: "time-to-active",
        sql: """
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
    )
}
