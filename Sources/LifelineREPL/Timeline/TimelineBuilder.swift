import LifelineStore

/// Lays a launch's timeline entries out as ``TimelineRow``s, a page at a time: each entry in its
/// lane, indented by the spans of that lane still open when it begins.
///
/// The lanes are fixed before the first entry, so pages shown one after another line up; the
/// open spans carry over from one page to the next.
struct TimelineBuilder {
    let header: LaunchHeader
    /// Lane titles: nil for the app, else the session id.
    let lanes: [String?]
    private let laneIndex: [String?: Int]
    /// The end seqs of the spans open in each lane (nil: a span that never ends).
    private var openInLane: [Int: [Int64?]] = [:]

    init(header: LaunchHeader, lanes: [String?]) {
        self.header = header
        self.lanes = lanes
        laneIndex = Dictionary(lanes.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The rows of `entries`, which follow the entries of the rows made before, in seq order.
    /// An entry of a lane the builder was not given has no row.
    mutating func rows(for entries: [TimelineEntry]) -> [TimelineRow] {
        var rows: [TimelineRow] = []
        rows.reserveCapacity(entries.count)
        for entry in entries {
            guard let lane = laneIndex[entry.session] else { continue }
            openInLane[lane]?.removeAll { end in end.map { $0 < entry.seq } ?? false }
            let depth = openInLane[lane, default: []].count
            var row = TimelineRow(
                seq: entry.seq, offset: entry.offset, lane: lane, name: LifecycleFormat.callbackName(entry.event),
                kind: .instant, state: entry.state, depth: depth)
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
        return rows
    }

    /// A timeline of `rows` made by this builder.
    func timeline(_ rows: [TimelineRow]) -> Timeline {
        Timeline(header: header, lanes: lanes, rows: rows)
    }
}
