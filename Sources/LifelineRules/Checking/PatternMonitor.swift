import LifelineFormat
/// The state of one rule instance: its scope's segment and its pattern's obligations.
///
/// A value type, so a new slice is created by copying the monitor of the
/// slice it refines (JavaMOP's monitor creation from the less informative
/// binding). Memory is constant per instance except for timed obligations
/// and findings held back in a segment whose closing event has not come yet.
struct PatternMonitor: Equatable {
    /// A timed obligation: a bounded-response trigger or an open begin record.
    struct Timer: Equatable {
        var deadline: Int64
        var ref: EventRef
        var session: Int32
        var scene: Int32
        var flagged: Bool
    }

    // Internal rather than private where PatternMonitor+Unseen.swift reads or normalises them.
    private(set) var segmentOpen: Bool
    private var scopeDone = false
    var opener: EventRef?
    private var definiteSegments: Int32
    var violations: Int32 = 0
    var pendings: Int32 = 0
    private var sawEvent = false

    // Pattern state; which fields mean what depends on the kind.
    var count = 0
    private var flagA = false
    private var flagB = false
    var refA: EventRef?
    var refB: EventRef?
    var timers: [Timer] = []
    var timerHead = 0
    /// Findings in a segment that needs its closing event to be definite.
    var buffered: [RawFinding] = []
    /// Findings a base monitor raised; a slice created from it inherits them.
    var inherited: [RawFinding] = []
    /// Machines under partial instrumentation: the states the machine may be in, sorted; empty
    /// when it is in exactly the state `count` holds.
    private var possible: [Int32] = []

    // Patterns under partial instrumentation (PatternMonitor+Unseen.swift): this monitor is the run
    // over the recorded events; `worlds` are the other runs that events the trace cannot show may
    // have made. All empty while the launch records every callback the rule names.
    /// The other runs, each with the findings it raised before this run did.
    var worlds: [UnseenWorld] = []
    /// Whether this instance has been checked under partial instrumentation (its worlds are meaningful).
    var partial = false
    /// The time of the last recorded event this instance saw: unseen events are taken to happen then.
    var lastTime = Int64.min
    /// Set at the start of a launch whose beginning the trace does not show (an excerpt): before its
    /// next event, any event the rule names may have happened unseen.
    var beginningUnseen = false
    /// Findings of this run that the other runs did not all raise: not proven, reported as pending.
    var unproven: Int32 = 0
    /// Set when the other runs grew past ``maximumWorlds``: every later finding is not proven.
    var undecided = false

    init(rule: RuleShape) {
        segmentOpen = rule.scope.opensAtStart
        definiteSegments = rule.scope == .globally ? 1 : 0
        if case .machine = rule.kind { count = Int(rule.initialState) }
    }

    /// Whether this monitor is in the same state as `other`: whatever events come next, the two raise
    /// the same findings and end with the same verdict. The findings a base keeps for the slices it
    /// will make (``inherited``) are not state.
    func hasSameState(as other: PatternMonitor) -> Bool {
        var this = self
        this.inherited = other.inherited
        return this == other
    }

    // MARK: - Stepping

    /// Feeds one event of the slice with the roles it plays for the rule.
    @inline(__always)
    mutating func step(
        _ roles: UInt64, _ event: EventRef, session: Int32, scene: Int32, rule: RuleShape,
        out: inout [RawFinding]
    ) {
        if rule.unseenMasks != 0 || partial || beginningUnseen, rule.kind.isPattern {
            stepUnseen(roles, event, session: session, scene: scene, rule: rule, out: &out)
            return
        }
        stepRecorded(roles, event, session: session, scene: scene, rule: rule, out: &out)
    }

