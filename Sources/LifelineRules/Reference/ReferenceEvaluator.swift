import LifelineFormat

/// A second, deliberately simple implementation of the rule semantics, for differential testing.
///
/// It materialises every slice as an array, cuts it into scope segments and
/// judges each segment by direct search over indices — no automata, no
/// incremental state, no sharing with ``RuleChecker``'s monitors. It is
/// quadratic and keeps whole traces in memory; it exists to be obviously right.
///
/// It is a test oracle, not API: it is SPI (`@_spi(Reference) import LifelineRules`), which
/// the package's tests and the check benchmark (a package of its own) use, and which
/// nobody else should.
@_spi(Reference)
public enum ReferenceEvaluator {
    /// One launch with its events, as read from a trace.
    public struct Launch: Sendable {
        public var record: LaunchRecord
        /// The label grouping launches for launch-spanning rules.
        public var trace: String
        /// The file the launch and its events come from.
        public var file: String
        public var line: Int
        public var events: [(event: EventRecord, line: Int)]

        public init(record: LaunchRecord, trace: String, file: String, line: Int, events: [(event: EventRecord, line: Int)]) {
            self.record = record
            self.trace = trace
            self.file = file
            self.line = line
            self.events = events
        }
    }

    /// An event of a slice, with where it came from.
    struct Item {
        var event: EventRecord
        var file: String
        var line: Int
        var isLaunch: Bool
        /// The callbacks its launch records (`nil`: all).
        var records: CallbackSet?
        /// Its launch's index in the launches evaluated (-1 for an unseen event of a completion).
        var launchIndex = 0
        /// Whether its launch's trace begins mid-run (``LaunchRecord/excerpt``).
        var excerpt = false
        /// For a scene callback that names no session or no scene: the one it is judged by
        /// (the launch's unnamed session; its session's one scene), as ``IdentityNote`` says.
        var standInSession: String?
        var standInScene: String?
        var location: String { "\(file):\(line)" }
        /// The session and scene slices see it in.
        var sessionID: String? { event.session ?? standInSession }
        var sceneID: String? { event.scene ?? standInScene }
    }

    /// Every finding and instance verdict of `rules` over `launches`, in no particular order.
    public static func evaluate(_ rules: RuleSet, launches: [Launch]) -> (findings: [ReferenceFinding], instances: [InstanceResult]) {
        var findings: [ReferenceFinding] = []
        var instances: [InstanceResult] = []
        let itemsByLaunch = launches.enumerated().map { items(of: $1, index: $0) }
        let ambiguities = ambiguities(launches, items: itemsByLaunch)
        for rule in rules.rules {
            for (key, slice, last) in slices(of: rule, launches: launches, items: itemsByLaunch) {
                let (verdict, found) = judge(rule, slice: slice, last: last, key: key)
                findings += notProven(found, rule: rule, key: key, ambiguities: ambiguities)
                instances.append(InstanceResult(ruleID: rule.id, slice: key, verdict: verdict))
            }
        }
        return (findings, instances)
    }

    // MARK: - Scene identity

    /// Per launch (by its key), the line of its first scene connection while the launch's unnamed
    /// scene was connected: from there callbacks that name no scene or session may be two scenes'
    /// (``IdentityNote``), and the checker proves no violation of that scene that involves them.
    static func ambiguities(_ launches: [Launch], items: [[Item]]) -> [String: Int] {
        var result: [String: Int] = [:]
        for (launch, all) in zip(launches, items) {
            var connected: Set<String> = []
            for item in all where !item.isLaunch && item.event.phase != .end && item.event.session == nil {
                guard let scene = item.standInScene else { continue }
                if item.event.event.callback == .willConnectTo {
                    if !connected.insert(scene).inserted {
                        result[launch.record.launch ?? "\(launch.file):\(launch.line)"] = item.line
                        break
                    }
                } else if item.event.event.callback == .sceneDidDisconnect {
                    connected.remove(scene)
                }
            }
        }
        return result
    }

