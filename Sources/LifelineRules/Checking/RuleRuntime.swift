import LifelineFormat

/// The live instances of one rule: one monitor per slice, created on demand.
///
/// Session and scene slices are created by copying a *base* monitor that has
/// seen the events with fewer parameters (app-level events; for scenes, also
/// their session's session-level events), as in JavaMOP. App-level events go
/// to the base and to every live slice.
///
/// A `per session across launches` rule keeps its instances until the trace
/// ends, and a trace may name hundreds of thousands of sessions, most of which
/// never leave the state they started in (an `after didDiscardSceneSessions`
/// scope that never opens). Such an instance is not kept as a monitor: while
/// its monitor would equal the base (the same state, having seen nothing the
/// base has not), the base stands for it, and only its session's key is kept,
/// so that its verdict is counted once however many launches name it. An
/// instance has a monitor of its own only while it differs from the base.
///
/// A struct the checker keeps in memory it owns, so stepping a monitor is an
/// in-place mutation with no exclusivity check and no reference counting; the
/// monitors get the rule as a trivial ``RuleShape``.
struct RuleRuntime {
    let compiled: CompiledRule
    /// Per launch, the machine's silent transitions change (``RuleShape/silent``).
    private var shape: RuleShape
    private let slicing: Slicing
    /// Whether the rule applies to the current launch.
    var active = false

    private(set) var monitors: [PatternMonitor] = []
    private(set) var keys: [SliceKey] = []
    /// For scene slices: the session slot of each instance (-1 when unknown).
    private var instanceSession: [Int32] = []
    private var base: PatternMonitor?
    /// Scene slicing: session-level monitors, not instances themselves.
    private var sessionBases: [PatternMonitor] = []
    private var sessionBaseOfSlot: [Int32] = []
    /// Slot in the current launch → instance index (across launches: the instance's number).
    private var instanceOfSessionSlot: [Int32] = []
    private var instanceOfSceneSlot: [Int32] = []
    /// Across launches: session key (``LaunchContext/sessionKey(_:)``) → instance number, -1 when the
    /// rule has not seen the session. Instances are numbered in the order they were made, which is the
    /// order they are stepped and ended in.
    private var instanceOfKey: [Int32] = []
    /// Across launches: instance number → session key.
    private var keyOfInstance: [Int32] = []
    /// Across launches: how many instances there are.
    private var acrossCount: Int32 = 0
    /// Across launches: whether each instance's number is its session's key, as long as every session
    /// was new to the trace when this rule first saw it (always so for a trace's only such rule); the
    /// two maps above are then not kept.
    private var instancesAreKeys = true
    /// Across launches: the monitors of the instances that differ from the base, by instance number.
    /// No order is kept beside it (keeping one sorted cost a shift of the whole list whenever an instance
    /// came to differ from the base or stopped differing); the few places that need the instances in
    /// order walk the numbers, or sort the ones that raised findings.
    private var materialised: [Int32: PatternMonitor] = [:]
    /// Across launches: the findings the kept monitors raised at one app-level event, by instance, to be
    /// emitted in instance order (kept to reuse its storage).
    private var raisedByInstance: [(instance: Int32, findings: [RawFinding])] = []

    private var out: [RawFinding] = []

    init(compiled: CompiledRule) {
        self.compiled = compiled
        shape = compiled.shape
        slicing = compiled.rule.slicing
    }

    // MARK: - Lifetime

    /// Starts the instances of a trace (launch-spanning slicings only).
    mutating func beginTrace(_ trace: String) {
        guard compiled.rule.slicing.spansLaunches else { return }
        reset()
        switch compiled.rule.slicing {
        case .trace: addInstance(PatternMonitor(rule: shape), key: SliceKey(trace: trace), session: -1)
        default: base = PatternMonitor(rule: shape)
        }
    }

