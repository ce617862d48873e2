import LifelineRules

/// Everything a check produced, ready to render in any format.
public struct CheckReport: Sendable {
    /// The rules checked, in order.
    public var rules: [Rule]
    /// Violations and pending obligations, in the order the checker proved them.
    public var findings: [Finding]
    public var summary: CheckSummary
    /// The traces checked (file labels), in order.
    public var traces: [String]
    /// Located problems in the input that were skipped (malformed lines).
    public var diagnostics: [String]
    /// For each trace, the ids of the rules that applied to it: the rule's `when` admits at least one
    /// of its launches (the legacy app-delegate catalog does not apply to a scene-based launch).
    public var applied: [String: Set<String>]

    public init(
        rules: [Rule], findings: [Finding], summary: CheckSummary, traces: [String], diagnostics: [String],
        applied: [String: Set<String>]
    ) {
        self.rules = rules
        self.findings = findings
        self.summary = summary
        self.traces = traces
        self.diagnostics = diagnostics
        self.applied = applied
    }

    /// Whether `rule` applied to at least one launch of `trace`.
    public func applies(_ rule: String, to trace: String) -> Bool { applied[trace]?.contains(rule) ?? false }

    public var violations: [Finding] { findings.filter { $0.status == .violated } }
    public var pending: [Finding] { findings.filter { $0.status == .pending } }

    /// Violations counted by severity.
    public func count(_ severity: Severity) -> Int { violations.filter { $0.severity == severity }.count }

    /// Whether the check fails CI: a violation at or above `failOn`, or (with `pendingFails`) a pending one.
    public func fails(failOn: Severity?, pendingFails: Bool) -> Bool {
        guard let failOn else { return false }
        if violations.contains(where: { $0.severity >= failOn }) { return true }
        return pendingFails && pending.contains { $0.severity >= failOn }
    }

    /// `checked 3 traces (5 launches, 120 events) against 31 rules: 1 error, 2 warnings, 0 info, 1 pending`.
    public var summaryLine: String {
        func plural(_ count: Int, _ word: String, _ plural: String? = nil) -> String {
            "\(count) \(count == 1 ? word : plural ?? word + "s")"
        }
        return "checked \(plural(traces.count, "trace")) (\(plural(summary.launches, "launch", "launches")), "
            + "\(plural(summary.events, "event"))) against \(plural(rules.count, "rule")): "
            + "\(plural(count(.error), "error")), \(plural(count(.warning), "warning")), "
            + "\(count(.info)) info, \(pending.count) pending"
    }
}
