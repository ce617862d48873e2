/// Why a finding was raised, by pattern.
public enum FindingReason: Sendable, Hashable {
    /// Absence: a forbidden event happened.
    case forbidden
    /// Universality: an event outside the allowed set happened.
    case notAllowed
    /// Existence: the segment ended without the required event.
    case missing
    /// Bounded existence: more than the bound (the count so far).
    case tooMany(Int)
    /// Bounded existence: fewer than the bound when the segment ended (the count).
    case tooFew(Int)
    /// Precedence and chain precedence: the event came without its required predecessor.
    case unpreceded
    /// Response and chain response: the trigger was never answered.
    case unanswered
    /// Bounded response: no response within the time bound.
    case late
    /// Bounded invariance: the forbidden event came within the time bound.
    case tooSoon
    /// Maximum duration exceeded.
    case tooLong
    /// Minimum duration not reached.
    case tooShort
    /// State machine: no transition from the state on this event.
    case undeclaredTransition(state: String)
    /// State machine: a transition that carries its own severity was taken from the state.
    case flaggedTransition(state: String)
}
