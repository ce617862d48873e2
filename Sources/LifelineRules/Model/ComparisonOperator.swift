/// A comparison in a condition: `=`, `!=`, `<`, `<=`, `>`, `>=`.
public enum ComparisonOperator: String, CaseIterable, Sendable, Hashable {
    case equal = "="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="

    /// Whether an ordering (`-1`, `0`, `1`) of left against right satisfies the operator.
    func holds(_ order: Int) -> Bool {
        switch self {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        }
    }
}
