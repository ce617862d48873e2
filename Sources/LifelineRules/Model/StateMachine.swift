import LifelineFormat

/// A rule written as a state machine: named states and transitions by event.
///
/// Each event the machine mentions must have a transition from the current
/// state; any other is a violation at the rule's severity, and the machine
/// stays where it was. A transition may carry its own severity: it is taken,
/// and reported at that severity with its own message. That is how a machine
/// accepts what devices really do while still pointing it out (a warning), or
/// names a forbidden transition with a message that explains the mistake (an
/// error), moving to the state the callback implies so one mistake is one
/// finding. A transition may instead name the rule of the same file that
/// reports it (`reported by`): the machine takes it silently, so the two rules
/// never report the same event twice.
///
/// ```
/// machine scene.states per scene {
///   initial unattached
///   unattached -> inactive on willConnectTo
///   inactive -> active on sceneDidBecomeActive
///   active -> background on sceneDidEnterBackground {
///     severity warning
///     message "an active scene resigns active before it enters the background"
///   }
///   * -> disconnected on sceneDidDisconnect
/// }
/// ```
package struct StateMachine: Sendable, Hashable {
    /// One declared transition; `from` is empty for `*` (any state).
    package struct Transition: Sendable, Hashable {
        package var from: [String]
        package var to: String
        package var on: EventPattern
        package var location: SourceLocation
        /// When set, taking the transition is a finding of this severity.
        package var severity: Severity?
        /// The message of the transition's finding; the machine's when `nil`.
        package var message: String?
        /// What justifies the transition (or its finding); shown by `lifeline rules --verbose`.
        package var reference: String?
        /// The rule of the same file that reports this transition; the machine takes it silently.
        package var reportedBy: String?

        package init(
            from: [String], to: String, on: EventPattern, location: SourceLocation, severity: Severity? = nil,
            message: String? = nil, reference: String? = nil, reportedBy: String? = nil
        ) {
            self.from = from
            self.to = to
            self.on = on
            self.location = location
            self.severity = severity
            self.message = message
            self.reference = reference
            self.reportedBy = reportedBy
        }

        /// `a, b -> c on EVENTS`, as written (`*` for any state).
        package var description: String {
            (from.isEmpty ? "*" : from.joined(separator: ", ")) + " -> \(to) on \(on)"
        }
    }

    package var initial: String
    package var transitions: [Transition]

    package init(initial: String, transitions: [Transition]) {
        self.initial = initial
        self.transitions = transitions
    }

    /// Every state named, initial first, in order of appearance.
    package var states: [String] {
        var seen: [String] = [initial]
        for transition in transitions {
            for state in transition.from + [transition.to] where !seen.contains(state) { seen.append(state) }
        }
        return seen
    }

    /// The first transition that an event matching `matches` takes from `state`, if any.
    ///
    /// Transitions are tried in the order written; `*` matches every state.
    package func transition(from state: String, where matches: (EventPattern) -> Bool) -> Transition? {
        transitions.first { ($0.from.isEmpty || $0.from.contains(state)) && matches($0.on) }
    }
}
