import LifelineReports
import LifelineTerminal

/// Lays a ``Timeline`` out as text: a title line, then one row per callback, sessions side by
/// side where they fit.
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
/// Times are since the launch's first event; a begin/end callback is one row at its begin with its
/// duration in parentheses, and the events inside it are indented; `state` is the scene's state
/// after the callback (after its end). A lane gets a state column only if some row of it has a state.
///
/// On a terminal too narrow for that, it gives up what a person misses least, in order: the
/// foreground states shorten to `active` and `inactive`; callback names lose their delegate's
/// prefix (`didBecomeActive` in a scene's lane); lanes stack into one column with the session
/// named on each row; names say `Fg`, `Bg` and `config` (`willEnterFg`); and only then are names
/// cut (keeping their durations). The title line breaks between its parts.
///
/// ```
/// seq      time  lane  callback                    state
///   6   +0.019s  S1    willConnectTo (12.0ms)      unattached
///  11   +2.501s  S2    willConnectTo               unattached
///  12   +2.540s  S2    willEnterFg                 inactive
/// ```
struct TimelineRenderer {
    var width: Int?
    var style: TerminalStyle = .plain
    /// Events to point at (a violation's witnesses): their rows start with `>`.
    var marked: Set<Int64> = []

    /// How far callback names are shortened (``LifecycleFormat/abbreviated(_:level:)``).
    private static let levels = 0...2

    /// The timeline as text; without `title`, no title line (a later page of a ``TimelinePager``).
    func render(_ timeline: Timeline, title: Bool = true) -> String {
        var text = title ? titleLines(timeline.header.title).map { style.bold($0) + "\n" }.joined() : ""
        guard !timeline.rows.isEmpty else { return text + "(no events)\n" }
        guard let width else {
            text += Layout(timeline, level: 0, stacked: false, shortStates: false, marked: !marked.isEmpty).render(self, timeline)
            return text
        }
        let stackable = timeline.lanes.count > 1
        // From the most to the least a person would miss; the first that fits is drawn.
        var candidates = [
            Layout(timeline, level: 0, stacked: false, shortStates: false, marked: !marked.isEmpty),
            Layout(timeline, level: 0, stacked: false, shortStates: true, marked: !marked.isEmpty),
            Layout(timeline, level: 1, stacked: false, shortStates: true, marked: !marked.isEmpty),
        ]
        for level in stackable ? Array(Self.levels) : [2] {
            candidates.append(Layout(timeline, level: level, stacked: stackable, shortStates: true, marked: !marked.isEmpty))
        }
        var layout = candidates.first { $0.width <= width } ?? candidates.last!
        layout.fit(width)
        return text + layout.render(self, timeline)
    }

    /// The title, broken between its ` · ` parts where it is wider than the terminal.
    private func titleLines(_ title: String) -> [String] {
        guard let width, TerminalText.width(title) > width else { return [title] }
        var lines: [String] = []
        var line = ""
        for part in title.components(separatedBy: " · ") {
            if line.isEmpty {
                line = part
            } else if TerminalText.width(line) + 3 + TerminalText.width(part) <= width {
                line += " · " + part
            } else {
                lines.append(line + " ·")
                line = part
            }
        }
        return lines + [line]
    }

    /// `active` and `inactive` for the two foreground states, when the terminal is narrow.
    static func short(_ state: String) -> String {
        switch state {
        case "foregroundActive": "active"
        case "foregroundInactive": "inactive"
        default: state
        }
    }

    fileprivate func color(state: String, padded: String) -> String {
        switch state {
        case "foregroundActive", "active": style.green(padded)
        case "foregroundInactive", "inactive": style.yellow(padded)
        case "background": style.blue(padded)
        case "unattached": style.dim(padded)
        default: padded
        }
    }
}

/// One way to lay a timeline out: the names' abbreviation level, lanes side by side or stacked,
/// the states long or short, and the columns' widths.
private struct Layout {
    let level: Int
    let stacked: Bool
    let shortStates: Bool
    let markWidth: Int
    let seqWidth: Int
    let timeWidth: Int
    /// Lane titles (`app`, session ids), escaped.
    let titles: [String]
    /// The callback columns: one per lane side by side, one for all stacked.
    var eventWidths: [Int]
    var stateWidths: [Int]
    var hasState: [Bool]
    let laneWidth: Int

