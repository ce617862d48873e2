import LifelineStore

/// The callbacks of one launch in order, one lane per scene session (and one for the app),
/// begin/end pairs folded into one row with a duration, and the scene state after each.
///
/// Laid out from the store's ``LaunchTimeline`` (``SQLSession/timeline(launchID:session:)``),
/// which reads the `timeline` view's rows (docs/schema.md) for the times and the state after
/// each event, and pairs a begin with its end as the `span` view does (the next begin or end of
/// the same event, session and scene, if it is an end). ``TimelinePager`` reads one a page at a time.
struct Timeline {
    var header: LaunchHeader
    /// Lane titles: nil for the app (events without a session), else the session id.
    var lanes: [String?]
    var rows: [TimelineRow]

    /// Loads launch `launchID` whole; with `session`, only that session's lane and the app's.
    static func load(_ store: SQLSession, launchID: Int64, session: String? = nil) throws -> Timeline? {
        guard let timeline = try store.timeline(launchID: launchID, session: session) else { return nil }
        // The app's lane first, then sessions in the order they appeared.
        var lanes: [String?] = []
        var seen = Set<String?>()
        for entry in timeline.entries where seen.insert(entry.session).inserted {
            lanes.append(entry.session)
        }
        if let app = lanes.firstIndex(where: { $0 == nil }), app != 0 {
            lanes.remove(at: app)
            lanes.insert(nil, at: 0)
        }
        var builder = TimelineBuilder(header: LaunchHeader(timeline.launch), lanes: lanes)
        return builder.timeline(builder.rows(for: timeline.entries))
    }

    /// Whether the rows carry times: false when they all carry one (a log without timestamps),
    /// which shows the order of its callbacks but not when they came.
    var isTimed: Bool { rows.count < 2 || rows.contains { $0.offset != rows[0].offset } }

    /// A row's time since the launch's first event, or `-` when the rows carry no times.
    func time(of row: TimelineRow) -> String { isTimed ? LifecycleFormat.offset(row.offset) : "-" }
}