    /// One step of this run alone, as if the trace recorded every callback.
    mutating func stepRecorded(
        _ roles: UInt64, _ event: EventRef, session: Int32, scene: Int32, rule: RuleShape,
        out: inout [RawFinding]
    ) {
        if case .machine = rule.kind {
            stepMachine(roles, event, rule: rule, out: &out)
            return
        }
        if segmentOpen {
            if roles & CompiledRule.closer != 0 {
                close(at: event, rule: rule, out: &out)
                return
            }
        } else {
            if !scopeDone && roles & CompiledRule.opener != 0 { open(at: event, rule: rule) }
            return
        }
        stepPattern(roles, event, session: session, scene: scene, rule: rule, out: &out)
    }

    private mutating func open(at event: EventRef, rule: RuleShape) {
        segmentOpen = true
        opener = event
        count = 0
        flagA = false
        flagB = false
        refA = nil
        refB = nil
        timers.removeAll(keepingCapacity: true)
        timerHead = 0
        if !rule.scope.requiresCloser { definiteSegments += 1 }
        if !rule.scope.repeats { scopeDone = true }
    }

    private mutating func close(at closer: EventRef, rule: RuleShape, out: inout [RawFinding]) {
        segmentOpen = false
        if !rule.scope.repeats { scopeDone = true }
        for var finding in buffered {
            finding.closer = closer
            violations += 1
            out.append(finding)
        }
        buffered.removeAll(keepingCapacity: true)
        if rule.scope.requiresCloser { definiteSegments += 1 }
        var resolved: [RawFinding] = []
        resolveObligations(rule: rule, endTime: closer.t, into: &resolved) { _ in .violated }
        for var finding in resolved {
            finding.closer = closer
            violations += 1
            out.append(finding)
        }
    }

    /// Raises a finding now, or holds it until the segment's closing event proves it.
    private mutating func raise(_ finding: RawFinding, rule: RuleShape, out: inout [RawFinding]) {
        var finding = finding
        finding.opener = opener
        if rule.scope.requiresCloser {
            buffered.append(finding)
        } else {
            violations += 1
            out.append(finding)
        }
    }

    private mutating func stepPattern(
        _ roles: UInt64, _ event: EventRef, session: Int32, scene: Int32, rule: RuleShape,
        out: inout [RawFinding]
    ) {
        let a = roles & CompiledRule.first != 0
        let b = roles & CompiledRule.second != 0
        let c = roles & CompiledRule.third != 0
        switch rule.kind {
        case .absence:
            if a { raise(RawFinding(status: .violated, reason: .forbidden, offending: event), rule: rule, out: &out) }
        case .universality:
            if !a { raise(RawFinding(status: .violated, reason: .notAllowed, offending: event), rule: rule, out: &out) }
        case .existence:
            if a { flagA = true }
        case .bounded(let bound, let limit):
            if a {
                count += 1
                if bound != .atLeast && count > limit {
                    raise(RawFinding(status: .violated, reason: .tooMany(count), offending: event), rule: rule, out: &out)
                }
            }
        case .precedence:
            if b && !flagA {
                raise(RawFinding(status: .violated, reason: .unpreceded, offending: event), rule: rule, out: &out)
            }
            if a { flagA = true }
        case .response:
            if b { refA = nil }
            if a && refA == nil { refA = event }
        case .chainPrecedenceCauses:
            if c && !flagB {
                raise(RawFinding(status: .violated, reason: .unpreceded, offending: event), rule: rule, out: &out)
            }
            if b && flagA { flagB = true }
            if a { flagA = true }
        case .chainPrecedenceEffects:
            if c, let unjustified = refB {
                raise(
                    RawFinding(status: .violated, reason: .unpreceded, trigger: unjustified, offending: event),
                    rule: rule, out: &out)
            }
            if b && !flagA && refB == nil { refB = event }
            if a { flagA = true }
        case .chainResponseEffects:
            // refA: oldest trigger still waiting for B; refB: oldest waiting for C.
            if c { refB = nil }
            if b, let waiting = refA {
                if refB == nil { refB = waiting }
                refA = nil
            }
            if a && refA == nil { refA = event }
        case .chainResponseCauses:
            if c { refB = nil }
            if b && flagA && refB == nil { refB = event }
            if a { flagA = true }
        case .boundedResponse(let limit):
            expireResponses(before: event, rule: rule, out: &out)
            if b {
                timers.removeAll(keepingCapacity: true)
                timerHead = 0
            }
            if a { timers.append(Timer(deadline: event.t.saturatingAdding(limit), ref: event, session: -1, scene: -1, flagged: false)) }
        case .boundedInvariance(let limit):
            if b, let trigger = refA, event.t.saturatingSubtracting(trigger.t) <= limit {
                raise(
                    RawFinding(status: .violated, reason: .tooSoon, trigger: trigger, offending: event), rule: rule,
                    out: &out)
            }
            if a { refA = event }
        case .maximumDuration(let limit):
            expireDurations(before: event, rule: rule, out: &out)
            if a {
                timers.append(Timer(deadline: event.t.saturatingAdding(limit), ref: event, session: session, scene: scene, flagged: false))
            }
            if b, let index = openBegin(session: session, scene: scene) {
                let timer = timers.remove(at: index)
                if !timer.flagged && event.t > timer.deadline {
                    raise(
                        RawFinding(status: .violated, reason: .tooLong, trigger: timer.ref, offending: event),
                        rule: rule, out: &out)
                }
            }
        case .minimumDuration(let limit):
            if a {
                timers.append(Timer(deadline: event.t.saturatingAdding(limit), ref: event, session: session, scene: scene, flagged: false))
            }
            if b, let index = openBegin(session: session, scene: scene) {
                let timer = timers.remove(at: index)
                if event.t < timer.deadline {
                    raise(
                        RawFinding(status: .violated, reason: .tooShort, trigger: timer.ref, offending: event),
                        rule: rule, out: &out)
                }
            }
        case .machine:
            break
        }
    }

