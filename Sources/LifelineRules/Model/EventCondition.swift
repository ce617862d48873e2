import LifelineFormat

/// A condition on one event, written in brackets after its name:
/// `willConnectTo[role = "UIWindowSceneSessionRoleApplication"]`.
///
/// The field is an attribute key, or one of the record's own fields:
/// `phase`, `thread`, `session`, `scene`. A missing attribute satisfies only `!=`. A bare field
/// (`configurationForConnecting[session]`) holds when the event has it, whatever its value.
package struct EventCondition: Sendable, Hashable, CustomStringConvertible {
    package var field: String
    package var comparison: ComparisonOperator
    package var value: ConditionValue
    package var location: SourceLocation

    package init(field: String, comparison: ComparisonOperator, value: ConditionValue, location: SourceLocation) {
        self.field = field
        self.comparison = comparison
        self.value = value
        self.location = location
    }

    /// Equal when they test the same thing; where they were written does not matter.
    package static func == (lhs: EventCondition, rhs: EventCondition) -> Bool {
        lhs.field == rhs.field && lhs.comparison == rhs.comparison && lhs.value == rhs.value
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(field)
        hasher.combine(comparison)
        hasher.combine(value)
    }

    /// The record fields a condition can name besides attributes.
    package static let recordFields: Set<String> = ["phase", "thread", "session", "scene"]

    package var description: String { comparison == .present ? field : "\(field) \(comparison.rawValue) \(value)" }

    /// Whether the event satisfies the condition.
    func holds(phase: Phase, thread: String?, session: String?, scene: String?, attrs: Attributes) -> Bool {
        if comparison == .present {
            switch field {
            case "phase": return true
            case "thread": return thread != nil
            case "session": return session != nil
            case "scene": return scene != nil
            default: return attrs[field] != nil
            }
        }
        let order: Int?
        switch field {
        case "phase": order = value.order(of: phase.rawValue)
        case "thread": order = thread.flatMap { value.order(of: $0) }
        case "session": order = session.flatMap { value.order(of: $0) }
        case "scene": order = scene.flatMap { value.order(of: $0) }
        default: order = attrs[field].flatMap { value.order(of: $0) }
        }
        guard let order else { return comparison == .notEqual }
        return comparison.holds(order)
    }
}