    init(_ timeline: Timeline, level: Int, stacked: Bool, shortStates: Bool, marked: Bool) {
        self.level = level
        self.stacked = stacked
        self.shortStates = shortStates
        markWidth = marked ? 2 : 0
        titles = timeline.lanes.map { $0.map(TerminalText.escape) ?? "app" }
        let columns = stacked ? 1 : titles.count
        func column(of row: TimelineRow) -> Int { stacked ? 0 : row.lane }
        eventWidths = stacked ? ["callback".count] : titles.map(TerminalText.width)
        stateWidths = Array(repeating: "state".count, count: columns)
        hasState = Array(repeating: false, count: columns)
        for row in timeline.rows {
            let column = column(of: row)
            eventWidths[column] = max(eventWidths[column], TerminalText.width(row.abbreviated(level).label))
            if let state = row.state {
                hasState[column] = true
                stateWidths[column] = max(stateWidths[column], (shortStates ? TimelineRenderer.short(state) : state).count)
            }
        }
        seqWidth = max(3, timeline.rows.map { String($0.seq).count }.max() ?? 0)
        timeWidth = max(4, timeline.rows.map { timeline.time(of: $0).count }.max() ?? 0)
        laneWidth = stacked ? max("lane".count, titles.map(TerminalText.width).max() ?? 0) : 0
    }

    /// Everything but the callback columns.
    private var fixed: Int {
        markWidth + seqWidth + 2 + timeWidth + 2 + (stacked ? laneWidth + 2 : max(eventWidths.count - 1, 0) * 3)
            + eventWidths.indices.reduce(0) { $0 + (hasState[$1] ? stateWidths[$1] + 2 : 0) }
    }

    var width: Int { fixed + eventWidths.reduce(0, +) }

    /// Cuts the widest callback column until the layout fits `width` (names then end in `…`, durations stay).
    mutating func fit(_ width: Int) {
        while self.width > width, let widest = eventWidths.indices.max(by: { eventWidths[$0] < eventWidths[$1] }),
            eventWidths[widest] > 12
        {
            eventWidths[widest] -= 1
        }
    }

    func render(_ renderer: TimelineRenderer, _ timeline: Timeline) -> String {
        let style = renderer.style
        func line(
            seq: String, time: String, lane: String?, cells: [(event: String, state: String)], bold: Bool = false, mark: Bool = false
        )
            -> String
        {
            // Cells arrive cut to width already (labels keep their durations); titles are cut here.
            var text = markWidth == 0 ? "" : (mark ? style.bold("> ") : "  ")
            text += TerminalText.pad(seq, to: seqWidth, right: true) + "  " + TerminalText.pad(time, to: timeWidth, right: true)
            if let lane {
                let cut = TerminalText.pad(TerminalText.truncate(lane, to: laneWidth), to: laneWidth)
                text += "  " + (bold ? style.bold(cut) : cut)
            }
            for column in eventWidths.indices {
                let width = eventWidths[column]
                let event = TerminalText.pad(TerminalText.truncate(cells[column].event, to: width), to: width)
                text += (column > 0 ? " | " : "  ") + (bold ? style.bold(event) : event)
                if hasState[column] {
                    let state = TerminalText.pad(cells[column].state, to: stateWidths[column])
                    text += "  " + (bold ? style.bold(state) : renderer.color(state: cells[column].state, padded: state))
                }
            }
            return TerminalText.trimmingTrailingSpaces(text) + "\n"
        }
        var text =
            stacked
            ? line(seq: "seq", time: "time", lane: "lane", cells: [("callback", "state")], bold: true)
            : line(seq: "seq", time: "time", lane: nil, cells: titles.map { ($0, "state") }, bold: true)
        let empty = Array(repeating: (event: "", state: ""), count: eventWidths.count)
        for row in timeline.rows {
            var cells = empty
            let column = stacked ? 0 : row.lane
            let state = row.state ?? ""
            cells[column] = (row.abbreviated(level).label(width: eventWidths[column]), shortStates ? TimelineRenderer.short(state) : state)
            text += line(
                seq: String(row.seq), time: timeline.time(of: row), lane: stacked ? titles[row.lane] : nil, cells: cells,
                mark: renderer.marked.contains { row.shows($0) })
        }
        return text
    }
}
