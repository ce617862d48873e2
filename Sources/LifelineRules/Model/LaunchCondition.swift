import LifelineFormat

/// A condition on the launch a rule applies to: `when lifecycle = scene`, `when os >= "15"`.
///
/// Fields: `lifecycle`, `app`, `platform`, `os`, `device`, `pid`. A launch
/// record without the field satisfies only `!=`. `os` compares as a version.
package struct LaunchCondition: Sendable, Hashable, CustomStringConvertible {
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

    /// The launch record fields a condition can name.
    package static let fields = ["lifecycle", "app", "platform", "os", "device", "pid"]

    package var description: String { "\(field) \(comparison.rawValue) \(value)" }

    /// Whether the launch satisfies the condition.
    package func holds(for launch: LaunchRecord) -> Bool {
        let text: String?
        switch field {
        case "lifecycle": text = launch.lifecycle?.rawValue
        case "app": text = launch.app
        case "platform": text = launch.platform
        case "os": text = launch.os
        case "device": text = launch.device
        case "pid": text = launch.pid.map(String.init)
        default: text = nil
        }
        guard let text, let order = value.order(of: text) else { return comparison == .notEqual }
        return comparison.holds(order)
    }
}
