/// How one rule instance (a rule on one slice) ended.
///
/// Traces end early (apps are suspended and killed), so "not violated" splits
/// three ways: satisfied, pending (an obligation was still open when the trace
/// ended, like a response never seen) and vacuous (the scope never opened).
public enum Verdict: String, Sendable, Hashable, CaseIterable, Comparable {
    case vacuous
    case satisfied
    case pending
    case violated

    private var rank: Int {
        switch self {
        case .vacuous: return 0
        case .satisfied: return 1
        case .pending: return 2
        case .violated: return 3
        }
    }

    public static func < (lhs: Verdict, rhs: Verdict) -> Bool { lhs.rank < rhs.rank }
}
