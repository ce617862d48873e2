/// A deliberate bug in the checker's state-machine step, for the differential test's mutation check.
///
/// A differential test that never fails proves nothing; the mutation check
/// builds a checker with one of these faults and requires the comparison with
/// the reference evaluator to report a disagreement. Only tests construct a
/// checker with a fault (``RuleChecker/init(rules:fault:onFinding:onInstance:)``).
enum MachineStepFault: Sendable, CaseIterable {
    /// `*` transitions never match.
    case ignoresAnyState
    /// Of several transitions that match, the last one written is taken instead of the first.
    case takesLastMatch
    /// A transition with a severity is taken silently.
    case silencesFlaggedTransitions
}

/// A deliberate bug in how the checker judges a trace that does not show everything
/// (PatternMonitor+Unseen.swift), for the mutation check of the differential test against
/// ``ReferenceEvaluator/evaluateProven(_:launches:insertions:variants:maximumCompletions:)``.
enum UnseenFault: Sendable, CaseIterable {
    /// Every finding of the run over the recorded events is reported as proven.
    case provesEverything
    /// Nothing unseen is assumed before the first event of a trace that begins mid-run.
    case forgetsTheBeginning
    /// Unseen events are followed for one step only, not to every run they reach.
    case stopsAfterOneUnseenEvent
}
