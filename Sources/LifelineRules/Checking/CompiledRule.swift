import LifelineFormat

/// A rule prepared for checking: event names resolved to symbols and patterns to role masks.
///
/// Each event gets a bit mask of the roles it plays for the rule: the scope's
/// opener and closer, and the pattern's first, second and third event sets
/// (for a machine, one bit per transition). Events without conditions are
/// resolved by one table lookup (the checker's ``DispatchTable``); conditions
/// are evaluated only for names that have them.
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

        var isPattern: Bool {
            if case .machine = self { return false }
            return true
        }
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
        var conditional: [Conditional] = []
    }

    /// An alternative with conditions: the role it gives when all hold, and whether it
    /// keeps to the default phases (begin and instant).
    typealias Conditional = (role: UInt64, conditions: [EventCondition], defaultPhases: Bool)

    let rule: Rule
    let index: Int
    let kind: Kind
    let scope: ScopeKind
    /// Universality rules see every event, not only those they name.
    let seesAllEvents: Bool
    /// Roles by name symbol.
    let names: [Int32: NameEntry]
    /// Machines: state names.
    let states: [String]
    /// The kind, scope and machine tables as plain values, for the monitors' steps.
    let shape: RuleShape

    var isTimed: Bool {
        switch kind {
        case .boundedResponse, .boundedInvariance, .maximumDuration, .minimumDuration: return true
        default: return false
        }
    }

    /// Machines: the declared transitions, by role bit (for a flagged transition's severity and message).
    let transitions: [StateMachine.Transition]

    init(rule: Rule, index: Int, symbols: inout SymbolTable, fault: MachineStepFault? = nil, unseenFault: UnseenFault? = nil) {
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

        var names: [Int32: NameEntry] = [:]
        var states: [String] = []
        var initialState: Int32 = 0
        var transitions: [RuleShape.Transition] = []
        var fromStates: [Int32] = []
        func add(_ events: EventPattern, role: UInt64, symbols: inout SymbolTable, includingEnds: Bool = false) {
            Self.add(events, role: role, to: &names, symbols: &symbols, includingEnds: includingEnds)
        }
        switch rule.body {
        case .pattern(let ruleScope, let pattern):
            if let q = ruleScope.opener { add(q, role: Self.opener, symbols: &symbols) }
            if let r = ruleScope.closer { add(r, role: Self.closer, symbols: &symbols) }
            switch pattern {
            case .maximumDuration(let p, _), .minimumDuration(let p, _):
                // Durations pair the begin record (first) with the end record (second).
                Self.addDuration(p, to: &names, symbols: &symbols)
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
                let from = transition.from.map { Int32(states.firstIndex(of: $0)!) }
                transitions.append(
                    RuleShape.Transition(
                        fromStart: Int32(fromStates.count), fromCount: Int32(from.count),
                        to: Int32(states.firstIndex(of: transition.to)!), flagged: transition.severity != nil,
                        legal: transition.severity == nil && transition.reportedBy == nil))
                fromStates += from
            }
        }
        self.names = names
        self.states = states
        if case .machine(let machine) = rule.body { self.transitions = machine.transitions } else { self.transitions = [] }
        let transitionBuffer = UnsafeMutableBufferPointer<RuleShape.Transition>.allocate(capacity: transitions.count)
        _ = transitionBuffer.initialize(from: transitions)
        let fromBuffer = UnsafeMutableBufferPointer<Int32>.allocate(capacity: fromStates.count)
        _ = fromBuffer.initialize(from: fromStates)
        shape = RuleShape(
            kind: kind, scope: scope, initialState: initialState, transitions: UnsafeBufferPointer(transitionBuffer),
            fromStates: UnsafeBufferPointer(fromBuffer), fault: fault, unseenFault: unseenFault)
    }

    deinit {
        UnsafeMutableBufferPointer(mutating: shape.transitions).deallocate()
        UnsafeMutableBufferPointer(mutating: shape.fromStates).deallocate()
    }

    /// Machines: the legal transitions a callback outside `records` may take unseen, as role bits.
    ///
    /// A transition qualifies when one of its alternatives names such a callback, whatever its
    /// conditions and position: an unseen callback may have had any attributes, so the set of
    /// states the machine may be in errs on the side of more states (fewer findings).
    ///
    /// With `appEvents`, transitions on app-defined events qualify too (before the first line of
    /// a log that begins mid-run, an app event may have happened unseen as well).
    func silentTransitions(records: CallbackSet?, appEvents: Bool = false) -> UInt64 {
        guard let records else { return 0 }
        var silent: UInt64 = 0
        for (offset, transition) in transitions.enumerated()
        where transition.severity == nil && transition.reportedBy == nil
            && transition.on.alternatives.contains(where: { $0.name.callback.map { !records.contains($0) } ?? appEvents })
        {
            silent |= 1 << UInt64(offset)
        }
        return silent
    }

    /// Patterns: the role masks an event the trace does not show may have, as a set (bit `m` for
    /// the mask `m`): one the rule names whose callback `records` leaves out, or, with
    /// `everything`, any event the rule names (before the first line of a log that begins mid-run).
    ///
    /// An unseen event may be a begin, an end or an instant, and may have had any attributes, so
    /// each conditional alternative may or may not hold: every combination is a mask. The set errs
    /// on the side of more masks, which prove less.
    func unseenMasks(records: CallbackSet?, everything: Bool) -> UInt32 {
        guard kind.isPattern, everything || records != nil else { return 0 }
        var masks: UInt32 = 0
        for (symbol, entry) in names {
            if !everything {
                guard let records, symbol < Int32(Callback.allCases.count), let callback = Callback(rawValue: UInt8(symbol)),
                    !records.contains(callback)
                else { continue }
            }
            for phase in [Phase.begin, .end, .instant] {
                var optional: UInt64 = 0
                for alternative in entry.conditional where !(alternative.defaultPhases && phase == .end) {
                    let phaseHolds = alternative.conditions.filter { $0.field == "phase" }.allSatisfy {
                        $0.holds(phase: phase, thread: nil, session: nil, scene: nil, attrs: [:])
                    }
                    if phaseHolds { optional |= alternative.role }
                }
                let fixed = phase == .end ? entry.plainEnd : entry.plainBegin
                // Every submask of the optional roles, the empty one included.
                var subset = optional
                while true {
                    let mask = (fixed | subset) & phaseMask(phase) & 0x1F
                    if mask != 0 { masks |= 1 << UInt32(mask) }
                    if subset == 0 { break }
                    subset = (subset - 1) & optional
                }
            }
        }
        return masks
    }

    /// The name symbols this rule wants to see.
    var symbols: [Int32] { Array(names.keys) }

    private static func add(
        _ events: EventPattern, role: UInt64, to names: inout [Int32: NameEntry], symbols: inout SymbolTable,
        includingEnds: Bool
    ) {
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
                    if phase == .end {
                        entry.plainEnd |= role
                    } else {
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

    private static func addDuration(
        _ events: EventPattern, to names: inout [Int32: NameEntry], symbols: inout SymbolTable
    ) {
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

    /// The roles this rule's pattern can give an event of `phase`, as a mask.
    ///
    /// A duration alternative marks both its begin role (`first`) and its end
    /// role (`second`); the phase keeps the one it says, and an instant plays
    /// neither. Every other kind keeps all roles.
    func phaseMask(_ phase: Phase) -> UInt64 {
        switch kind {
        case .maximumDuration, .minimumDuration:
            switch phase {
            case .begin: return Self.opener | Self.closer | Self.first
            case .end: return Self.opener | Self.closer | Self.second
            case .instant: return Self.opener | Self.closer
            }
        default:
            return ~0
        }
    }

    /// The roles of the conditional alternatives that hold for an event, before the phase mask.
    static func roles(
        of alternatives: [Conditional], phase: Phase, thread: String?, session: String?, scene: String?,
        attrs: Attributes
    ) -> UInt64 {
        var roles: UInt64 = 0
        for alternative in alternatives {
            if alternative.defaultPhases && phase == .end { continue }
            if alternative.conditions.allSatisfy({
                $0.holds(phase: phase, thread: thread, session: session, scene: scene, attrs: attrs)
            }) {
                roles |= alternative.role
            }
        }
        return roles
    }
}