    /// The most recent open begin of the same session and scene.
    private func openBegin(session: Int32, scene: Int32) -> Int? {
        var index = timers.count - 1
        while index >= timerHead {
            if timers[index].session == session && timers[index].scene == scene { return index }
            index -= 1
        }
        return nil
    }

    private mutating func expireResponses(before event: EventRef, rule: RuleShape, out: inout [RawFinding]) {
        while timerHead < timers.count && timers[timerHead].deadline < event.t {
            let trigger = timers[timerHead].ref
            timerHead += 1
            raise(RawFinding(status: .violated, reason: .late, trigger: trigger, offending: event), rule: rule, out: &out)
        }
        if timerHead == timers.count {
            timers.removeAll(keepingCapacity: true)
            timerHead = 0
        } else if timerHead > 64 && timerHead * 2 > timers.count {
            timers.removeFirst(timerHead)
            timerHead = 0
        }
    }

    private mutating func expireDurations(before event: EventRef, rule: RuleShape, out: inout [RawFinding]) {
        for index in timers.indices where !timers[index].flagged && timers[index].deadline < event.t {
            timers[index].flagged = true
            raise(
                RawFinding(status: .violated, reason: .tooLong, trigger: timers[index].ref, offending: event),
                rule: rule, out: &out)
        }
    }

    private mutating func stepMachine(_ roles: UInt64, _ event: EventRef, rule: RuleShape, out: inout [RawFinding]) {
        sawEvent = true
        if beginningUnseen {
            // The launch began before the trace does: the machine may have left its initial state
            // along any legal transition.
            beginningUnseen = false
            var states = possible.isEmpty ? [Int32(count)] : possible
            Self.close(&states, through: rule.beginningSilent, rule: rule)
            if states.count > 1 { possible = states }
        }
        if rule.silent != 0 || !possible.isEmpty {
            stepProjected(roles, event, rule: rule, out: &out)
            return
        }
        let state = Int32(count)
        var remaining = roles
        var taken = -1
        // Role bits are transition indices, so the lowest allowed bit is the first transition written.
        while remaining != 0 {
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            if rule.allows(index, from: state) {
                taken = index
                if rule.fault != .takesLastMatch { break }
            }
        }
        if taken >= 0 {
            let entered = refA
            count = Int(rule.transitions[taken].to)
            refA = event
            guard rule.transitions[taken].flagged, rule.fault != .silencesFlaggedTransitions else { return }
            violations += 1
            var finding = RawFinding(status: .violated, reason: .flaggedTransition(state: ""), trigger: entered, offending: event)
            finding.machineState = state
            finding.machineTransition = Int32(taken)
            out.append(finding)
            return
        }
        violations += 1
        // The state's name is filled in when the finding is emitted (the shape holds no strings).
        var finding = RawFinding(status: .violated, reason: .undeclaredTransition(state: ""), trigger: refA, offending: event)
        finding.machineState = state
        out.append(finding)
    }

