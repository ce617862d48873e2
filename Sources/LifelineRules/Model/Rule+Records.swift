import LifelineFormat

// MARK: - Partial instrumentation

extension Rule {
    /// The catalog callbacks the rule names anywhere: scope, pattern, machine transitions.
    public var callbacks: CallbackSet {
        var callbacks = CallbackSet()
        for pattern in eventPatterns {
            for alternative in pattern.alternatives {
                if let callback = alternative.name.callback { callbacks.insert(callback) }
            }
        }
        return callbacks
    }

    /// Whether the rule names an app-defined event (or `lifeline.launch`), which every trace
    /// shows when it happens.
    var namesAppEvents: Bool {
        eventPatterns.contains { $0.alternatives.contains { $0.name.callback == nil } }
    }

    /// The callbacks the rule needs that `launch` does not record; empty when the rule can be judged.
    ///
    /// A pattern needs every callback it names, in any role: a callback that may have happened
    /// unseen could be the cause a precedence lacks, the response a response awaits, the event a
    /// scope opens or closes on, or one that `never` forbids. A state machine follows the recorded
    /// callbacks through the others (docs/rules.md, "Partial instrumentation"), so it needs only
    /// one of its callbacks recorded — or an app event it names — to be judged.
    ///
    /// ```swift
    /// let launch = LaunchRecord(records: CallbackSet([.sceneDidBecomeActive]))
    /// rule.unrecordedCallbacks(in: launch)   // [.willConnectTo] for `willConnectTo precedes sceneDidBecomeActive`
    /// ```
    public func unrecordedCallbacks(in launch: LaunchRecord) -> [Callback] {
        guard let records = launch.records else { return [] }
        let named = callbacks
        let missing = named.subtracting(records)
        switch body {
        case .pattern:
            return missing.elements
        case .machine:
            return missing == named && !named.isEmpty && !namesAppEvents ? missing.elements : []
        }
    }

    /// Every event pattern of the body, scope included.
    private var eventPatterns: [EventPattern] {
        switch body {
        case .pattern(let scope, let pattern): return [scope.opener, scope.closer].compactMap { $0 } + pattern.events
        case .machine(let machine): return machine.transitions.map(\.on)
        }
    }
}