    /// Starts a launch: fresh instances for per-launch slicings, new slot maps for all.
    ///
    /// `records` are the callbacks the launch records (`nil`: all); a machine takes the transitions
    /// of the others silently, and a pattern follows every run they allow (PatternMonitor+Unseen.swift).
    /// `beginningUnseen`: the trace does not show how the launch began (a log that starts mid-run),
    /// so before its first event anything the rule names may have happened.
    mutating func beginLaunch(key: SliceKey, applies: Bool, records: CallbackSet? = nil, beginningUnseen: Bool = false) {
        active = applies
        shape.silent = compiled.silentTransitions(records: records)
        shape.unseenMasks = compiled.unseenMasks(records: records, everything: false)
        shape.beginningMasks =
            beginningUnseen && shape.unseenFault != .forgetsTheBeginning ? compiled.unseenMasks(records: records, everything: true) : 0
        shape.beginningSilent = beginningUnseen ? compiled.silentTransitions(records: CallbackSet(), appEvents: true) : 0
        instanceOfSessionSlot.removeAll(keepingCapacity: true)
        instanceOfSceneSlot.removeAll(keepingCapacity: true)
        sessionBaseOfSlot.removeAll(keepingCapacity: true)
        guard !compiled.rule.slicing.spansLaunches else {
            if beginningUnseen, applies {
                base?.beginningUnseen = true
                for index in monitors.indices { monitors[index].beginningUnseen = true }
                for key in materialised.keys { materialised[key]!.beginningUnseen = true }
            }
            return
        }
        reset()
        guard applies else { return }
        var monitor = PatternMonitor(rule: shape)
        monitor.beginningUnseen = beginningUnseen
        switch compiled.rule.slicing {
        case .launch: addInstance(monitor, key: key, session: -1)
        default: base = monitor
        }
    }

    /// How many instances hold a monitor now.
    var monitorCount: Int { monitors.count + materialised.count }

    /// Ends every instance (at the end of a launch, or of a trace for spanning slicings).
    mutating func finishInstances(lastEvent: EventRef?, context: UnsafeMutablePointer<LaunchContext>, sink: FindingSink) {
        if case .session(acrossLaunches: true) = slicing {
            finishAcross(lastEvent: lastEvent, context: context, sink: sink)
            reset()
            return
        }
        for index in monitors.indices {
            let verdict = monitors[index].finish(lastEvent: lastEvent, rule: shape, out: &out)
            flush(instance: index, sink: sink)
            sink.record(InstanceResult(ruleID: compiled.rule.id, slice: keys[index], verdict: verdict), rule: compiled)
        }
        reset()
    }

    private mutating func reset() {
        monitors.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        instanceSession.removeAll(keepingCapacity: true)
        sessionBases.removeAll(keepingCapacity: true)
        sessionBaseOfSlot.removeAll(keepingCapacity: true)
        instanceOfSessionSlot.removeAll(keepingCapacity: true)
        instanceOfSceneSlot.removeAll(keepingCapacity: true)
        instanceOfKey.removeAll(keepingCapacity: true)
        keyOfInstance.removeAll(keepingCapacity: true)
        acrossCount = 0
        instancesAreKeys = true
        materialised.removeAll()
        base = nil
    }

    private mutating func addInstance(_ monitor: PatternMonitor, key: SliceKey, session: Int32) {
        monitors.append(monitor)
        keys.append(key)
        instanceSession.append(session)
    }

    // MARK: - Dispatch

    /// Routes one event with its roles to the slices it belongs to.
    @inline(__always)
    mutating func dispatch(
        _ roles: UInt64, _ event: CheckerEvent, context: UnsafeMutablePointer<LaunchContext>, sink: FindingSink
    ) {
        switch slicing {
        case .launch, .trace:
            step(instance: 0, roles, event, sink: sink)
        case .session(acrossLaunches: true):
            dispatchAcross(roles, event, context: context, sink: sink)
        case .session:
            if event.sessionSlot >= 0 {
                step(instance: sessionInstance(event.sessionSlot, context: context, sink: sink), roles, event, sink: sink)
            } else if event.discarded {
                for slot in context.pointee.discardedSlots {
                    step(instance: sessionInstance(slot, context: context, sink: sink), roles, event, sink: sink)
                }
            } else {
                stepBase(roles, event)
                for index in monitors.indices { step(instance: index, roles, event, sink: sink) }
            }
        case .scene:
            if event.sceneSlot >= 0 {
                step(instance: sceneInstance(event, context: context, sink: sink), roles, event, sink: sink)
            } else if event.sessionSlot >= 0 {
                stepSession(event.sessionSlot, roles, event, sink: sink)
            } else if event.discarded {
                for slot in context.pointee.discardedSlots { stepSession(slot, roles, event, sink: sink) }
            } else {
                stepBase(roles, event)
                for index in sessionBases.indices {
                    sessionBases[index].step(roles, event.ref, session: event.sessionSlot, scene: event.sceneSlot, rule: shape, out: &out)
                    Self.keepInherited(&sessionBases[index], out: &out)
                }
                for index in monitors.indices { step(instance: index, roles, event, sink: sink) }
            }
        }
    }