    /// The first transition an event with `roles` takes from `state`, or -1.
    private func transition(_ roles: UInt64, from state: Int32, rule: RuleShape) -> Int {
        var remaining = roles
        var taken = -1
        while remaining != 0 {
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            if rule.allows(index, from: state) {
                taken = index
                if rule.fault != .takesLastMatch { break }
            }
        }
        return taken
    }

    /// A machine step when the launch does not record some callbacks the machine names.
    ///
    /// The machine may be in any of a set of states: the unrecorded callbacks may have moved it
    /// unseen along their legal transitions (``RuleShape/silent``). A recorded event moves every
    /// state that takes a legal transition on it, and is no finding; only when no possible state
    /// does is it one. It is then reported as the first possible state (in the order the machine
    /// names its states) would report it — undeclared, or flagged with that transition's severity —
    /// unless some possible state takes a `reported by` transition, whose rule judges it. With one
    /// possible state and no silent transitions this is the deterministic step exactly.
    private mutating func stepProjected(_ roles: UInt64, _ event: EventRef, rule: RuleShape, out: inout [RawFinding]) {
        var states = possible.isEmpty ? [Int32(count)] : possible
        Self.close(&states, through: rule.silent, rule: rule)
        var legal: [Int32] = []
        var reached: [Int32] = []
        var reportedElsewhere = false
        var taken = false
        for state in states {
            let index = transition(roles, from: state, rule: rule)
            guard index >= 0 else {
                Self.insert(state, into: &reached)
                continue
            }
            taken = true
            let target = rule.transitions[index]
            Self.insert(target.to, into: &reached)
            if target.legal {
                Self.insert(target.to, into: &legal)
            } else if !target.flagged {
                reportedElsewhere = true
            }
        }
        let entered = refA
        if taken { refA = event }
        if legal.isEmpty && !reportedElsewhere {
            let first = states[0]
            let index = transition(roles, from: first, rule: rule)
            if index < 0 {
                violations += 1
                var finding = RawFinding(status: .violated, reason: .undeclaredTransition(state: ""), trigger: entered, offending: event)
                finding.machineState = first
                out.append(finding)
            } else if rule.fault != .silencesFlaggedTransitions {
                violations += 1
                var finding = RawFinding(status: .violated, reason: .flaggedTransition(state: ""), trigger: entered, offending: event)
                finding.machineState = first
                finding.machineTransition = Int32(index)
                out.append(finding)
            }
        }
        var next = legal.isEmpty ? reached : legal
        Self.close(&next, through: rule.silent, rule: rule)
        if next.count == 1 && rule.silent == 0 {
            count = Int(next[0])
            possible = []
        } else {
            possible = next
        }
    }

    /// Adds every state the `silent` transitions reach from `states`, keeping them sorted.
    private static func close(_ states: inout [Int32], through silent: UInt64, rule: RuleShape) {
        guard silent != 0 else { return }
        var index = 0
        while index < states.count {
            let state = states[index]
            var remaining = silent
            while remaining != 0 {
                let transition = remaining.trailingZeroBitCount
                remaining &= remaining - 1
                if rule.allows(transition, from: state), !states.contains(rule.transitions[transition].to) {
                    states.append(rule.transitions[transition].to)
                }
            }
            index += 1
        }
        states.sort()
    }

    private static func insert(_ state: Int32, into states: inout [Int32]) {
        guard !states.contains(state) else { return }
        let position = states.firstIndex { $0 > state } ?? states.count
        states.insert(state, at: position)
    }

