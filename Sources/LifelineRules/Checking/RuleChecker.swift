import LifelineFormat

/// The streaming rule checker: one pass over events in order, findings as they are proven.
///
/// Feed it launch records and events in trace order — from trace files
/// (``check(file:)``) or from any other ordered source, such as the database —
/// and it calls `onFinding` for each violation as soon as it is certain, and
/// for each obligation still open at the end. Memory is proportional to the
/// live slices and open obligations, not to the length of the trace.
///
/// ```swift
/// let checker = RuleChecker(rules: rules) { finding in print(finding.headline) }
/// try checker.check(file: "traces/notes.ndjson")
/// let summary = checker.finish()
/// ```
public final class RuleChecker {
    public let rules: RuleSet
    /// The per-rule state, in memory the checker owns (see ``RuleRuntime``).
    private let runtimes: UnsafeMutablePointer<RuleRuntime>
    private let runtimeCount: Int
    let table: DispatchTable
    private let sink: FindingSink
    private let context: UnsafeMutablePointer<LaunchContext>
    private let state: UnsafeMutablePointer<CheckerState>
    private let launchSymbol: Int32?
    /// The symbol of `lifeline.anatomy` when a rule names it: the checker then derives each
    /// launch's anatomy and delivers it as that event when the launch ends.
    private let anatomySymbol: Int32?
    private let onLaunch: (SliceKey, LaunchRecord) -> Void
    private let onNotApplicable: (Inapplicability) -> Void
    private let onIdentity: (IdentityNote) -> Void
    /// The callbacks recorded by launches whose record does not say (`lifeline check --records`);
    /// `nil`: such launches record every callback.
    public var assumedRecords: CallbackSet?
    /// Sees each launch as it starts, as `onLaunch` does, with the file and line of its record
    /// (`lifeline check --format jsonl` lists the launches it judged).
    package var onLaunchLocated: ((_ slice: SliceKey, _ record: LaunchRecord, _ file: String, _ line: Int) -> Void)?
    /// Whether to make each launch's ``LaunchAnatomy`` from its callbacks (``finishedAnatomy``).
    package var collectsAnatomy = false

    /// Prepares the rules. `onInstance` receives every instance's verdict when it ends; `onLaunch`
    /// each launch as it starts (not a rotated file's copy of the current one), with its slice and
    /// its record (with ``assumedRecords`` filled in); `onNotApplicable` each rule that is not judged
    /// on a launch because it needs callbacks the launch does not record; `onIdentity`, at the end of
    /// a launch whose scene callbacks did not all name their scene, how they were judged.
    public convenience init(
        rules: RuleSet, onFinding: @escaping (Finding) -> Void, onInstance: @escaping (InstanceResult) -> Void = { _ in },
        onLaunch: @escaping (SliceKey, LaunchRecord) -> Void = { _, _ in },
        onNotApplicable: @escaping (Inapplicability) -> Void = { _ in },
        onIdentity: @escaping (IdentityNote) -> Void = { _ in }
    ) {
        self.init(
            rules: rules, fault: nil, onFinding: onFinding, onInstance: onInstance, onLaunch: onLaunch,
            onNotApplicable: onNotApplicable, onIdentity: onIdentity)
    }

