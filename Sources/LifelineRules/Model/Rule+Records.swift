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
    /// A rule is judged when some finding of it could be proven whatever the callbacks the trace
    /// does not show did (docs/rules.md, "Judging what is proven"): the checker then reports the
    /// findings every such completion shares, and the others as not proven. It is not applicable
    /// when unseen events could explain away every finding it might raise:
    ///
    /// - a scope's closer the trace may not show (one just before any event takes it out of scope);
    /// - what a pattern requires, when the trace may not show it: the `P` of `eventually P` and
    ///   `at least N P`, the cause of a precedence (`A` of `A precedes B then C`), both links of
    ///   `A then B precedes C` or of `A leads to B then C`, the response of a response or of a
    ///   bounded response, the `C` of `A then B leads to C`;
    /// - nothing that could raise a finding is recorded: every `P` of `never P`, `at most N P`, a
    ///   response's or a duration's `P`, every `S` a precedence judges, every opener of the scope;
    /// - for a log that begins after the launch did (``LaunchRecord/excerpt``), a `before` scope,
    ///   and what the pattern requires in a segment that opens at the start: any of it may have
    ///   come before the first line.
    ///
    /// A state machine follows the recorded callbacks through the others, so it needs only one of
    /// its callbacks recorded, or an app event it names.
    ///
    /// ```swift
    /// let launch = LaunchRecord(records: CallbackSet([.sceneDidBecomeActive]))
    /// rule.unrecordedCallbacks(in: launch)   // [.willConnectTo] for `willConnectTo precedes sceneDidBecomeActive`
    /// ```
    public func unrecordedCallbacks(in launch: LaunchRecord) -> [Callback] {
        unjudged(in: launch)?.callbacks ?? []
    }

    /// Why the rule proves nothing about `launch`, or nil when it is judged there: the callbacks
    /// the trace may not show that could explain away every finding, and whether that is because
    /// the trace does not show how the launch began.
    func unjudged(in launch: LaunchRecord) -> (callbacks: [Callback], beforeTheTrace: Bool)? {
        let excerpt = launch.excerpt == true
        guard launch.records != nil || excerpt else { return nil }
        let records = launch.records
        func unrecorded(_ events: EventPattern?) -> [Callback] {
            guard let events, let records else { return [] }
            return events.alternatives.compactMap(\.name.callback).filter { !records.contains($0) }
        }
        switch body {
        case .machine:
            guard let records else { return nil }
            let named = callbacks
            let missing = named.subtracting(records)
            return missing == named && !named.isEmpty && !namesAppEvents ? (missing.elements, false) : nil
        case .pattern(let scope, let pattern):
            var blocking = unrecorded(scope.closer)
            // What the pattern needs to see to prove a finding.
            var required: [EventPattern] = []
            var bothOf: (EventPattern, EventPattern)?
            switch pattern {
            case .existence(let p), .precedence(let p, _), .chainPrecedenceEffects(let p, _, _): required = [p]
            case .boundedExistence(let p, .atLeast, _): required = [p]
            case .response(_, let s), .chainResponseCauses(_, _, let s), .boundedResponse(_, let s, _): required = [s]
            case .chainPrecedenceCauses(let a, let b, _): bothOf = (a, b)
            case .chainResponseEffects(_, let b, let c): bothOf = (b, c)
            default: break
            }
            for events in required { blocking += unrecorded(events) }
            if let (first, second) = bothOf, !unrecorded(first).isEmpty, !unrecorded(second).isEmpty {
                blocking += unrecorded(first) + unrecorded(second)
            }
            // What raises a finding must be something the trace can show: a `never P` whose every
            // `P` goes unrecorded, or a scope whose every opener does, has nothing to judge.
            func unseeable(_ events: EventPattern?) -> Bool {
                guard let events else { return false }
                guard let records else { return false }
                return events.alternatives.allSatisfy { alternative in
                    guard let callback = alternative.name.callback else { return false }
                    return !records.contains(callback)
                }
            }
            var raisers: [EventPattern?] = [scope.opener]
            switch pattern {
            case .absence(let p), .boundedExistence(let p, .atMost, _), .response(let p, _), .chainResponseEffects(let p, _, _),
                .boundedResponse(let p, _, _), .maximumDuration(let p, _), .minimumDuration(let p, _):
                raisers.append(p)
            case .precedence(_, let s), .chainPrecedenceCauses(_, _, let s): raisers.append(s)
            case .chainPrecedenceEffects(_, let b, let c): raisers += [b, c]
            case .chainResponseCauses(let a, let b, _): raisers += [a, b]
            case .boundedInvariance(let p, let s, _): raisers += [p, s]
            default: break
            }
            for events in raisers where unseeable(events) { blocking += unrecorded(events) }
            if !blocking.isEmpty { return (CallbackSet(blocking).elements, false) }
            guard excerpt else { return nil }
            // Before the first line anything may have happened: a `before` scope may have ended,
            // and a segment open from the start may already hold what the pattern requires.
            if case .before(let r) = scope { return (r.alternatives.compactMap(\.name.callback), true) }
            let opensAtStart: Bool
            switch scope {
            case .globally, .before: opensAtStart = true
            default: opensAtStart = false
            }
            guard opensAtStart else { return nil }
            let startRequired: [EventPattern]
            switch pattern {
            case .existence(let p), .boundedExistence(let p, .atLeast, _), .precedence(let p, _),
                .chainPrecedenceEffects(let p, _, _):
                startRequired = [p]
            case .chainPrecedenceCauses(let a, let b, _): startRequired = [a, b]
            default: startRequired = []
            }
            guard !startRequired.isEmpty else { return nil }
            return (startRequired.flatMap { $0.alternatives.compactMap(\.name.callback) }, true)
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