    // MARK: - Ending

    /// Resolves what is still open when the trace (or, for a launch-spanning
    /// slice, the trace file) ends, and returns the instance's verdict.
    mutating func finish(lastEvent: EventRef?, rule: RuleShape, out: inout [RawFinding]) -> Verdict {
        if partial || beginningUnseen || rule.unseenMasks != 0, rule.kind.isPattern {
            return finishUnseen(lastEvent: lastEvent, rule: rule, out: &out)
        }
        return finishRecorded(lastEvent: lastEvent, rule: rule, out: &out)
    }

    /// The end of this run alone.
    mutating func finishRecorded(lastEvent: EventRef?, rule: RuleShape, out: inout [RawFinding]) -> Verdict {
        if case .machine = rule.kind {
            return violations > 0 ? .violated : (sawEvent ? .satisfied : .vacuous)
        }
        if segmentOpen {
            let tentative = rule.scope.requiresCloser
            for var finding in buffered {
                finding.status = .pending
                finding.endOfTrace = lastEvent
                finding.atEndOfTrace = true
                pendings += 1
                out.append(finding)
            }
            buffered.removeAll()
            var resolved: [RawFinding] = []
            let endTime = lastEvent?.t ?? Int64.min
            resolveObligations(rule: rule, endTime: endTime, into: &resolved) { deadline in
                !tentative && deadline < endTime ? .violated : .pending
            }
            for var finding in resolved {
                finding.endOfTrace = lastEvent
                finding.atEndOfTrace = true
                if finding.status == .violated { violations += 1 } else { pendings += 1 }
                out.append(finding)
            }
            segmentOpen = false
        }
        return verdict
    }

    /// Forgets what only the instance's verdict needs (another run's verdict is never asked).
    mutating func forgetVerdict() {
        definiteSegments = 0
        sawEvent = false
    }

    /// The instance's verdict from what it reported.
    var verdict: Verdict {
        if violations > 0 { return .violated }
        if pendings > 0 { return .pending }
        return definiteSegments > 0 ? .satisfied : .vacuous
    }

    /// The obligations of the current segment as findings, at a scope's end or the trace's.
    ///
    /// `status` decides, from a timed obligation's deadline, whether it is
    /// violated or pending; untimed obligations take `status(.max)`.
    private mutating func resolveObligations(
        rule: RuleShape, endTime: Int64, into findings: inout [RawFinding],
        status: (Int64) -> Finding.Status
    ) {
        switch rule.kind {
        case .existence:
            if !flagA { findings.append(RawFinding(status: status(.max), reason: .missing, opener: opener)) }
        case .bounded(let bound, let limit):
            if bound != .atMost && count < limit {
                findings.append(RawFinding(status: status(.max), reason: .tooFew(count), opener: opener))
            }
        case .response, .chainResponseEffects, .chainResponseCauses:
            let waiting: EventRef?
            switch rule.kind {
            case .response: waiting = refA
            case .chainResponseEffects: waiting = refB ?? refA
            default: waiting = refB
            }
            if let waiting {
                findings.append(RawFinding(status: status(.max), reason: .unanswered, opener: opener, trigger: waiting))
            }
        case .boundedResponse:
            for timer in timers[timerHead...] {
                // At a scope's end every open trigger is violated (the response had to come inside).
                let resolved = endTime == .min ? Finding.Status.pending : status(timer.deadline)
                findings.append(RawFinding(status: resolved, reason: .late, opener: opener, trigger: timer.ref))
            }
        case .maximumDuration:
            for timer in timers where !timer.flagged {
                if timer.deadline < endTime {
                    findings.append(RawFinding(status: status(timer.deadline), reason: .tooLong, opener: opener, trigger: timer.ref))
                } else if status(.max) == .pending {
                    findings.append(RawFinding(status: .pending, reason: .tooLong, opener: opener, trigger: timer.ref))
                }
            }
        default:
            break
        }
        timers.removeAll()
        timerHead = 0
    }
}