    @inline(__always)
    private mutating func step(instance: Int, _ roles: UInt64, _ event: CheckerEvent, sink: FindingSink) {
        monitors[instance].step(roles, event.ref, session: event.sessionSlot, scene: event.sceneSlot, rule: shape, out: &out)
        if !out.isEmpty { flush(instance: instance, sink: sink) }
    }

    private mutating func stepBase(_ roles: UInt64, _ event: CheckerEvent) {
        guard base != nil else { return }
        base!.step(roles, event.ref, session: event.sessionSlot, scene: event.sceneSlot, rule: shape, out: &out)
        if !out.isEmpty {
            base!.inherited += out
            out.removeAll(keepingCapacity: true)
        }
    }

    /// A base monitor keeps its findings for the slices that will be created from it.
    private static func keepInherited(_ monitor: inout PatternMonitor, out: inout [RawFinding]) {
        if !out.isEmpty {
            monitor.inherited += out
            out.removeAll(keepingCapacity: true)
        }
    }

    /// A session-level event under scene slicing: the session's base and its scenes.
    private mutating func stepSession(_ slot: Int32, _ roles: UInt64, _ event: CheckerEvent, sink: FindingSink) {
        let baseIndex = Int(sessionBase(slot))
        sessionBases[baseIndex].step(roles, event.ref, session: event.sessionSlot, scene: event.sceneSlot, rule: shape, out: &out)
        Self.keepInherited(&sessionBases[baseIndex], out: &out)
        for index in monitors.indices where instanceSession[index] == slot {
            step(instance: index, roles, event, sink: sink)
        }
    }

    private mutating func sessionBase(_ slot: Int32) -> Int32 {
        if Int(slot) < sessionBaseOfSlot.count, sessionBaseOfSlot[Int(slot)] >= 0 { return sessionBaseOfSlot[Int(slot)] }
        while sessionBaseOfSlot.count <= Int(slot) { sessionBaseOfSlot.append(-1) }
        let index = Int32(sessionBases.count)
        sessionBases.append(base ?? PatternMonitor(rule: shape))
        sessionBaseOfSlot[Int(slot)] = index
        return index
    }

    /// The instance of a session slot; most events find it already mapped.
    @inline(__always)
    private mutating func sessionInstance(
        _ slot: Int32, context: UnsafeMutablePointer<LaunchContext>, sink: FindingSink
    ) -> Int {
        if Int(slot) < instanceOfSessionSlot.count, instanceOfSessionSlot[Int(slot)] >= 0 {
            return Int(instanceOfSessionSlot[Int(slot)])
        }
        return mapSession(slot, context: context, sink: sink)
    }

    @inline(never)
    private mutating func mapSession(_ slot: Int32, context: UnsafeMutablePointer<LaunchContext>, sink: FindingSink) -> Int {
        while instanceOfSessionSlot.count <= Int(slot) { instanceOfSessionSlot.append(-1) }
        let index = monitors.count
        let key = SliceKey(
            trace: context.pointee.trace, launch: context.pointee.launch, session: context.pointee.sessionName(slot))
        create(from: base, key: key, session: slot, sink: sink)
        instanceOfSessionSlot[Int(slot)] = Int32(index)
        return index
    }

    /// The instance of a scene slot; most events find it already mapped.
    @inline(__always)
    private mutating func sceneInstance(
        _ event: CheckerEvent, context: UnsafeMutablePointer<LaunchContext>, sink: FindingSink
    ) -> Int {
        let slot = Int(event.sceneSlot)
        if slot < instanceOfSceneSlot.count, instanceOfSceneSlot[slot] >= 0 { return Int(instanceOfSceneSlot[slot]) }
        return mapScene(event, context: context, sink: sink)
    }

