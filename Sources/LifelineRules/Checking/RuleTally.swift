/// Counts for one rule over a whole check: instances by verdict and findings by status.
public struct RuleTally: Sendable, Hashable {
    public var satisfied = 0
    public var violated = 0
    public var pending = 0
    public var vacuous = 0
    /// Violations raised (an instance may raise several).
    public var violations = 0
    /// Pending obligations raised.
    public var pendings = 0
    /// Launches the rule was not judged on because it needs callbacks their traces do not record.
    public var notApplicable = 0

    public init() {}

    public var instances: Int { satisfied + violated + pending + vacuous }

    mutating func add(_ verdict: Verdict) {
        switch verdict {
        case .satisfied: satisfied += 1
        case .violated: violated += 1
        case .pending: pending += 1
        case .vacuous: vacuous += 1
        }
    }
}
