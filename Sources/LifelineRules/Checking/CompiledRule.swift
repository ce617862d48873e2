import LifelineFormat

/// A rule prepared for checking: event names resolved to symbols and patterns to role masks.
///
/// Each event gets a bit mask of the roles it plays for the rule: the scope's
/// opener and closer, and the pattern's first, second and third event sets
/// (for a machine, one bit per transition). Events without conditions are
/// resolved by one table lookup; conditions are evaluated only for names that
/// have them.
final class CompiledRule {
    /// The pattern kinds the monitor implements, with their parameters.
    enum Kind {
        case absence, universality, existence
        case bounded(RulePattern.Bound, Int)
        case precedence, response
        case chainPrecedenceCauses, chainPrecedenceEffects, chainResponseEffects, chainResponseCauses
        case boundedResponse(Int64), boundedInvariance(Int64)
        case maximumDuration(Int64), minimumDuration(Int64)
        case machine
    }

    /// How the rule's scope behaves.
    enum ScopeKind {
        case globally, before, after, between, afterUntil

        var requiresCloser: Bool { self == .before || self == .between }
        var repeats: Bool { self == .between || self == .afterUntil }
        var opensAtStart: Bool { self == .globally || self == .before }
    }

    static let opener: UInt64 = 1 << 0
    static let closer: UInt64 = 1 << 1
    static let first: UInt64 = 1 << 2
    static let second: UInt64 = 1 << 3
    static let third: UInt64 = 1 << 4

    /// Roles of one event name for this rule.
    struct NameEntry {
        /// Roles of a `begin` or `instant` record with no conditions to test.
        var plainBegin: UInt64 = 0
        /// Roles of an `end` record with no conditions to test.
        var plainEnd: UInt64 = 0
        /// Alternatives with conditions: the role they give when all hold.
        var conditional: [(role: UInt64, conditions: [EventCondition], defaultPhases: Bool)] = []
    }

    let rule: Rule
    let index: Int
    let kind: Kind
    let scope: ScopeKind
    /// Universality rules see every event, not only those they name.
    let seesAllEvents: Bool
    /// Roles by name symbol.
    private(set) var names: [Int32: NameEntry] = [:]
    /// Machines: state names, the initial state, and per transition its source set (empty = any) and target.
    private(set) var states: [String] = []
    private(set) var initialState: Int32 = 0
    private(set) var transitions: [(from: [Int32], to: Int32)] = []

    var isTimed: Bool {
        switch kind {
        case .boundedResponse, .boundedInvariance, .maximumDuration, .minimumDuration: return true
        default: return false
        }
    }

    init(rule: Rule, index: Int, symbols: inout SymbolTable) {
        self.rule = rule
        self.index = index
        var scope = ScopeKind.globally
        var kind = Kind.machine
        var universality = false
        switch rule.body {
        case .pattern(let ruleScope, let pattern):
            switch ruleScope {
            case .globally: scope = .globally
            case .before: scope = .before
            case .after: scope = .after
            case .between: scope = .between
            case .afterUntil: scope = .afterUntil
            }
            switch pattern {
            case .absence: kind = .absence
            case .universality:
                kind = .universality
                universality = true
            case .existence: kind = .existence
            case .boundedExistence(_, let bound, let count): kind = .bounded(bound, count)
            case .precedence: kind = .precedence
            case .response: kind = .response
            case .chainPrecedenceCauses: kind = .chainPrecedenceCauses
            case .chainPrecedenceEffects: kind = .chainPrecedenceEffects
            case .chainResponseEffects: kind = .chainResponseEffects
            case .chainResponseCauses: kind = .chainResponseCauses
            case .boundedResponse(_, _, let d): kind = .boundedResponse(d.nanoseconds)
            case .boundedInvariance(_, _, let d): kind = .boundedInvariance(d.nanoseconds)
            case .maximumDuration(_, let d): kind = .maximumDuration(d.nanoseconds)
            case .minimumDuration(_, let d): kind = .minimumDuration(d.nanoseconds)
            }
        case .machine:
            break
        }
        self.scope = scope
        self.kind = kind
        self.seesAllEvents = universality

        switch rule.body {
        case .pattern(let ruleScope, let pattern):
            if let q = ruleScope.opener { add(q, role: Self.opener, symbols: &symbols) }
            if let r = ruleScope.closer { add(r, role: Self.closer, symbols: &symbols) }
            switch pattern {
            case .maximumDuration(let p, _), .minimumDuration(let p, _):
                // Durations pair the begin record (first) with the end record (second).
                addDuration(p, symbols: &symbols)
            case .boundedResponse(let trigger, let response, _):
                add(trigger, role: Self.first, symbols: &symbols)
                add(response, role: Self.second, symbols: &symbols)
            case .boundedInvariance(let trigger, let forbidden, _):
                add(trigger, role: Self.first, symbols: &symbols)
                add(forbidden, role: Self.second, symbols: &symbols)
            case .universality(let allowed):
                // "Only P may happen": the end record of an allowed callback is part of it happening.
                add(allowed, role: Self.first, symbols: &symbols, includingEnds: true)
            default:
                for (offset, events) in pattern.events.enumerated() {
                    add(events, role: Self.first << UInt64(offset), symbols: &symbols)
                }
            }
        case .machine(let machine):
            states = machine.states
            initialState = Int32(states.firstIndex(of: machine.initial) ?? 0)
            for (offset, transition) in machine.transitions.enumerated() {
                add(transition.on, role: 1 << UInt64(offset), symbols: &symbols)
                transitions.append(
                    (
                        from: transition.from.map { Int32(states.firstIndex(of: $0)!) },
                        to: Int32(states.firstIndex(of: transition.to)!)
                    ))
            }
        }
    }