    /// `found` with the violations of a launch's unnamed scene (or session) that involve a callback
    /// from its first ambiguous line on made pending, as the checker reports them.
    static func notProven(_ found: [ReferenceFinding], rule: Rule, key: SliceKey, ambiguities: [String: Int]) -> [ReferenceFinding] {
        guard FindingSink.judgesScenes(rule.slicing), key.session == nil, key.scene == nil, let launch = key.launch,
            let line = ambiguities[launch]
        else { return found }
        return found.map { finding in
            let witnesses = [finding.opener, finding.trigger, finding.offending, finding.closer].compactMap { $0 }
            let involved = witnesses.contains { Int($0.split(separator: ":").last ?? "") ?? 0 >= line }
            guard finding.status == .violated, involved else { return finding }
            var pending = finding
            pending.status = .pending
            return pending
        }
    }

    // MARK: - Slicing

    /// The items of each launch, with the synthetic launch event first (timed as the first event).
    static func items(of launch: Launch, index: Int) -> [Item] {
        var items: [Item] = []
        let firstT = launch.events.first?.event.t ?? 0
        let excerpt = launch.record.excerpt == true
        items.append(
            Item(
                event: EventRecord(seq: -1, t: firstT, event: EventName.launch), file: launch.file, line: launch.line, isLaunch: true,
                records: launch.record.records, launchIndex: index, excerpt: excerpt))
        for (event, line) in launch.events {
            var item = Item(
                event: event, file: launch.file, line: line, isLaunch: false, records: launch.record.records, launchIndex: index,
                excerpt: excerpt)
            if event.event.callback?.scope == .scene, event.scene == nil {
                if event.session == nil { item.standInSession = "\u{0}session of launch \(index)" }
                item.standInScene = "\u{0}scene of \(item.sessionID!)"
            }
            items.append(item)
        }
        return items
    }

    /// `judged` decides which launches the rule is judged on (``judges(_:_:)`` unless given).
    static func slices(
        of rule: Rule, launches: [Launch], items: [[Item]], judged: ((LaunchRecord) -> Bool)? = nil
    ) -> [(SliceKey, [Item], Item?)] {
        let judges = judged ?? { Self.judges(rule, $0) }
        var result: [(SliceKey, [Item], Item?)] = []
        let seesLaunch = mentions(rule, EventName.launch)
        if rule.slicing.spansLaunches {
            var traces: [String] = []
            for launch in launches where !traces.contains(launch.trace) { traces.append(launch.trace) }
            for trace in traces {
                let group = launches.indices.filter { launches[$0].trace == trace }
                let last = group.flatMap { items[$0] }.last { !$0.isLaunch }
                let applicable = group.filter { judges(launches[$0].record) }.flatMap { items[$0] }
                let relevant = applicable.filter { seen(by: rule, $0, seesLaunch: seesLaunch) }
                if case .trace = rule.slicing {
                    result.append((SliceKey(trace: trace), relevant, last))
                } else {
                    for session in sessions(in: relevant) {
                        let slice = relevant.filter { belongs($0, toSession: session) }
                        result.append((SliceKey(trace: trace, session: LaunchContext.shownName(session)), slice, last))
                    }
                }
            }
            return result
        }
        for (launch, all) in zip(launches, items) {
            guard judges(launch.record) else { continue }
            let last = all.last { !$0.isLaunch }
            let relevant = all.filter { seen(by: rule, $0, seesLaunch: seesLaunch) }
            let launchKey = launch.record.launch ?? "\(launch.file):\(launch.line)"
            switch rule.slicing {
            case .launch, .trace:
                result.append((SliceKey(trace: launch.trace, launch: launchKey), relevant, last))
            case .session:
                for session in sessions(in: relevant) {
                    let slice = relevant.filter { belongs($0, toSession: session) }
                    result.append(
                        (SliceKey(trace: launch.trace, launch: launchKey, session: LaunchContext.shownName(session)), slice, last))
                }
            case .scene:
                var scenes: [(scene: String, session: String?)] = []
                for item in relevant {
                    if let scene = item.sceneID, !scenes.contains(where: { $0.scene == scene }) {
                        scenes.append((scene, item.sessionID))
                    }
                }
                for (scene, session) in scenes {
                    let slice = relevant.filter { item in
                        if let other = item.sceneID { return other == scene }
                        if let other = item.sessionID { return other == session }
                        if let listed = discardList(item) { return session.map(listed.contains) ?? false }
                        return true
                    }
                    result.append(
                        (
                            SliceKey(
                                trace: launch.trace, launch: launchKey, session: session.flatMap(LaunchContext.shownName),
                                scene: LaunchContext.shownName(scene)), slice, last
                        ))
                }
            }
        }
        return result
    }

