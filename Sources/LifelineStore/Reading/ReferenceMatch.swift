/// What a reference typed by a person (a launch id or uuid prefix, a session prefix) names.
package enum ReferenceMatch<Value: Sendable>: Sendable {
    /// Nothing.
    case none
    /// Exactly one thing (or an exact match among several prefix matches).
    case unique(Value)
    /// More than one thing, none of them exactly.
    case ambiguous
}

extension ReferenceMatch: Equatable where Value: Equatable {}