    /// The name symbols this rule wants to see.
    var symbols: [Int32] { Array(names.keys) }

    private func add(_ events: EventPattern, role: UInt64, symbols: inout SymbolTable, includingEnds: Bool = false) {
        for alternative in events.alternatives {
            let symbol = symbols.intern(alternative.name)
            var entry = names[symbol] ?? NameEntry()
            let phaseOnly = alternative.conditions.allSatisfy { $0.field == "phase" && $0.comparison == .equal }
            if alternative.conditions.isEmpty {
                entry.plainBegin |= role
                if includingEnds { entry.plainEnd |= role }
            } else if phaseOnly {
                let phases = Set(alternative.conditions.compactMap { $0.value.phaseValue })
                if phases.count == 1, let phase = phases.first {
                    if phase == .end { entry.plainEnd |= role } else {
                        entry.conditional.append((role, alternative.conditions, false))
                    }
                }
                // Two different phases required at once can never match.
            } else {
                let defaultPhases = alternative.matchesDefaultPhases && !includingEnds
                entry.conditional.append((role, alternative.conditions, defaultPhases))
            }
            names[symbol] = entry
        }
    }

    private func addDuration(_ events: EventPattern, symbols: inout SymbolTable) {
        for alternative in events.alternatives {
            let symbol = symbols.intern(alternative.name)
            var entry = names[symbol] ?? NameEntry()
            let conditions = alternative.conditions.filter { $0.field != "phase" }
            if conditions.isEmpty {
                entry.plainBegin |= Self.first  // instants are filtered by the monitor
                entry.plainEnd |= Self.second
            } else {
                entry.conditional.append((Self.first | Self.second, conditions, false))
            }
            names[symbol] = entry
        }
    }

    /// The roles an event plays for this rule (0 when none).
    @inline(__always)
    func roles(of event: borrowing CheckerEvent) -> UInt64 {
        guard let entry = names[event.name] else { return 0 }
        var roles = event.phase == .end ? entry.plainEnd : entry.plainBegin
        if !entry.conditional.isEmpty {
            for alternative in entry.conditional {
                if alternative.defaultPhases && event.phase == .end { continue }
                if alternative.conditions.allSatisfy({
                    $0.holds(
                        phase: event.phase, thread: event.thread, session: event.session, scene: event.scene,
                        attrs: event.attrs)
                }) {
                    roles |= alternative.role
                }
            }
        }
        if case .maximumDuration = kind { return Self.durationRoles(roles, phase: event.phase) }
        if case .minimumDuration = kind { return Self.durationRoles(roles, phase: event.phase) }
        return roles
    }

    /// A duration alternative marks both begin and end roles; keep the one the phase says.
    @inline(__always)
    private static func durationRoles(_ roles: UInt64, phase: Phase) -> UInt64 {
        let pattern = roles & (first | second)
        let scope = roles & (opener | closer)
        switch phase {
        case .begin: return scope | (pattern & first)
        case .end: return scope | (pattern & second)
        case .instant: return scope
        }
    }
}
