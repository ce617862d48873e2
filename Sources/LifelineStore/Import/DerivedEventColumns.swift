import LifelineFormat

/// Schema v5's derived columns of `event_raw` (``StoreSchema/version5``), computed as the importer
/// inserts events in file order: what the v3 and v4 views computed with window functions, here with a
/// few dictionary lookups per event.
///
/// File order is `seq` order in a well-formed trace. When a launch's events are not in strictly
/// increasing `seq` order, or a grown file continues a launch imported before, what this computes
/// would differ from the definition: the launch goes into ``launchesToRecompute`` and the importer
/// recomputes it in SQL (``StoreSchema/recompute(launchFilter:)``) before committing.
struct DerivedEventColumns {
    /// A begin's and an end's common identity: the same event, session and scene (ids; 0 for NULL).
    private struct SpanKey: Hashable {
        var name: Int64
        var session: Int64
        var scene: Int64
    }

    /// The time since the launch's first event: an integer, or the real SQLite's subtraction gives on overflow.
    enum SinceLaunch {
        case integer(Int64)
        case real(Double)
    }

    private var launchID: Int64?
    private var lastSeq = Int64.min
    private var launchT: Int64 = 0
    /// The state code per session id (0: the app) in the current launch.
    private var states: [Int64: Int64] = [:]
    /// The last begin or end per span key in the current launch: its row id, and whether it was a begin.
    private var lastSpanEvent: [SpanKey: (id: Int64, isBegin: Bool)] = [:]
    /// The state change code per name id, 0 for a name that changes nothing.
    private var changeByName: [Int64: Int64] = [:]
    /// Launches whose derived columns must be recomputed in SQL.
    private(set) var launchesToRecompute: Set<Int64> = []

    /// The launch a grown file continues: this never saw its earlier events, so it is recomputed if it gets more.
    var resumedLaunch: Int64?

    /// The derived values of the event about to be inserted, and the id of the begin its end
    /// closes (the end's `pair_id`), if it is such an end.
    ///
    /// Whether a name id was seen: ``values(launchID:seq:t:nameID:phase:sessionID:sceneID:name:)`` needs its text once.
    func knowsName(_ nameID: Int64) -> Bool {
        changeByName[nameID] != nil
    }

    /// - Parameter name: The event's name as stored; needed only when ``knowsName(_:)`` is false.
    mutating func values(
        launchID: Int64, seq: Int64, t: Int64, nameID: Int64, phase: Int64, sessionID: Int64, sceneID: Int64,
        name: String?
    ) -> (since: SinceLaunch, state: Int64?, pairedBegin: Int64?) {
        if launchID != self.launchID {
            self.launchID = launchID
            if launchID == resumedLaunch { launchesToRecompute.insert(launchID) }
            lastSeq = seq
            launchT = t
            states.removeAll(keepingCapacity: true)
            lastSpanEvent.removeAll(keepingCapacity: true)
        } else {
            if seq <= lastSeq { launchesToRecompute.insert(launchID) }
            lastSeq = seq
        }
        let change: Int64
        if let known = changeByName[nameID] {
            change = known
        } else {
            change = name.flatMap(SceneStateCode.change(byName:)) ?? 0
            changeByName[nameID] = change
        }
        if phase != 1 && change != 0 { states[sessionID] = change }
        let (difference, overflow) = t.subtractingReportingOverflow(launchT)
        let since: SinceLaunch = overflow ? .real(Double(t) - Double(launchT)) : .integer(difference)
        var pairedBegin: Int64?
        if phase == 2, let last = lastSpanEvent[SpanKey(name: nameID, session: sessionID, scene: sceneID)], last.isBegin {
            pairedBegin = last.id
        }
        return (since, states[sessionID], pairedBegin)
    }

    /// Records the inserted event's row id: a begin or end is the last of its span key now.
    mutating func inserted(rowID: Int64, nameID: Int64, phase: Int64, sessionID: Int64, sceneID: Int64) {
        guard phase == 1 || phase == 2 else { return }
        lastSpanEvent[SpanKey(name: nameID, session: sessionID, scene: sceneID)] = (rowID, phase == 1)
    }
}