    /// The sessions named by a slice's events, in order of first mention.
    static func sessions(in items: [Item]) -> [String] {
        var sessions: [String] = []
        for item in items {
            for session in item.sessionID.map({ [$0] }) ?? discardList(item) ?? [] where !sessions.contains(session) {
                sessions.append(session)
            }
        }
        return sessions
    }

    static func belongs(_ item: Item, toSession session: String) -> Bool {
        if let other = item.sessionID { return other == session }
        if let listed = discardList(item) { return listed.contains(session) }
        return true
    }

    /// For `didDiscardSceneSessions` without a session of its own: the sessions it lists.
    static func discardList(_ item: Item) -> [String]? {
        guard item.event.event.callback == .didDiscardSceneSessions, item.event.session == nil else { return nil }
        let listed = item.event.discardedSessions
        return listed.isEmpty ? nil : listed
    }

    // MARK: - Roles

    enum Role { case opener, closer, first, second, third }

    /// Whether an event is one of the pattern's alternatives. Without a `phase`
    /// condition an alternative matches begin and instant records, and end
    /// records too when `endsAllowed`; `ignoringPhase` drops phase conditions altogether.
    static func matches(
        _ pattern: EventPattern, _ event: EventRecord, ignoringPhase: Bool = false, endsAllowed: Bool = false
    )
        -> Bool
    {
        pattern.alternatives.contains { alternative in
            guard alternative.name == event.event else { return false }
            let conditions = ignoringPhase ? alternative.conditions.filter { $0.field != "phase" } : alternative.conditions
            let phased = conditions.contains { $0.field == "phase" }
            if !ignoringPhase && !phased && !endsAllowed && event.phase == .end { return false }
            return conditions.allSatisfy {
                $0.holds(phase: event.phase, thread: event.thread, session: event.session, scene: event.scene, attrs: event.attrs)
            }
        }
    }

    static func plays(_ role: Role, in rule: Rule, _ event: EventRecord) -> Bool {
        guard case .pattern(let scope, let pattern) = rule.body else { return false }
        switch role {
        case .opener: return scope.opener.map { matches($0, event) } ?? false
        case .closer: return scope.closer.map { matches($0, event) } ?? false
        default: break
        }
        switch pattern {
        case .universality(let allowed):
            // The end record of an allowed callback is allowed too.
            return role == .first && matches(allowed, event, endsAllowed: true)
        case .maximumDuration(let p, _), .minimumDuration(let p, _):
            guard matches(p, event, ignoringPhase: true) else { return false }
            return role == .first ? event.phase == .begin : (role == .second && event.phase == .end)
        default:
            return Self.event(role, of: pattern).map { matches($0, event) } ?? false
        }
    }

