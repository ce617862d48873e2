import LifelineFormat

/// A rule written as a state machine: named states and transitions by event.
///
/// Each event the machine mentions must have a transition from the current
/// state; any other is a violation, and the machine stays where it was.
///
/// ```
/// machine scene.states per scene {
///   initial unattached
///   unattached -> inactive on willConnectTo
///   inactive -> active on sceneDidBecomeActive
///   * -> disconnected on sceneDidDisconnect
/// }
/// ```
public struct StateMachine: Sendable, Hashable {
    /// One declared transition; `from` is empty for `*` (any state).
    public struct Transition: Sendable, Hashable {
        public var from: [String]
        public var to: String
        public var on: EventPattern
        public var location: SourceLocation

        public init(from: [String], to: String, on: EventPattern, location: SourceLocation) {
            self.from = from
            self.to = to
            self.on = on
            self.location = location
        }
    }

    public var initial: String
    public var transitions: [Transition]

    public init(initial: String, transitions: [Transition]) {
        self.initial = initial
        self.transitions = transitions
    }

    /// Every state named, initial first, in order of appearance.
    public var states: [String] {
        var seen: [String] = [initial]
        for transition in transitions {
            for state in transition.from + [transition.to] where !seen.contains(state) { seen.append(state) }
        }
        return seen
    }
}
