import LifelineReports
import LifelineTerminal

/// One line of a timeline: an instant callback, or a begin/end pair shown once with its duration.
struct TimelineRow: Equatable {
    enum Kind: Equatable {
        case instant
        /// A begin with its end; `duration` is nil when the end never came (the app was killed inside it).
        case span(duration: Int64?)
        /// An end whose begin is not in the launch (a rotated part began it).
        case orphanEnd
    }

    var seq: Int64
    /// The seq of a span's end, when it came.
    var endSeq: Int64?
    /// Nanoseconds since the launch's first event.
    var offset: Int64
    /// Index into ``Timeline/lanes``.
    var lane: Int
    /// The short callback name, escaped.
    var name: String
    var kind: Kind
    /// The scene state after the callback (after its end, for a span).
    var state: String?
    /// How many spans of the same lane were open when it began.
    var depth: Int

    /// Whether the row shows the event `seq` (its begin, or its end for a span).
    func shows(_ seq: Int64) -> Bool { self.seq == seq || endSeq == seq }

    /// `willConnectTo (12.0ms)`, indented by depth.
    var label: String { label(width: nil) }

    /// The label in at most `width` columns: the name is cut (with an ellipsis), the duration kept.
    func label(width: Int?) -> String {
        let indent = String(repeating: "  ", count: depth)
        let suffix: String
        switch kind {
        case .instant: suffix = ""
        case .span(let duration?): suffix = " (" + LifecycleFormat.duration(duration) + ")"
        case .span(nil): suffix = " (no end)"
        case .orphanEnd: suffix = " (end only)"
        }
        guard let width, indent.count + name.count + suffix.count > width else { return indent + name + suffix }
        let room = width - indent.count - suffix.count
        guard room >= 4 else { return TerminalText.truncate(indent + name + suffix, to: width) }
        return indent + TerminalText.truncate(name, to: room) + suffix
    }
}

extension TimelineRow {
    /// The row with its callback name abbreviated to `level` (``LifecycleFormat/abbreviated(_:level:)``).
    func abbreviated(_ level: Int) -> TimelineRow {
        var row = self
        row.name = LifecycleFormat.abbreviated(name, level: level)
        return row
    }
}