    /// The event set a pattern gives a role (`pattern.events[role]`, without building the array).
    static func event(_ role: Role, of pattern: RulePattern) -> EventPattern? {
        switch (pattern, role) {
        case (.absence(let p), .first), (.universality(let p), .first), (.existence(let p), .first),
            (.boundedExistence(let p, _, _), .first), (.maximumDuration(let p, _), .first),
            (.minimumDuration(let p, _), .first):
            return p
        case (.precedence(let a, _), .first), (.response(let a, _), .first): return a
        case (.precedence(_, let b), .second), (.response(_, let b), .second): return b
        case (.chainPrecedenceCauses(let a, _, _), .first), (.chainPrecedenceEffects(let a, _, _), .first),
            (.chainResponseEffects(let a, _, _), .first), (.chainResponseCauses(let a, _, _), .first):
            return a
        case (.chainPrecedenceCauses(_, let b, _), .second), (.chainPrecedenceEffects(_, let b, _), .second),
            (.chainResponseEffects(_, let b, _), .second), (.chainResponseCauses(_, let b, _), .second):
            return b
        case (.chainPrecedenceCauses(_, _, let c), .third), (.chainPrecedenceEffects(_, _, let c), .third),
            (.chainResponseEffects(_, _, let c), .third), (.chainResponseCauses(_, _, let c), .third):
            return c
        case (.boundedResponse(let p, _, _), .first), (.boundedInvariance(let p, _, _), .first): return p
        case (.boundedResponse(_, let s, _), .second), (.boundedInvariance(_, let s, _), .second): return s
        default: return nil
        }
    }

    /// Whether the rule's monitor receives the event at all. The synthetic
    /// launch event reaches only rules that name `lifeline.launch` (`seesLaunch`).
    static func seen(by rule: Rule, _ item: Item, seesLaunch: Bool) -> Bool {
        if item.isLaunch && !seesLaunch { return false }
        switch rule.body {
        case .machine(let machine): return machine.transitions.contains { matches($0.on, item.event) }
        case .pattern(_, .universality): return true
        case .pattern:
            return [Role.opener, .closer, .first, .second, .third].contains { plays($0, in: rule, item.event) }
        }
    }
}

extension ReferenceEvaluator {
    /// Every rule not judged on a launch because the launch does not record callbacks it needs, in
    /// launch order and then rule order.
    public static func inapplicable(_ rules: RuleSet, launches: [Launch]) -> [Inapplicability] {
        var result: [Inapplicability] = []
        for launch in launches {
            for rule in rules.rules where rule.applies(to: launch.record) {
                guard let unjudged = rule.unjudged(in: launch.record) else { continue }
                var isMachine = false
                if case .machine = rule.body { isMachine = true }
                result.append(
                    Inapplicability(
                        ruleID: rule.id,
                        slice: SliceKey(trace: launch.trace, launch: launch.record.launch ?? "\(launch.file):\(launch.line)"),
                        file: launch.file, line: launch.line, unrecorded: unjudged.callbacks, isMachine: isMachine,
                        beforeTheTrace: unjudged.beforeTheTrace))
            }
        }
        return result
    }

    /// Whether the rule is judged on a launch: its `when` admits it and what the launch's trace may
    /// not show leaves some finding provable (``Rule/unrecordedCallbacks(in:)``, whose soundness
    /// ``evaluateProven(_:launches:insertions:variants:)`` tests by enumerating completions).
    static func judges(_ rule: Rule, _ record: LaunchRecord) -> Bool {
        rule.applies(to: record) && rule.unjudged(in: record) == nil
    }

    static func mentions(_ rule: Rule, _ name: EventName) -> Bool {
        switch rule.body {
        case .machine(let machine): return machine.transitions.contains { $0.on.names.contains(name) }
        case .pattern(let scope, let pattern):
            let patterns = [
                scope.opener, scope.closer, event(.first, of: pattern), event(.second, of: pattern),
                event(.third, of: pattern),
            ]
            return patterns.contains { $0?.alternatives.contains { $0.name == name } ?? false }
        }
    }
}
