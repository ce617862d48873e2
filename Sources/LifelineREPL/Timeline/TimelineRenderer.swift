import LifelineReports
import LifelineTerminal

/// Lays a ``Timeline`` out as text: a title line, then one row per callback,
/// sessions side by side.
///
/// ```
/// launch 1 · 6A1F0C2E-… · com.example.Notes · iPadOS 17.5 · iPad13,4 · scene life cycle · …
/// seq      time  app                         | S1                                state              | S2
///   2   +0.000s  didFinishLaunching (18.0ms) |                                                      |
///   3   +0.002s    db.open                   |                                                      |
///   6   +0.019s                              | willConnectTo (12.0ms)            unattached         |
///   9   +0.034s                              | sceneDidBecomeActive              foregroundActive   |
///  11   +2.501s                              |                                                      | willConnectTo
/// ```
///
/// Times are since the launch's first event; a begin/end callback is one row
/// at its begin with its duration in parentheses, and the events inside it
/// are indented; `state` is the scene's state after the callback (after its
/// end). A lane gets a state column only if some row of it has a state. On a
/// narrow terminal the foreground states shorten to `active` and `inactive`,
/// then the widest callback names are cut (keeping their durations).
struct TimelineRenderer {
    var width: Int?
    var style: TerminalStyle = .plain
    /// Events to point at (a violation's witnesses): their rows start with `>`.
    var marked: Set<Int64> = []

    /// The timeline as text; without `title`, no title line (a later page of a ``TimelinePager``).
    func render(_ timeline: Timeline, title: Bool = true) -> String {
        let laneCount = timeline.lanes.count
        let titles = timeline.lanes.map { $0.map(TerminalText.escape) ?? "app" }
        var hasState = Array(repeating: false, count: laneCount)
        var eventWidths = titles.map(TerminalText.width)
        var stateWidths = Array(repeating: "state".count, count: laneCount)
        for row in timeline.rows {
            eventWidths[row.lane] = max(eventWidths[row.lane], TerminalText.width(row.label))
            if let state = row.state {
                hasState[row.lane] = true
                stateWidths[row.lane] = max(stateWidths[row.lane], state.count)
            }
        }
        let seqWidth = max(3, timeline.rows.map { String($0.seq).count }.max() ?? 0)
        let timeWidth = max(4, timeline.rows.map { LifecycleFormat.offset($0.offset).count }.max() ?? 0)
        var shortStates = false
        if let width {
            func fixed() -> Int {
                (marked.isEmpty ? 0 : 2) + seqWidth + 2 + timeWidth + 2 + max(laneCount - 1, 0) * 3
                    + (0..<laneCount).reduce(0) { $0 + (hasState[$1] ? stateWidths[$1] + 2 : 0) }
            }
            // Fit the terminal: first say `active` for `foregroundActive`, then cut the widest callback column.
            if fixed() + eventWidths.reduce(0, +) > width {
                shortStates = true
                for lane in 0..<laneCount {
                    stateWidths[lane] =
                        timeline.rows.filter { $0.lane == lane }
                        .map { Self.short($0.state ?? "").count }.max().map { max($0, "state".count) } ?? 0
                }
            }
            let fixedWidth = fixed()
            while fixedWidth + eventWidths.reduce(0, +) > width,
                let widest = eventWidths.indices.max(by: { eventWidths[$0] < eventWidths[$1] }),
                eventWidths[widest] > 12
            {
                eventWidths[widest] -= 1
            }
        }

        let markWidth = marked.isEmpty ? 0 : 2
        func line(
            seq: String, time: String, cells: [(event: String, state: String)], bold: Bool = false, mark: Bool = false
        ) -> String {
            // Cells arrive cut to width already (labels keep their durations); titles are cut here.
            var text = markWidth == 0 ? "" : (mark ? style.bold("> ") : "  ")
            text += TerminalText.pad(seq, to: seqWidth, right: true) + "  " + TerminalText.pad(time, to: timeWidth, right: true)
            for lane in 0..<laneCount {
                let event = TerminalText.pad(TerminalText.truncate(cells[lane].event, to: eventWidths[lane]), to: eventWidths[lane])
                text += (lane > 0 ? " | " : "  ") + (bold ? style.bold(event) : event)
                if hasState[lane] {
                    let state = TerminalText.pad(cells[lane].state, to: stateWidths[lane])
                    text += "  " + (bold ? style.bold(state) : color(state: cells[lane].state, padded: state))
                }
            }
            return TerminalText.trimmingTrailingSpaces(text) + "\n"
        }

        var text = title ? style.bold(timeline.header.title) + "\n" : ""
        guard !timeline.rows.isEmpty else { return text + "(no events)\n" }
        text += line(seq: "seq", time: "time", cells: titles.map { ($0, "state") }, bold: true)
        let empty = Array(repeating: (event: "", state: ""), count: laneCount)
        for row in timeline.rows {
            var cells = empty
            let state = row.state ?? ""
            cells[row.lane] = (row.label(width: eventWidths[row.lane]), shortStates ? Self.short(state) : state)
            text += line(
                seq: String(row.seq), time: LifecycleFormat.offset(row.offset), cells: cells,
                mark: marked.contains { row.shows($0) })
        }
        return text
    }

    /// `active` and `inactive` for the two foreground states, when the terminal is narrow.
    static func short(_ state: String) -> String {
        switch state {
        case "foregroundActive": "active"
        case "foregroundInactive": "inactive"
        default: state
        }
    }

    private func color(state: String, padded: String) -> String {
        switch state {
        case "foregroundActive", "active": style.green(padded)
        case "foregroundInactive", "inactive": style.yellow(padded)
        case "background": style.blue(padded)
        case "unattached": style.dim(padded)
        default: padded
        }
    }
}