    @inline(never)
    private mutating func mapScene(
        _ event: CheckerEvent, context: UnsafeMutablePointer<LaunchContext>, sink: FindingSink
    ) -> Int {
        let slot = Int(event.sceneSlot)
        while instanceOfSceneSlot.count <= slot { instanceOfSceneSlot.append(-1) }
        let index = monitors.count
        let sessionSlot = event.sessionSlot
        let parent = sessionSlot >= 0 ? sessionBases[Int(sessionBase(sessionSlot))] : base
        let key = SliceKey(
            trace: context.pointee.trace, launch: context.pointee.launch,
            session: sessionSlot >= 0 ? context.pointee.sessionName(sessionSlot) : nil,
            scene: context.pointee.sceneName(Int32(slot)))
        create(from: parent, key: key, session: sessionSlot, sink: sink)
        instanceOfSceneSlot[slot] = Int32(index)
        return index
    }

    /// A new slice: a copy of the monitor it refines, which re-raises what that monitor found.
    private mutating func create(from parent: PatternMonitor?, key: SliceKey, session: Int32, sink: FindingSink) {
        var monitor = parent ?? PatternMonitor(rule: shape)
        let inherited = monitor.inherited
        monitor.inherited = []
        addInstance(monitor, key: key, session: session)
        if !inherited.isEmpty {
            out += inherited
            flush(instance: monitors.count - 1, sink: sink)
        }
    }

    private mutating func flush(instance: Int, sink: FindingSink) {
        for finding in out { sink.emit(finding, rule: compiled, slice: keys[instance]) }
        out.removeAll(keepingCapacity: true)
    }

    // MARK: - Sessions across launches

    /// Routes an event of a `per session across launches` rule: to its session's instance, to the
    /// discarded sessions' instances, or (app-level) to the base and every instance.
    private mutating func dispatchAcross(
        _ roles: UInt64, _ event: CheckerEvent, context: UnsafeMutablePointer<LaunchContext>, sink: FindingSink
    ) {
        if event.sessionSlot >= 0 {
            stepAcross(acrossInstance(event.sessionSlot, context: context, sink: sink), roles, event, context: context, sink: sink)
            return
        }
        if event.discarded {
            for slot in context.pointee.discardedSlots {
                stepAcross(acrossInstance(slot, context: context, sink: sink), roles, event, context: context, sink: sink)
            }
            return
        }
        var stepped = base ?? PatternMonitor(rule: shape)
        stepped.step(roles, event.ref, session: event.sessionSlot, scene: event.sceneSlot, rule: shape, out: &out)
        let raised = out
        out.removeAll(keepingCapacity: true)
        stepped.inherited += raised
        base = stepped
        if raised.isEmpty {
            // Only the kept monitors can raise anything: step them in the dictionary's order, emit in the instances'.
            var index = materialised.startIndex
            while index != materialised.endIndex {
                materialised.values[index].step(
                    roles, event.ref, session: event.sessionSlot, scene: event.sceneSlot, rule: shape, out: &out)
                if !out.isEmpty {
                    raisedByInstance.append((materialised.keys[index], out))
                    out.removeAll(keepingCapacity: true)
                }
                materialised.formIndex(after: &index)
            }
            guard !raisedByInstance.isEmpty else { return }
            raisedByInstance.sort { $0.instance < $1.instance }
            for (instance, findings) in raisedByInstance {
                out = findings
                flushAcross(instance, context: context, sink: sink)
            }
            raisedByInstance.removeAll(keepingCapacity: true)
            return
        }
        // The instances the base stands for raise what it raised, each in its place among the others.
        for instance in 0..<acrossCount {
            if materialised[instance] != nil {
                materialised[instance]?.step(
                    roles, event.ref, session: event.sessionSlot, scene: event.sceneSlot, rule: shape, out: &out)
            } else {
                out = raised
            }
            if !out.isEmpty { flushAcross(instance, context: context, sink: sink) }
        }
    }

