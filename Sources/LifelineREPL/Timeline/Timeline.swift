import GRDB

/// The callbacks of one launch in order, one lane per scene session (and one for the app),
/// begin/end pairs folded into one row with a duration, and the scene state after each.
///
/// Built from the `timeline` view (docs/schema.md): its `since_launch_ns`
/// gives the times and its `state` the state after each event; pairing a
/// begin with its end is the `span` view's rule (the next end of the same
/// event, session and scene).
struct Timeline {
    var header: LaunchHeader
    /// Lane titles: nil for the app (events without a session), else the session id.
    var lanes: [String?]
    var rows: [TimelineRow]

    /// Loads launch `launchID`; with `session`, only that session's lane and the app's.
    static func load(_ db: Database, launchID: Int64, session: String? = nil) throws -> Timeline? {
        guard let header = try LaunchHeader.fetch(db, id: launchID) else { return nil }
        var lanes: [String?] = []
        var laneIndex: [String?: Int] = [:]
        var rows: [TimelineRow] = []
        struct SpanKey: Hashable {
            var event: String
            var session: String?
            var scene: String?
        }
        var open: [SpanKey: [Int]] = [:]
        var openInLane: [Int: [Int]] = [:]
        var sql = "SELECT seq, event, phase, session, scene, since_launch_ns, state FROM timeline WHERE launch_id = ?"
        var arguments: StatementArguments = [launchID]
        if let session {
            sql += " AND (session IS NULL OR session = ?)"
            arguments += [session]
        }
        let cursor = try Row.fetchCursor(db, sql: sql + " ORDER BY seq", arguments: arguments)
        while let row = try cursor.next() {
            let seq: Int64 = try row.decode(atIndex: 0)
            let event: String = try row.decode(atIndex: 1)
            let phase: String = try row.decode(atIndex: 2)
            let rowSession: String? = try row.decode(atIndex: 3)
            let scene: String? = try row.decode(atIndex: 4)
            let offset: Int64 = try row.decode(atIndex: 5) ?? 0
            let state: String? = try row.decode(atIndex: 6)
            let lane: Int
            if let index = laneIndex[rowSession] {
                lane = index
            } else {
                lane = lanes.count
                laneIndex[rowSession] = lane
                lanes.append(rowSession)
            }
            let key = SpanKey(event: event, session: rowSession, scene: scene)
            let name = LifecycleFormat.callbackName(event)
            let depth = openInLane[lane, default: []].count
            switch phase {
            case "begin":
                open[key, default: []].append(rows.count)
                openInLane[lane, default: []].append(rows.count)
                rows.append(TimelineRow(seq: seq, offset: offset, lane: lane, name: name, kind: .span(duration: nil),
                                        state: state, depth: depth))
            case "end":
                if let begin = open[key]?.popLast() {
                    rows[begin].kind = .span(duration: offset.saturatingSubtracting(rows[begin].offset))
                    rows[begin].endSeq = seq
                    rows[begin].state = state
                    openInLane[lane]?.removeAll { $0 == begin }
                } else {
                    rows.append(TimelineRow(seq: seq, offset: offset, lane: lane, name: name, kind: .orphanEnd,
                                            state: state, depth: depth))
                }
            default:
                rows.append(TimelineRow(seq: seq, offset: offset, lane: lane, name: name, kind: .instant,
                                        state: state, depth: depth))
            }
        }
        // The app's lane first, then sessions in the order they appeared.
        if let app = lanes.firstIndex(where: { $0 == nil }), app != 0 {
            var order = Array(lanes.indices)
            order.remove(at: app)
            order.insert(app, at: 0)
            let newIndex = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
            lanes = order.map { lanes[$0] }
            for index in rows.indices { rows[index].lane = newIndex[rows[index].lane]! }
        }
        return Timeline(header: header, lanes: lanes, rows: rows)
    }
}