    /// A checker whose machine step has a deliberate bug: only for the differential test's mutation check.
    init(
        rules: RuleSet, fault: MachineStepFault?, unseenFault: UnseenFault? = nil, onFinding: @escaping (Finding) -> Void,
        onInstance: @escaping (InstanceResult) -> Void = { _ in },
        onLaunch: @escaping (SliceKey, LaunchRecord) -> Void = { _, _ in },
        onNotApplicable: @escaping (Inapplicability) -> Void = { _ in },
        onIdentity: @escaping (IdentityNote) -> Void = { _ in }
    ) {
        self.rules = rules
        self.onLaunch = onLaunch
        self.onNotApplicable = onNotApplicable
        self.onIdentity = onIdentity
        var symbols = SymbolTable()
        var compiled: [CompiledRule] = []
        for (index, rule) in rules.rules.enumerated() {
            compiled.append(CompiledRule(rule: rule, index: index, symbols: &symbols, fault: fault, unseenFault: unseenFault))
        }
        runtimeCount = compiled.count
        runtimes = .allocate(capacity: compiled.count)
        runtimes.initialize(from: compiled.map(RuleRuntime.init), count: compiled.count)
        table = DispatchTable(rules: compiled, symbolCount: symbols.names.count)
        launchSymbol = symbols.lookup(EventName.launch.name)
        anatomySymbol = symbols.lookup(EventName.anatomy.name)
        sink = FindingSink(names: symbols, onFinding: onFinding, onInstance: onInstance, onNotApplicable: onNotApplicable)
        context = .allocate(capacity: 1)
        context.initialize(to: LaunchContext())
        state = .allocate(capacity: 1)
        state.initialize(to: CheckerState())
    }

