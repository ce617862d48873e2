/// What must hold in each segment of a scope.
///
/// The untimed kinds are the property specification patterns of Dwyer,
/// Avrunin and Corbett (ICSE 1999); the timed kinds are the real-time
/// patterns of Konrad and Cheng (ICSE 2005), read over event timestamps.
package enum RulePattern: Sendable, Hashable, CustomStringConvertible {
    /// Absence: `never P`. Each `P` in a segment is a violation.
    case absence(EventPattern)
    /// Universality: `only P`. Each event in a segment that is not a `P` (or the
    /// `end` record of one) is a violation.
    case universality(EventPattern)
    /// Existence: `eventually P`. A segment must contain a `P`.
    case existence(EventPattern)
    /// Bounded existence: `at most N P`, `at least N P`, `exactly N P`.
    case boundedExistence(EventPattern, Bound, Int)
    /// Precedence: `P precedes S`. Each `S` needs an earlier `P` in its segment.
    case precedence(EventPattern, EventPattern)
    /// Response: `P leads to S`. Each `P` needs a later `S` in its segment.
    case response(EventPattern, EventPattern)
    /// Chain precedence, 2 causes: `A then B precedes C`. Each `C` needs an `A`
    /// and then a `B` before it.
    case chainPrecedenceCauses(EventPattern, EventPattern, EventPattern)
    /// Chain precedence, 2 effects: `A precedes B then C`. Each `C` that follows
    /// a `B` needs an `A` before that `B`.
    case chainPrecedenceEffects(EventPattern, EventPattern, EventPattern)
    /// Chain response, 2 effects: `A leads to B then C`. Each `A` needs a `B`
    /// and then a `C` after it.
    case chainResponseEffects(EventPattern, EventPattern, EventPattern)
    /// Chain response, 2 causes: `A then B leads to C`. Each `B` that follows
    /// an `A` needs a `C` after it.
    case chainResponseCauses(EventPattern, EventPattern, EventPattern)
    /// Bounded response: `S within D after P`. Each `P` needs an `S` no later than `D` after it.
    case boundedResponse(trigger: EventPattern, response: EventPattern, within: RuleDuration)
    /// Bounded invariance: `never S within D after P`. No `S` within `D` after a `P`.
    case boundedInvariance(trigger: EventPattern, forbidden: EventPattern, within: RuleDuration)
    /// Maximum duration: `P lasts at most D`, from a `begin` record of `P` to its `end`.
    case maximumDuration(EventPattern, RuleDuration)
    /// Minimum duration: `P lasts at least D`.
    case minimumDuration(EventPattern, RuleDuration)

    /// At most, at least or exactly.
    package enum Bound: String, Sendable, Hashable {
        case atMost = "at most"
        case atLeast = "at least"
        case exactly
    }

    /// The pattern's kind, as docs and the benchmark name it.
    package var kindName: String {
        switch self {
        case .absence: return "absence"
        case .universality: return "universality"
        case .existence: return "existence"
        case .boundedExistence: return "bounded existence"
        case .precedence: return "precedence"
        case .response: return "response"
        case .chainPrecedenceCauses, .chainPrecedenceEffects: return "chain precedence"
        case .chainResponseEffects, .chainResponseCauses: return "chain response"
        case .boundedResponse: return "bounded response"
        case .boundedInvariance: return "bounded invariance"
        case .maximumDuration: return "maximum duration"
        case .minimumDuration: return "minimum duration"
        }
    }

    /// The event patterns the pattern mentions, in the order written.
    package var events: [EventPattern] {
        switch self {
        case .absence(let p), .universality(let p), .existence(let p), .boundedExistence(let p, _, _),
            .maximumDuration(let p, _), .minimumDuration(let p, _):
            return [p]
        case .precedence(let a, let b), .response(let a, let b): return [a, b]
        case .chainPrecedenceCauses(let a, let b, let c), .chainPrecedenceEffects(let a, let b, let c),
            .chainResponseEffects(let a, let b, let c), .chainResponseCauses(let a, let b, let c):
            return [a, b, c]
        case .boundedResponse(let p, let s, _): return [p, s]
        case .boundedInvariance(let p, let s, _): return [p, s]
        }
    }

    package var description: String {
        switch self {
        case .absence(let p): return "never \(p)"
        case .universality(let p): return "only \(p)"
        case .existence(let p): return "eventually \(p)"
        case .boundedExistence(let p, let bound, let n): return "\(bound.rawValue) \(n) \(p)"
        case .precedence(let p, let s): return "\(p) precedes \(s)"
        case .response(let p, let s): return "\(p) leads to \(s)"
        case .chainPrecedenceCauses(let a, let b, let c): return "\(a) then \(b) precedes \(c)"
        case .chainPrecedenceEffects(let a, let b, let c): return "\(a) precedes \(b) then \(c)"
        case .chainResponseEffects(let a, let b, let c): return "\(a) leads to \(b) then \(c)"
        case .chainResponseCauses(let a, let b, let c): return "\(a) then \(b) leads to \(c)"
        case .boundedResponse(let p, let s, let d): return "\(s) within \(d) after \(p)"
        case .boundedInvariance(let p, let s, let d): return "never \(s) within \(d) after \(p)"
        case .maximumDuration(let p, let d): return "\(p) lasts at most \(d)"
        case .minimumDuration(let p, let d): return "\(p) lasts at least \(d)"
        }
    }
}