    /// The instance of the session in a slot of the current launch, made (and numbered) the first time
    /// the trace names the session to this rule.
    @inline(__always)
    private mutating func acrossInstance(
        _ slot: Int32, context: UnsafeMutablePointer<LaunchContext>, sink: FindingSink
    ) -> Int32 {
        let index = Int(slot)
        if index < instanceOfSessionSlot.count, instanceOfSessionSlot[index] >= 0 { return instanceOfSessionSlot[index] }
        while instanceOfSessionSlot.count <= index { instanceOfSessionSlot.append(-1) }
        let (instance, isNew) = number(ofKey: context.pointee.sessionKey(slot))
        instanceOfSessionSlot[index] = instance
        // A new slice re-raises what the base found before it, as ``create(from:key:session:sink:)``.
        if isNew, let inherited = base?.inherited, !inherited.isEmpty {
            out += inherited
            flushAcross(instance, context: context, sink: sink)
        }
        return instance
    }

    /// The instance number of a session key, and whether it is new (the rule had not seen the session).
    private mutating func number(ofKey key: Int32) -> (instance: Int32, isNew: Bool) {
        if instancesAreKeys {
            if key < acrossCount { return (key, false) }
            if key == acrossCount {
                acrossCount += 1
                return (key, true)
            }
            // Another rule saw a session first: from now on numbers and keys part.
            instancesAreKeys = false
            keyOfInstance = Array(0..<acrossCount)
            instanceOfKey = Array(0..<acrossCount)
        }
        while instanceOfKey.count <= Int(key) { instanceOfKey.append(-1) }
        if instanceOfKey[Int(key)] >= 0 { return (instanceOfKey[Int(key)], false) }
        let instance = acrossCount
        acrossCount += 1
        keyOfInstance.append(key)
        instanceOfKey[Int(key)] = instance
        return (instance, true)
    }

    /// Steps one instance with an event of its own session: its monitor, or a copy of the base for one
    /// the base stands for. A monitor that comes out equal to the base is dropped; a copy that comes out
    /// different is kept.
    private mutating func stepAcross(
        _ instance: Int32, _ roles: UInt64, _ event: CheckerEvent, context: UnsafeMutablePointer<LaunchContext>,
        sink: FindingSink
    ) {
        let fresh = base ?? PatternMonitor(rule: shape)
        var monitor: PatternMonitor
        let kept = materialised.removeValue(forKey: instance)
        if let kept {
            monitor = kept
        } else {
            monitor = fresh
            monitor.inherited = []
        }
        monitor.step(roles, event.ref, session: event.sessionSlot, scene: event.sceneSlot, rule: shape, out: &out)
        if !out.isEmpty { flushAcross(instance, context: context, sink: sink) }
        if !monitor.hasSameState(as: fresh) { materialised[instance] = monitor }
    }

    /// Ends every instance in the order they were made: each kept monitor, and the base for the others.
    private mutating func finishAcross(lastEvent: EventRef?, context: UnsafeMutablePointer<LaunchContext>, sink: FindingSink) {
        var fresh = base ?? PatternMonitor(rule: shape)
        var freshFindings: [RawFinding] = []
        let freshVerdict = fresh.finish(lastEvent: lastEvent, rule: shape, out: &freshFindings)
        for instance in 0..<acrossCount {
            let verdict: Verdict
            if materialised[instance] != nil {
                verdict = materialised[instance]?.finish(lastEvent: lastEvent, rule: shape, out: &out) ?? freshVerdict
            } else {
                out = freshFindings
                verdict = freshVerdict
            }
            let slice = acrossSlice(instance, context: context)
            flush(to: slice, sink: sink)
            sink.record(InstanceResult(ruleID: compiled.rule.id, slice: slice, verdict: verdict), rule: compiled)
        }
    }

    private func acrossSlice(_ instance: Int32, context: UnsafeMutablePointer<LaunchContext>) -> SliceKey {
        let key = instancesAreKeys ? instance : keyOfInstance[Int(instance)]
        return SliceKey(trace: context.pointee.trace, session: LaunchContext.shownName(context.pointee.sessionKeys[key]))
    }

    private mutating func flushAcross(_ instance: Int32, context: UnsafeMutablePointer<LaunchContext>, sink: FindingSink) {
        flush(to: acrossSlice(instance, context: context), sink: sink)
    }

    private mutating func flush(to slice: SliceKey, sink: FindingSink) {
        for finding in out { sink.emit(finding, rule: compiled, slice: slice) }
        out.removeAll(keepingCapacity: true)
    }
}
