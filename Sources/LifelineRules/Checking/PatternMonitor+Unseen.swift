// MARK: - Partial instrumentation: what the recorded events prove

/// A way a rule instance may have gone that the recorded events do not rule out: the run through
/// the recorded events and some events the trace cannot show (callbacks it does not record, or,
/// before the first line of a log that begins mid-run, anything), with the findings about
/// recorded events that this run raised before the run through the recorded events alone did.
struct UnseenWorld: Equatable {
    var monitor: PatternMonitor
    var early: [FindingKey]
}

/// What makes findings of two runs the same finding: its status, its kind, and the recorded event
/// that showed it (the offending event, else the scope's closer, else the end of the trace), with
/// the trigger for the kinds that raise one finding per trigger (a timer each).
struct FindingKey: Hashable {
    var status: Finding.Status
    var kind: UInt8
    var event: EventRef?
    var trigger: EventRef?
}

extension EventRef {
    /// An event the trace does not show, taken to happen at `t` (docs/rules.md, "Judging what is proven").
    static func unseen(at t: Int64) -> EventRef {
        EventRef(seq: .min, t: t, line: -1, source: -1, name: -1, phase: .instant)
    }

    /// Whether this is an event the trace shows.
    var isRecorded: Bool { source >= 0 }
}

extension RawFinding {
    /// The finding's identity across runs, or nil when what showed it is an event no trace shows
    /// (such a finding is about the unseen event, never one the recorded run raises).
    var key: FindingKey? {
        let shownBy = offending ?? closer
        if let shownBy, !shownBy.isRecorded { return nil }
        let tag: UInt8
        var trigger: EventRef?
        switch reason {
        case .forbidden: tag = 0
        case .notAllowed: tag = 1
        case .missing: tag = 2
        case .tooMany: tag = 3
        case .tooFew: tag = 4
        case .unpreceded: tag = 5
        case .unanswered: tag = 6
        case .late: (tag, trigger) = (7, self.trigger)
        case .tooSoon: tag = 8
        case .tooLong: (tag, trigger) = (9, self.trigger)
        case .tooShort: (tag, trigger) = (10, self.trigger)
        case .undeclaredTransition, .flaggedTransition: tag = 11
        }
        if let trigger, !trigger.isRecorded { return nil }
        return FindingKey(status: status, kind: tag, event: shownBy, trigger: trigger)
    }
}

extension PatternMonitor {
    /// At most this many other runs are followed per instance; past it every later finding of the
    /// instance is reported as not proven rather than risk calling one proven that is not.
    static let maximumWorlds = 512

    /// A step when the launch does not record everything the rule names.
    ///
    /// Before the recorded event, every run may have seen any number of unseen events (the role
    /// masks of ``RuleShape/unseenMasks``, or ``RuleShape/beginningMasks`` before a launch's first
    /// event when its beginning is not shown), each taken at the time of the run's last recorded
    /// event; the runs they lead to join ``worlds``. Then every run takes the recorded event. A
    /// finding of this run is reported as it is only when every other run raised it too, now or
    /// earlier; otherwise it is reported as pending and not proven (``RawFinding/unproven``).
    mutating func stepUnseen(
        _ roles: UInt64, _ event: EventRef, session: Int32, scene: Int32, rule: RuleShape, out: inout [RawFinding]
    ) {
        var others = takeWorlds(unseen: beginningUnseen ? rule.beginningMasks : rule.unseenMasks, rule: rule)
        beginningUnseen = false
        lastTime = event.t
        var mine: [RawFinding] = []
        stepRecorded(roles, event, session: session, scene: scene, rule: rule, out: &mine)
        for index in others.indices {
            var found: [RawFinding] = []
            others[index].monitor.stepRecorded(roles, event, session: session, scene: scene, rule: rule, out: &found)
            others[index].remember(found, rule: rule)
        }
        settle(mine, against: &others, rule: rule, out: &out)
        keep(others, rule: rule)
    }

    /// The end of the trace when the launch does not record everything the rule names: unseen
    /// events may also have come after the last recorded one.
    mutating func finishUnseen(lastEvent: EventRef?, rule: RuleShape, out: inout [RawFinding]) -> Verdict {
        if lastTime == .min { lastTime = lastEvent?.t ?? 0 }
        var others = takeWorlds(unseen: beginningUnseen ? rule.beginningMasks : rule.unseenMasks, rule: rule)
        beginningUnseen = false
        var mine: [RawFinding] = []
        _ = finishRecorded(lastEvent: lastEvent, rule: rule, out: &mine)
        for index in others.indices {
            var found: [RawFinding] = []
            _ = others[index].monitor.finishRecorded(lastEvent: lastEvent, rule: rule, out: &found)
            others[index].remember(found, rule: rule)
        }
        settle(mine, against: &others, rule: rule, out: &out)
        worlds = []
        return verdict
    }

