import LifelineFormat
import LifelineRules

/// A rule not applicable to one or more launches of a trace for the same reason, as reports show it.
///
/// ```
/// traces/partial-device-log.ndjson:1: not applicable[scene.connect-once]: needs 'willConnectTo',
///   which this trace does not record
/// ```
package struct NotApplicableGroup: Sendable, Hashable {
    struct Key: Hashable {
        var trace: String
        var rule: String
        var reason: String
    }

    /// The first launch the rule was not applicable to.
    package var first: Inapplicability
    /// How many launches of the trace, for this reason.
    package var launches = 1

    package init(first: Inapplicability) { self.first = first }

    package var ruleID: String { first.ruleID }
    package var trace: String { first.slice.trace }
    package var reason: String { first.reason }

    /// The headline, with the number of launches when there are several.
    package var headline: String { first.headline + (launches > 1 ? " (\(launches) launches)" : "") }
}
