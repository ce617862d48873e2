import LifelineStore

/// The callbacks of one launch in order, one lane per scene session (and one for the app),
/// begin/end pairs folded into one row with a duration, and the scene state after each.
///
/// Laid out from the store's ``LaunchTimeline`` (``SQLSession/timeline(launchID:session:)``),
/// which reads the `timeline` view (docs/schema.md) for the times and the state after each
/// event, and pairs a begin with its end as the `span` view does (the next begin or end of the
/// same event, session and scene, if it is an end).
struct Timeline {
    var header: LaunchHeader
    /// Lane titles: nil for the app (events without a session), else the session id.
    var lanes: [String?]
    var rows: [TimelineRow]

    /// Loads launch `launchID`; with `session`, only that session's lane and the app's.
    static func load(_ store: SQLSession, launchID: Int64, session: String? = nil) throws -> Timeline? {
        guard let timeline = try store.timeline(launchID: launchID, session: session) else { return nil }
        var lanes: [String?] = []
        var laneIndex: [String?: Int] = [:]
        var rows: [TimelineRow] = []
        /// The end seqs of the spans open in each lane (nil: a span that never ends).
        var openInLane: [Int: [Int64?]] = [:]
        for entry in timeline.entries {
            let lane: Int
            if let index = laneIndex[entry.session] {
                lane = index
            } else {
                lane = lanes.count
                laneIndex[entry.session] = lane
                lanes.append(entry.session)
            }
            openInLane[lane]?.removeAll { end in end.map { $0 < entry.seq } ?? false }
            let depth = openInLane[lane, default: []].count
            let name = LifecycleFormat.callbackName(entry.event)
            var row = TimelineRow(
                seq: entry.seq, offset: entry.offset, lane: lane, name: name, kind: .instant, state: entry.state, depth: depth)
            switch entry.kind {
            case .instant: break
            case .span(let end, let duration):
                row.kind = .span(duration: duration)
                row.endSeq = end
                openInLane[lane, default: []].append(end)
            case .orphanEnd: row.kind = .orphanEnd
            }
            rows.append(row)
        }
        // The app's lane first, then sessions in the order they appeared.
        if let app = lanes.firstIndex(where: { $0 == nil }), app != 0 {
            var order = Array(lanes.indices)
            order.remove(at: app)
            order.insert(app, at: 0)
            var newIndex = [Int](repeating: 0, count: order.count)
            for (position, old) in order.enumerated() { newIndex[old] = position }
            lanes = order.map { lanes[$0] }
            for index in rows.indices { rows[index].lane = newIndex[rows[index].lane] }
        }
        return Timeline(header: LaunchHeader(timeline.launch), lanes: lanes, rows: rows)
    }
}
