import LifelineFormat

/// A set of events a rule speaks about: one or more names, each with optional conditions.
///
/// `sceneDidEnterBackground | sceneDidDisconnect` matches either callback;
/// `state.save[ok = true]` matches the app event `state.save` whose `ok`
/// attribute is true. Without a `phase` condition an alternative matches the
/// `begin` and `instant` records of its event (the moment it happens), not its
/// `end`; write `[phase = end]` to match ends.
package struct EventPattern: Sendable, Hashable, CustomStringConvertible {
    /// One name with its conditions.
    package struct Alternative: Sendable, Hashable, CustomStringConvertible {
        package var name: EventName
        package var conditions: [EventCondition]
        package var location: SourceLocation

        package init(name: EventName, conditions: [EventCondition] = [], location: SourceLocation) {
            self.name = name
            self.conditions = conditions
            self.location = location
        }

        /// Equal when they match the same events; where they were written does not matter.
        package static func == (lhs: Alternative, rhs: Alternative) -> Bool {
            lhs.name == rhs.name && lhs.conditions == rhs.conditions
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(conditions)
        }

        /// The phase filter: the explicit `phase` conditions, or begin/instant.
        var matchesDefaultPhases: Bool { !conditions.contains { $0.field == "phase" } }

        /// The rule-text spelling: the shortest alias of a callback, or the app event's name.
        package var description: String {
            let base = name.callback.map(EventPattern.shortName) ?? EventPattern.quotedIfNeeded(name.name)
            return conditions.isEmpty ? base : base + "[" + conditions.map(\.description).joined(separator: ", ") + "]"
        }
    }

    package var alternatives: [Alternative]

    package init(_ alternatives: [Alternative]) { self.alternatives = alternatives }

    package var location: SourceLocation { alternatives[0].location }

    package var description: String { alternatives.map(\.description).joined(separator: " | ") }

    /// The names this pattern mentions.
    package var names: [EventName] { alternatives.map(\.name) }

    /// The case name of a callback (`didFinishLaunching`), as rules usually spell it.
    static func shortName(_ callback: Callback) -> String { String(describing: callback) }

    static func quotedIfNeeded(_ name: String) -> String {
        let plain = name.unicodeScalars.allSatisfy { RuleLexer.isNameScalar($0) } && !name.isEmpty
        return plain ? name : "\"" + name + "\""
    }
}
