import LifelineFormat

/// Schema v5's derived columns of `event_raw` (``StoreSchema/version5``), computed as the importer
/// inserts events in file order: what the v3 and v4 views computed with window functions, here with a
/// few lookups per event in ``LookupTable``s (open addressing, a multiply for a hash, emptied per launch
/// in constant time), not `Dictionary`s, whose SipHash and copy-on-write checks were a tenth of the
/// database thread's time.
///
/// File order is `seq` order in a well-formed trace. When a launch's events are not in strictly
/// increasing `seq` order, or a grown file continues a launch imported before, what this computes
/// would differ from the definition: the launch goes into ``launchesToRecompute`` and the importer
/// recomputes it in SQL (``StoreSchema/recompute(launchFilter:)``) before committing.
struct DerivedEventColumns: ~Copyable {
    /// A begin's and an end's common identity: the same event, session and scene (ids; 0 for NULL).
    struct SpanKey: LookupKey {
        var name: Int64
        var session: Int64
        var scene: Int64

        var lookupHash: UInt64 {
            (UInt64(bitPattern: name) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: session) &* 0xC2B2_AE3D_27D4_EB4F
                ^ UInt64(bitPattern: scene) &* 0x1656_67B1_9E37_79F9) &* 0x9E37_79B9_7F4A_7C15
        }
    }

    /// The last begin or end of a span key: its row id, and whether it was a begin.
    struct SpanEvent: BitwiseCopyable {
        var id: Int64
        var isBegin: Bool
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
    private var states = LookupTable<Int64, Int64>()
    /// The last begin or end per span key in the current launch.
    private var lastSpanEvent = LookupTable<SpanKey, SpanEvent>(capacity: 64)
    /// The state change code per name id, 0 for a name that changes nothing.
    private var changeByName = LookupTable<Int64, Int64>(capacity: 64)
    /// Launches whose derived columns must be recomputed in SQL.
    private(set) var launchesToRecompute: Set<Int64> = []

    /// The launch a grown file continues: this never saw its earlier events, so it is recomputed if it gets more.
    var resumedLaunch: Int64?

    /// The scene state change code of the name `nameID` (0: it changes nothing), if the name was seen:
    /// ``learnChange(ofName:name:)`` tells it the first time.
    @inline(__always)
    func change(ofName nameID: Int64) -> Int64? {
        changeByName.value(for: nameID)
    }

    /// Remembers and returns the state change code of the name `nameID`, whose text (as stored) is `name`.
    mutating func learnChange(ofName nameID: Int64, name: String) -> Int64 {
        let change = SceneStateCode.change(byName: name) ?? 0
        changeByName.set(change, for: nameID)
        return change
    }

    /// The derived values of the event about to be inserted, and the id of the begin its end
    /// closes (the end's `pair_id`), if it is such an end.
    ///
    /// - Parameter change: The state change code of the event's name (``change(ofName:)``).
    mutating func values(
        launchID: Int64, seq: Int64, t: Int64, nameID: Int64, phase: Int64, sessionID: Int64, sceneID: Int64,
        change: Int64
    ) -> (since: SinceLaunch, state: Int64?, pairedBegin: Int64?) {
        if launchID != self.launchID {
            self.launchID = launchID
            if launchID == resumedLaunch { launchesToRecompute.insert(launchID) }
            lastSeq = seq
            launchT = t
            states.removeAll()
            lastSpanEvent.removeAll()
        } else {
            if seq <= lastSeq { launchesToRecompute.insert(launchID) }
            lastSeq = seq
        }
        let state: Int64?
        if phase != 1 && change != 0 {
            states.set(change, for: sessionID)
            state = change
        } else {
            state = states.value(for: sessionID)
        }
        let (difference, overflow) = t.subtractingReportingOverflow(launchT)
        let since: SinceLaunch = overflow ? .real(Double(t) - Double(launchT)) : .integer(difference)
        var pairedBegin: Int64?
        if phase == 2, let last = lastSpanEvent.value(for: SpanKey(name: nameID, session: sessionID, scene: sceneID)),
            last.isBegin
        {
            pairedBegin = last.id
        }
        return (since, state, pairedBegin)
    }

    /// Records the inserted event's row id: a begin or end is the last of its span key now.
    mutating func inserted(rowID: Int64, nameID: Int64, phase: Int64, sessionID: Int64, sceneID: Int64) {
        guard phase == 1 || phase == 2 else { return }
        lastSpanEvent.set(SpanEvent(id: rowID, isBegin: phase == 1), for: SpanKey(name: nameID, session: sessionID, scene: sceneID))
    }
}
