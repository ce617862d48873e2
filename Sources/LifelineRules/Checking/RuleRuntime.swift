import LifelineFormat

/// The live instances of one rule: one monitor per slice, created on demand.
///
/// Session and scene slices are created by copying a *base* monitor that has
/// seen the events with fewer parameters (app-level events; for scenes, also
/// their session's session-level events), as in JavaMOP. App-level events go
/// to the base and to every live slice.
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
    /// Slot in the current launch → instance index.
    private var instanceOfSessionSlot: [Int32] = []
    private var instanceOfSceneSlot: [Int32] = []
    /// Across launches: session identifier → instance index.
    private var instanceOfSession: [String: Int32] = [:]

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
    /// of the others silently.
    mutating func beginLaunch(key: SliceKey, applies: Bool, records: CallbackSet? = nil) {
        active = applies
        shape.silent = compiled.silentTransitions(records: records)
        instanceOfSessionSlot.removeAll(keepingCapacity: true)
        instanceOfSceneSlot.removeAll(keepingCapacity: true)
        sessionBaseOfSlot.removeAll(keepingCapacity: true)
        guard !compiled.rule.slicing.spansLaunches else { return }
        reset()
        guard applies else { return }
        switch compiled.rule.slicing {
        case .launch: addInstance(PatternMonitor(rule: shape), key: key, session: -1)
        default: base = PatternMonitor(rule: shape)
        }
    }

    /// Ends every instance (at the end of a launch, or of a trace for spanning slicings).
    mutating func finishInstances(lastEvent: EventRef?, sink: FindingSink) {
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
        instanceOfSession.removeAll(keepingCapacity: true)
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
        case .session(let across):
            if event.sessionSlot >= 0 {
                step(instance: sessionInstance(event.sessionSlot, across: across, context: context, sink: sink), roles, event, sink: sink)
            } else if event.discarded {
                for slot in context.pointee.discardedSlots {
                    step(instance: sessionInstance(slot, across: across, context: context, sink: sink), roles, event, sink: sink)
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
        _ slot: Int32, across: Bool, context: UnsafeMutablePointer<LaunchContext>, sink: FindingSink
    ) -> Int {
        if Int(slot) < instanceOfSessionSlot.count, instanceOfSessionSlot[Int(slot)] >= 0 {
            return Int(instanceOfSessionSlot[Int(slot)])
        }
        return mapSession(slot, across: across, context: context, sink: sink)
    }

    @inline(never)
    private mutating func mapSession(
        _ slot: Int32, across: Bool, context: UnsafeMutablePointer<LaunchContext>, sink: FindingSink
    ) -> Int {
        while instanceOfSessionSlot.count <= Int(slot) { instanceOfSessionSlot.append(-1) }
        let session = context.pointee.sessions[Int(slot)]
        let index: Int
        if across, let existing = instanceOfSession[session] {
            index = Int(existing)
        } else {
            index = monitors.count
            let key = SliceKey(
                trace: context.pointee.trace, launch: across ? nil : context.pointee.launch, session: session)
            create(from: base, key: key, session: slot, sink: sink)
            if across { instanceOfSession[session] = Int32(index) }
        }
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
            session: sessionSlot >= 0 ? context.pointee.sessions[Int(sessionSlot)] : nil,
            scene: context.pointee.scenes[slot])
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
}
