import LifelineFormat

/// A condition on one event, written in brackets after its name:
/// `willConnectTo[role = "UIWindowSceneSessionRoleApplication"]`.
///
/// The field is an attribute key, or one of the record's own fields:
/// `phase`, `thread`, `session`, `scene`; `attrs.KEY` names the attribute even when a record field
/// has its name (`swiftui.scenePhase[attrs.phase = active]`). A missing attribute satisfies only
/// `!=`. A bare field (`configurationForConnecting[session]`) holds when the event has it, whatever its value.
package struct EventCondition: Sendable, Hashable, CustomStringConvertible {
    /// As written: a record field, an attribute key, or `attrs.` and an attribute key.
    package var field: String
    /// The attribute the condition reads when ``field`` is not a record field: `field` without its `attrs.`.
    package let attribute: String
    package var comparison: ComparisonOperator
    package var value: ConditionValue
    package var location: SourceLocation

    package init(field: String, comparison: ComparisonOperator, value: ConditionValue, location: SourceLocation) {
        self.field = field
        self.attribute = field.hasPrefix(Self.attributePrefix) ? String(field.dropFirst(Self.attributePrefix.count)) : field
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

    /// What names an attribute whatever its key: `attrs.phase` is the attribute `phase`, not the record's phase.
    package static let attributePrefix = "attrs."

    /// Whether the condition reads one of the record's own fields, not an attribute.
    package var readsRecordField: Bool { Self.recordFields.contains(field) }

    package var description: String { comparison == .present ? field : "\(field) \(comparison.rawValue) \(value)" }

    /// Whether the event satisfies the condition.
    func holds(phase: Phase, thread: String?, session: String?, scene: String?, attrs: Attributes) -> Bool {
        if comparison == .present {
            switch field {
            case "phase": return true
            case "thread": return thread != nil
            case "session": return session != nil
            case "scene": return scene != nil
            default: return attrs[attribute] != nil
            }
        }
        let order: Int?
        switch field {
        case "phase": order = value.order(of: phase.rawValue)
        case "thread": order = thread.flatMap { value.order(of: $0) }
        case "session": order = session.flatMap { value.order(of: $0) }
        case "scene": order = scene.flatMap { value.order(of: $0) }
        default: order = attrs[attribute].flatMap { value.order(of: $0) }
        }
        guard let order else { return comparison == .notEqual }
        return comparison.holds(order)
    }
}
