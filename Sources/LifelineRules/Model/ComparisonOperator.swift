/// A comparison in a condition: `=`, `!=`, `<`, `<=`, `>`, `>=`, or an event condition's bare
/// field (`[session]`), which holds when the event has the field whatever its value.
package enum ComparisonOperator: String, CaseIterable, Sendable, Hashable {
    case equal = "="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    /// `[field]` with no operator: the event has the field. Written without a symbol, so
    /// `parseComparison` never reads it; only event conditions use it.
    case present = "present"

    /// Whether an ordering (`-1`, `0`, `1`) of left against right satisfies the operator.
    func holds(_ order: Int) -> Bool {
        switch self {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        case .present: return true
        }
    }
}