    /// Removes the other runs from this monitor, adding those that the unseen events `masks` allow
    /// before the next recorded event.
    private mutating func takeWorlds(unseen masks: UInt32, rule: RuleShape) -> [UnseenWorld] {
        partial = true
        var others = worlds
        worlds = []
        guard masks != 0, !undecided else { return others }
        let at = lastTime == .min ? 0 : lastTime
        var queue = [UnseenWorld(monitor: normalized(rule: rule), early: [])] + others
        var index = 0
        let limit = rule.unseenFault == .stopsAfterOneUnseenEvent ? 1 : Int.max
        while index < min(queue.count, limit), others.count <= Self.maximumWorlds {
            let world = queue[index]
            index += 1
            var remaining = masks
            while remaining != 0 {
                let mask = UInt64(remaining.trailingZeroBitCount)
                remaining &= remaining - 1
                var next = world
                var found: [RawFinding] = []
                next.monitor.stepRecorded(mask, .unseen(at: at), session: -1, scene: -1, rule: rule, out: &found)
                next.remember(found, rule: rule)
                guard next != queue[0], !others.contains(next) else { continue }
                others.append(next)
                queue.append(next)
            }
        }
        if others.count > Self.maximumWorlds { undecided = true }
        return others
    }

    /// Reports the findings of this run that every other run raised; the others as not proven.
    private mutating func settle(
        _ mine: [RawFinding], against others: inout [UnseenWorld], rule: RuleShape, out: inout [RawFinding]
    ) {
        for var finding in mine {
            var proven = !undecided || rule.unseenFault == .provesEverything
            if proven, rule.unseenFault != .provesEverything, let key = finding.key {
                for index in others.indices where !others[index].early.contains(key) { proven = false }
                if proven {
                    for index in others.indices {
                        others[index].early.remove(at: others[index].early.firstIndex(of: key)!)
                    }
                }
            }
            if !proven {
                if finding.status == .violated {
                    violations -= 1
                    pendings += 1
                }
                finding.status = .pending
                finding.unproven = true
                unproven += 1
            }
            out.append(finding)
        }
    }

    /// Keeps the other runs that may still tell this one apart: a run in this one's state with
    /// nothing raised early would raise what this one raises from now on.
    private mutating func keep(_ others: [UnseenWorld], rule: RuleShape) {
        let pending = Set(buffered.compactMap(\.key))
        let me = normalized(rule: rule)
        var kept: [UnseenWorld] = []
        for var world in others {
            // What this run has not raised and is not holding for its segment's end it never will.
            world.early.removeAll { !pending.contains($0) }
            if world.early.isEmpty && world.monitor == me { continue }
            if !kept.contains(world) { kept.append(world) }
        }
        worlds = kept
    }

    /// This monitor as another run keeps it: without what only this run's verdict needs (its
    /// counts, its other runs) and with the unseen events it holds made alike, so that runs that
    /// will behave the same compare equal.
    func normalized(rule: RuleShape) -> PatternMonitor {
        var copy = self
        copy.worlds = []
        copy.partial = false
        copy.beginningUnseen = false
        copy.unproven = 0
        copy.undecided = false
        copy.lastTime = .min
        copy.violations = 0
        copy.pendings = 0
        copy.inherited = []
        copy.forgetVerdict()
        copy.buffered.removeAll { $0.key == nil }
        if !rule.isTimed {
            // Untimed patterns never read an event's time: unseen events at different times are alike.
            if copy.opener?.isRecorded == false { copy.opener = .unseen(at: 0) }
            if copy.refA?.isRecorded == false { copy.refA = .unseen(at: 0) }
            if copy.refB?.isRecorded == false { copy.refB = .unseen(at: 0) }
        }
        if case .bounded(_, let limit) = rule.kind { copy.count = min(copy.count, limit + 1) }
        if copy.timers.count > 1 {
            var timers: [Timer] = []
            for timer in copy.timers[copy.timerHead...] where !(timer.ref.isRecorded == false && timers.last == timer) {
                timers.append(timer)
            }
            copy.timers = timers
            copy.timerHead = 0
        }
        return copy
    }
}

extension UnseenWorld {
    /// Notes the findings a step of this run raised about recorded events, for the recorded run to match.
    mutating func remember(_ found: [RawFinding], rule: RuleShape) {
        for finding in found {
            if let key = finding.key { early.append(key) }
        }
        monitor = monitor.normalized(rule: rule)
    }
}
