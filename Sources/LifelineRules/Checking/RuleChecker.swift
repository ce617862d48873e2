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
    private let runtimes: [RuleRuntime]
    private let sink: FindingSink
    /// Rule indices by event-name symbol.
    private var interest: [[Int32]]
    private let universal: [Int32]
    private let context = LaunchContext()
    private let launchSymbol: Int32?

    private var traceLabel: String?
    private var launch: LaunchRecord?
    private var source: Int32 = 0
    private var sourceIndex: [String: Int32] = [:]
    private var lastLaunchEvent: EventRef?
    private var lastTraceEvent: EventRef?
    private var launchEventPending = false
    private var launchLine: Int32 = 0
    private var counts = (traces: 0, launches: 0, events: 0)

    /// Prepares the rules. `onInstance` receives every instance's verdict when it ends.
    public init(
        rules: RuleSet, onFinding: @escaping (Finding) -> Void, onInstance: @escaping (InstanceResult) -> Void = { _ in }
    ) {
        self.rules = rules
        var symbols = SymbolTable()
        var compiled: [CompiledRule] = []
        for (index, rule) in rules.rules.enumerated() {
            compiled.append(CompiledRule(rule: rule, index: index, symbols: &symbols))
        }
        runtimes = compiled.map(RuleRuntime.init)
        var interest = [[Int32]](repeating: [], count: symbols.names.count)
        for rule in compiled where !rule.seesAllEvents {
            for symbol in rule.symbols { interest[Int(symbol)].append(Int32(rule.index)) }
        }
        self.interest = interest
        universal = compiled.filter(\.seesAllEvents).map { Int32($0.index) }
        launchSymbol = symbols.lookup(EventName.launch.name)
        sink = FindingSink(names: symbols, onFinding: onFinding, onInstance: onInstance)
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
        let continues = (record.part ?? 1) > 1 && launch != nil && record.launch != nil && record.launch == launch?.launch
        source = sourceIndex(file)
        if continues { return }
        endLaunch()
        if trace != traceLabel {
            endTrace()
            traceLabel = trace
            counts.traces += 1
            lastTraceEvent = nil
            for runtime in runtimes { runtime.beginTrace(trace) }
        }
        counts.launches += 1
        launch = record
        lastLaunchEvent = nil
        let key = record.launch ?? "\(file):\(line)"
        context.reset(trace: trace, launch: key)
        let slice = SliceKey(trace: trace, launch: key)
        for runtime in runtimes { runtime.beginLaunch(key: slice, applies: runtime.compiled.rule.applies(to: record)) }
        launchEventPending = launchSymbol != nil
        launchLine = Int32(clamping: line)
    }

    /// Checks one event of the current launch. `line` is its line in the current file.
    public func check(_ event: EventRecord, line: Int) {
        if launch == nil { beginLaunch(LaunchRecord(), trace: traceLabel ?? "<input>", file: "<input>", line: 0) }
        counts.events += 1
        var symbol: Int32
        if let callback = event.event.callback {
            symbol = Int32(callback.rawValue)
        } else {
            symbol = sink.names.intern(event.event.name)
        }
        if launchEventPending { injectLaunchEvent(at: event.t) }
        let ref = EventRef(
            seq: event.seq, t: event.t, line: Int32(clamping: line), source: source, name: symbol, phase: event.phase)
        lastLaunchEvent = ref
        lastTraceEvent = ref
        let interested = Int(symbol) < interest.count ? interest[Int(symbol)] : []
        if interested.isEmpty && universal.isEmpty { return }
        var checkerEvent = CheckerEvent(
            ref: ref, sessionSlot: event.session.map(context.sessionSlot) ?? -1,
            sceneSlot: event.scene.map(context.sceneSlot) ?? -1, discardedSlots: [], session: event.session,
            scene: event.scene, thread: event.thread, attrs: event.attrs)
        if event.event.callback == .didDiscardSceneSessions && event.session == nil {
            checkerEvent.discardedSlots = event.discardedSessions.map(context.sessionSlot)
        }
        deliver(checkerEvent, to: interested)
        if !universal.isEmpty { deliver(checkerEvent, to: universal) }
    }

    @inline(__always)
    private func deliver(_ event: CheckerEvent, to rules: [Int32]) {
        for index in rules {
            let runtime = runtimes[Int(index)]
            guard runtime.active else { continue }
            let roles = runtime.compiled.roles(of: event)
            if roles == 0 && !runtime.compiled.seesAllEvents { continue }
            runtime.dispatch(roles, event, context: context, sink: sink)
        }
    }

    /// The synthetic `lifeline.launch` event, timed as the launch's first event.
    private func injectLaunchEvent(at t: Int64) {
        launchEventPending = false
        guard let symbol = launchSymbol else { return }
        let ref = EventRef(seq: -1, t: t, line: launchLine, source: source, name: symbol, phase: .instant)
        let event = CheckerEvent(
            ref: ref, sessionSlot: -1, sceneSlot: -1, discardedSlots: [], session: nil, scene: nil, thread: nil, attrs: [:])
        deliver(event, to: interest[Int(symbol)])
        if !universal.isEmpty { deliver(event, to: universal) }
    }

    /// Ends the input: resolves open obligations and returns the summary.
    public func finish() -> CheckSummary {
        endLaunch()
        endTrace()
        traceLabel = nil
        return summary
    }

    /// How many rule instances are live now (for memory tests and diagnostics).
    public var liveInstances: Int { runtimes.reduce(0) { $0 + $1.monitors.count } }

    /// Whether a launch is in progress (events go to it).
    var hasLaunch: Bool { launch != nil }

    /// The counts so far.
    public var summary: CheckSummary {
        CheckSummary(
            rules: rules.rules.map { ($0, sink.tally[$0.id] ?? RuleTally()) }, traces: counts.traces,
            launches: counts.launches, events: counts.events)
    }

    private func endLaunch() {
        guard launch != nil else { return }
        if launchEventPending { injectLaunchEvent(at: 0) }
        for runtime in runtimes where !runtime.compiled.rule.slicing.spansLaunches {
            runtime.finishInstances(lastEvent: lastLaunchEvent, sink: sink)
        }
        launch = nil
    }

    private func endTrace() {
        guard traceLabel != nil else { return }
        for runtime in runtimes where runtime.compiled.rule.slicing.spansLaunches {
            runtime.finishInstances(lastEvent: lastTraceEvent, sink: sink)
        }
    }

    private func sourceIndex(_ file: String) -> Int32 {
        if let index = sourceIndex[file] { return index }
        let index = Int32(sink.sources.count)
        sink.sources.append(file)
        sourceIndex[file] = index
        return index
    }
}

extension EventName {
    /// The synthetic event the checker delivers at each launch record, for rules
    /// that speak about launches (`between lifeline.launch and …`).
    public static let launch = EventName("lifeline.launch")
}