    deinit {
        runtimes.deinitialize(count: runtimeCount)
        runtimes.deallocate()
        table.deallocate()
        context.deinitialize(count: 1)
        context.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    // MARK: - Input

    /// Starts a launch. A rotated file's copy of the current launch record (`part` 2, 3, …) continues it.
    ///
    /// - Parameters:
    ///   - trace: groups launches for `per trace` and `per session across launches` rules; usually the
    ///     path of the trace file that started the launch.
    ///   - file: the file the following events come from, for witnesses.
    ///   - line: the launch record's line.
    public func beginLaunch(_ record: LaunchRecord, trace: String, file: String, line: Int) {
        var record = record
        if record.records == nil { record.records = assumedRecords }
        let launch = state.pointee.launch
        let continues = (record.part ?? 1) > 1 && launch != nil && record.launch != nil && record.launch == launch?.launch
        state.pointee.source = sourceIndex(file)
        if continues { return }
        endLaunch()
        if trace != state.pointee.traceLabel {
            endTrace()
            state.pointee.traceLabel = trace
            state.pointee.traces += 1
            state.pointee.lastTraceEvent = nil
            context.pointee.beginTrace()
            for index in 0..<runtimeCount { runtimes[index].beginTrace(trace) }
        }
        state.pointee.launches += 1
        state.pointee.launch = record
        state.pointee.hasLaunch = true
        if collectsAnatomy || anatomySymbol != nil { state.pointee.anatomy = LaunchAnatomy.Builder(record: record) }
        state.pointee.lastLaunchEvent = nil
        let key = record.launch ?? "\(file):\(line)"
        context.pointee.reset(trace: trace, launch: key)
        let slice = SliceKey(trace: trace, launch: key)
        onLaunch(slice, record)
        onLaunchLocated?(slice, record, file, line)
        for index in 0..<runtimeCount {
            let rule = runtimes[index].compiled.rule
            var applies = rule.applies(to: record)
            if applies, let unjudged = rule.unjudged(in: record) {
                applies = false
                sink.notApplicable(
                    Inapplicability(
                        ruleID: rule.id, slice: slice, file: file, line: line > 0 ? line : nil, unrecorded: unjudged.callbacks,
                        isMachine: { if case .machine = rule.body { true } else { false } }(),
                        beforeTheTrace: unjudged.beforeTheTrace))
            }
            runtimes[index].beginLaunch(
                key: slice, applies: applies, records: record.records, beginningUnseen: record.excerpt == true)
            sink.unseen[index] = Self.unseenNote(rule, record)
        }
        state.pointee.launchEventPending = launchSymbol != nil
        state.pointee.launchLine = Int32(clamping: line)
        state.pointee.launchSource = state.pointee.source
    }

    /// What `record`'s trace may not show of what `rule` names, in words, or nil when it shows everything.
    static func unseenNote(_ rule: Rule, _ record: LaunchRecord) -> String? {
        var parts: [String] = []
        if let records = record.records {
            let missing = rule.callbacks.subtracting(records).elements.map { "'\($0)'" }
            switch missing.count {
            case 0: break
            case 1: parts.append("\(missing[0]) is not recorded")
            default: parts.append(missing.dropLast().joined(separator: ", ") + " and \(missing[missing.count - 1]) are not recorded")
            }
        }
        if record.excerpt == true { parts.append("the trace begins after the launch did") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// Checks one event of the current launch. `line` is its line in the current file.
    public func check(_ event: EventRecord, line: Int) {
        let symbol: Int32
        if let callback = event.event.callback {
            symbol = Int32(callback.rawValue)
        } else {
            symbol = appSymbol(event.event.name)
        }
        let ref = advance(
            symbol: symbol, seq: event.seq, t: event.t, line: line, phase: event.phase, scene: event.scene,
            scenePhase: LaunchAnatomy.ScenePhaseReading(attrs: event.attrs))
        let entries = table.entries(of: symbol)
        if entries.isEmpty && table.universalCount == 0 { return }
        var checkerEvent = CheckerEvent(ref: ref, sessionSlot: -1, sceneSlot: -1, discarded: false)
        if table.needsSlots(symbol) {
            if let session = event.session { checkerEvent.sessionSlot = context.pointee.sessionSlot(session) }
            if let scene = event.scene { checkerEvent.sceneSlot = context.pointee.sceneSlot(scene) }
            if event.event.callback == .didDiscardSceneSessions && event.session == nil {
                checkerEvent.discarded = discard(event.discardedSessions)
            }
        }
        withUnsafePointer(to: event) { deliver(checkerEvent, entries, fields: $0) }
    }

    /// Counts an event of the current launch (starting one if there is none) and makes its reference.
    /// `scene` is asked only of the few callbacks a launch's anatomy follows per scene, `scenePhase`
    /// only of `swiftui.scenePhase`.
    @inline(__always)
    func advance(
        symbol: Int32, seq: Int64, t: Int64, line: Int, phase: Phase, scene: @autoclosure () -> String?,
        scenePhase: @autoclosure () -> LaunchAnatomy.ScenePhaseReading?
    ) -> EventRef {
        if !state.pointee.hasLaunch {
            beginLaunch(LaunchRecord(), trace: state.pointee.traceLabel ?? "<input>", file: "<input>", line: 0)
        }
        state.pointee.events += 1
        // Catalog callbacks' symbols are their raw values; `Callback(rawValue:)` refuses the rest.
        if state.pointee.anatomy != nil {
            if UInt32(bitPattern: symbol) <= UInt32(UInt8.max), let callback = Callback(rawValue: UInt8(symbol)) {
                state.pointee.anatomy?.note(callback, t: t, phase: phase, scene: scene())
            } else if symbol == SymbolTable.firstFrame {
                state.pointee.anatomy?.note(.firstFrame, t: t)
            } else if symbol == SymbolTable.fullyDisplayed {
                state.pointee.anatomy?.note(.fullyDisplayed, t: t)
            } else if symbol == SymbolTable.scenePhase {
                if let reading = scenePhase() { state.pointee.anatomy?.note(reading, t: t) }
            } else if phase != .instant {
                // The app's own spans: what ran in a slow phase.
                state.pointee.anatomy?.noteApp(key: Int(symbol), t: t, phase: phase) { sink.names[symbol] }
            }
        }
        if state.pointee.launchEventPending { injectLaunchEvent(at: t) }
        let ref = EventRef(
            seq: seq, t: t, line: Int32(clamping: line), source: state.pointee.source, name: symbol, phase: phase)
        state.pointee.lastLaunchEvent = ref
        state.pointee.lastTraceEvent = ref
        return ref
    }

    /// Whether some rule wants an event named `symbol`; returns its entries.
    @inline(__always)
    func interest(in symbol: Int32) -> (entries: UnsafeMutableBufferPointer<DispatchTable.Entry>, any: Bool) {
        let entries = table.entries(of: symbol)
        return (entries, !entries.isEmpty || table.universalCount != 0)
    }

    /// Whether the rules that want `symbol` need the event's session and scene slots.
    @inline(__always)
    func needsSlots(_ symbol: Int32) -> Bool { table.needsSlots(symbol) }

    /// The slots of the sessions a `didDiscardSceneSessions` names; whether there are any.
    func discard(_ sessions: [String]) -> Bool {
        let slots = sessions.map { context.pointee.sessionSlot($0) }
        context.pointee.discardedSlots = slots
        return !slots.isEmpty
    }

    /// The slot of a session identifier in the current launch.
    func sessionSlot(_ session: String) -> Int32 { context.pointee.sessionSlot(session) }

    /// The slot of a scene identifier in the current launch.
    func sceneSlot(_ scene: String) -> Int32 { context.pointee.sceneSlot(scene) }

    /// The symbol of an event name: a callback's raw value, or the app-defined name interned.
    func symbol(of name: EventName) -> Int32 {
        name.callback.map { Int32($0.rawValue) } ?? sink.names.intern(name.name)
    }

    /// How many launches have started: a new count means new slots.
    var launchCount: Int { state.pointee.launches }

    /// The slot of a session identifier given as bytes.
    @inline(__always)
    func sessionSlot(bytes: UnsafeRawBufferPointer) -> Int32 { context.pointee.sessionSlot(bytes: bytes) }

    /// The slot of a scene identifier given as bytes.
    @inline(__always)
    func sceneSlot(bytes: UnsafeRawBufferPointer) -> Int32 { context.pointee.sceneSlot(bytes: bytes) }

    /// Hands an event to the interested rules and the universal ones.
    ///
    /// `fields` is the record whose fields conditional alternatives test; when
    /// `nil`, they see no thread, session, scene or attributes. A caller that
    /// has no record at hand must pass one when ``testsConditions(_:_:)`` says so.
    @inline(__always)
    func deliver(
        _ event: CheckerEvent, _ entries: UnsafeMutableBufferPointer<DispatchTable.Entry>,
        fields: UnsafePointer<EventRecord>?
    ) {
        var event = event
        if event.sceneSlot < 0, UInt32(bitPattern: event.ref.name) < 64, Self.sceneCallbacks & (1 << UInt64(event.ref.name)) != 0,
            table.needsSlots(event.ref.name)
        {
            standIn(&event)
        }
        let phase = event.ref.phase
        for entry in entries {
            let runtime = runtimes + Int(entry.rule)
            guard runtime.pointee.active else { continue }
            let roles = entry.conditional < 0 ? entry.roles(phase) : conditionalRoles(entry, phase, fields)
            if roles == 0 { continue }
            runtime.pointee.dispatch(roles, event, context: context, sink: sink)
        }
        if table.universalCount == 0 { return }
        for offset in 0..<table.universalCount {
            let entry = table.universalEntry(offset, event.name)
            let runtime = runtimes + Int(entry.rule)
            guard runtime.pointee.active else { continue }
            let roles = entry.conditional < 0 ? entry.roles(phase) : conditionalRoles(entry, phase, fields)
            runtime.pointee.dispatch(roles, event, context: context, sink: sink)
        }
    }

    /// The scene-delegate callbacks, by raw value: a scene's own life, which per-scene rules judge.
    static let sceneCallbacks: UInt64 = Callback.allCases.reduce(0) { $1.scope == .scene ? $0 | 1 << UInt64($1.rawValue) : $0 }

    /// Gives a scene callback that names no scene the scene standing in for its session's (or, with
    /// no session either, the launch's unnamed session's), and notes it (``IdentityNote``).
    private func standIn(_ event: inout CheckerEvent) {
        let unnamed = event.sessionSlot < 0
        if unnamed {
            event.sessionSlot = context.pointee.unnamedSession()
            state.pointee.unnamedScenes += 1
        } else {
            state.pointee.perSessionScenes += 1
        }
        event.sceneSlot = context.pointee.standInScene(forSession: event.sessionSlot)
        guard event.ref.phase != .end else { return }
        if event.ref.name == Int32(Callback.willConnectTo.rawValue) {
            // Only where nothing names the session: a session has one scene at a time, so a second
            // connection in a named session is that scene connecting twice (connect-once's to judge).
            if unnamed, !state.pointee.connectedStandIns.insert(event.sceneSlot).inserted {
                state.pointee.ambiguousLines.append(Int(event.ref.line))
                if sink.ambiguity == nil { sink.ambiguity = (event.ref.seq, Int(event.ref.line)) }
            }
        } else if event.ref.name == Int32(Callback.sceneDidDisconnect.rawValue) {
            state.pointee.connectedStandIns.remove(event.sceneSlot)
        }
    }

    private func conditionalRoles(
        _ entry: DispatchTable.Entry, _ phase: Phase, _ fields: UnsafePointer<EventRecord>?
    ) -> UInt64 {
        guard let fields else {
            return table.roles(entry, phase: phase, thread: nil, session: nil, scene: nil, attrs: [:])
        }
        return table.roles(
            entry, phase: phase, thread: fields.pointee.thread, session: fields.pointee.session,
            scene: fields.pointee.scene, attrs: fields.pointee.attrs)
    }

    /// Whether a rule that sees `symbol` tests conditions on the fields of a record of `phase`.
    @inline(__always)
    func testsConditions(_ symbol: Int32, _ phase: Phase) -> Bool { table.testsConditions(symbol, phase) }

    /// The symbol of an app-defined event name, from the recent names when it is one of them.
    @inline(__always)
    private func appSymbol(_ name: String) -> Int32 {
        let found = state.pointee.recentNames.withUnsafeBufferPointer { recent in
            recent.firstIndex { $0.name == name }.map { recent[$0].symbol }
        }
        if let found { return found }
        let symbol = sink.names.intern(name)
        remember(name, symbol)
        return symbol
    }

    /// The symbol of an event name given as bytes, as written in a trace (the scanner found no callback).
    @inline(__always)
    func appSymbol(bytes: UnsafeRawBufferPointer) -> Int32 {
        let found = state.pointee.recentNames.withUnsafeBufferPointer { recent in
            recent.firstIndex { LaunchContext.equal($0.name, bytes) }.map { recent[$0].symbol }
        }
        if let found { return found }
        let spelling = String(decoding: bytes, as: UTF8.self)
        let name = EventName(spelling)
        let symbol = name.callback.map { Int32($0.rawValue) } ?? sink.names.intern(name.name)
        remember(spelling, symbol)
        return symbol
    }

    private func remember(_ name: String, _ symbol: Int32) {
        if state.pointee.recentNames.count < 8 {
            state.pointee.recentNames.append((name, symbol))
        } else {
            state.pointee.recentNames[state.pointee.nextRecent] = (name, symbol)
            state.pointee.nextRecent = (state.pointee.nextRecent + 1) % 8
        }
    }

    /// The synthetic `lifeline.launch` event, timed as the launch's first event.
    private func injectLaunchEvent(at t: Int64) {
        state.pointee.launchEventPending = false
        guard let symbol = launchSymbol else { return }
        let ref = EventRef(
            seq: -1, t: t, line: state.pointee.launchLine, source: state.pointee.source, name: symbol, phase: .instant)
        let event = CheckerEvent(ref: ref, sessionSlot: -1, sceneSlot: -1, discarded: false)
        deliver(event, table.entries(of: symbol), fields: nil)
    }

    /// Delivers the launch's anatomy as `lifeline.anatomy` (``EventName/anatomy``), at its last
    /// event's time, located at its launch record, to the rules that name it.
    private func injectAnatomyEvent(_ anatomy: LaunchAnatomy) {
        guard let symbol = anatomySymbol else { return }
        let t = state.pointee.lastLaunchEvent?.t ?? 0
        let ref = EventRef(
            seq: -1, t: t, line: state.pointee.launchLine, source: state.pointee.launchSource, name: symbol, phase: .instant)
        let record = EventRecord(seq: -1, t: t, event: EventName.anatomy, attrs: anatomy.ruleAttributes)
        let event = CheckerEvent(ref: ref, sessionSlot: -1, sceneSlot: -1, discarded: false)
        sink.anatomy = (symbol, anatomy, state.pointee.launch ?? LaunchRecord())
        withUnsafePointer(to: record) { deliver(event, table.entries(of: symbol), fields: $0) }
        sink.anatomy = nil
    }

    /// Ends the input: resolves open obligations and returns the summary.
    public func finish() -> CheckSummary {
        endLaunch()
        endTrace()
        state.pointee.traceLabel = nil
        return summary
    }

    /// How many rule instances hold a monitor now (for memory tests and diagnostics).
    ///
    /// A `per session across launches` instance that has not left the state a fresh one is in holds
    /// none: only its session's key is kept, for the summary's exact count.
    public var liveInstances: Int { (0..<runtimeCount).reduce(0) { $0 + runtimes[$1].monitorCount } }

    /// The events checked so far (``summary``'s `events`, without building the per-rule tallies).
    package var eventCount: Int { state.pointee.events }

    /// The anatomy of the launch that ended last, when ``collectsAnatomy``.
    package var finishedAnatomy: LaunchAnatomy? { state.pointee.finishedAnatomy }

    /// Whether a launch is in progress (events go to it).
    var hasLaunch: Bool { state.pointee.hasLaunch }

    /// The counts so far.
    public var summary: CheckSummary {
        CheckSummary(
            rules: rules.rules.map { ($0, sink.tally[$0.id] ?? RuleTally()) }, traces: state.pointee.traces,
            launches: state.pointee.launches, events: state.pointee.events)
    }

    private func endLaunch() {
        guard state.pointee.hasLaunch else { return }
        if state.pointee.perSessionScenes + state.pointee.unnamedScenes > 0 {
            onIdentity(
                IdentityNote(
                    slice: SliceKey(trace: context.pointee.trace, launch: context.pointee.launch),
                    file: sink.sources.isEmpty ? "" : sink.sources[Int(state.pointee.launchSource)],
                    line: Int(state.pointee.launchLine), perSession: state.pointee.perSessionScenes,
                    unnamed: state.pointee.unnamedScenes, ambiguousLines: state.pointee.ambiguousLines))
        }
        state.pointee.perSessionScenes = 0
        state.pointee.unnamedScenes = 0
        state.pointee.ambiguousLines = []
        state.pointee.connectedStandIns = []
        if state.pointee.launchEventPending { injectLaunchEvent(at: 0) }
        state.pointee.finishedAnatomy = state.pointee.anatomy?.finish()
        state.pointee.anatomy = nil
        if let anatomy = state.pointee.finishedAnatomy { injectAnatomyEvent(anatomy) }
        let lastEvent = state.pointee.lastLaunchEvent
        for index in 0..<runtimeCount where !runtimes[index].compiled.rule.slicing.spansLaunches {
            runtimes[index].finishInstances(lastEvent: lastEvent, context: context, sink: sink)
        }
        sink.ambiguity = nil
        state.pointee.launch = nil
        state.pointee.hasLaunch = false
    }

    private func endTrace() {
        guard state.pointee.traceLabel != nil else { return }
        let lastEvent = state.pointee.lastTraceEvent
        for index in 0..<runtimeCount where runtimes[index].compiled.rule.slicing.spansLaunches {
            runtimes[index].finishInstances(lastEvent: lastEvent, context: context, sink: sink)
        }
    }

    private func sourceIndex(_ file: String) -> Int32 {
        if let index = state.pointee.sourceIndex[file] { return index }
        let index = Int32(sink.sources.count)
        sink.sources.append(file)
        state.pointee.sourceIndex[file] = index
        return index
    }
}

extension EventName {
    /// The synthetic event the checker delivers at each launch record, for rules
    /// that speak about launches (`between lifeline.launch and …`).
    public static let launch = EventName("lifeline.launch")

    /// The synthetic event the checker delivers when a launch ends, carrying its anatomy's measures
    /// as attributes (``LaunchAnatomy/ruleAttributes``), for budgets written as rules
    /// (`never lifeline.anatomy[launchTime > 400ms]`; docs/rules.md, "Launch budgets").
    public static let anatomy = EventName("lifeline.anatomy")
}
