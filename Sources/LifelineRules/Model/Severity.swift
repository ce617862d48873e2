/// How serious a rule's violation is.
///
/// `lifeline check --fail-on` compares against it: the default fails CI on
/// errors only.
public enum Severity: String, CaseIterable, Sendable, Hashable, Comparable {
    case info
    case warning
    case error

    private var rank: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
