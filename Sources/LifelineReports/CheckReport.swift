import LifelineFormat
import LifelineRules

/// Everything a check produced, ready to render in any format.
public struct CheckReport: Sendable {
    /// The rules checked, in order.
    public var rules: [Rule]
    /// Where the rules came from, in load order.
    public var ruleSources: [RuleSource]
    /// Violations and pending obligations, in the order the checker proved them.
    public var findings: [Finding]
    public var summary: CheckSummary
    /// The traces checked (file labels), in order.
    public var traces: [String]
    /// Problems with the input, in the order found: errors make the check's status
    /// ``CheckStatus/inputError``; warnings (skipped lines the user allowed) do not.
    public var diagnostics: [FileDiagnostic]
    /// For each trace, the ids of the rules that applied to it: the rule's `when` admits at least one
    /// of its launches (the legacy app-delegate catalog does not apply to a scene-based launch).
    public var applied: [String: Set<String>]

    public init(
        rules: [Rule], ruleSources: [RuleSource] = [], findings: [Finding], summary: CheckSummary, traces: [String],
        diagnostics: [FileDiagnostic], applied: [String: Set<String>]
    ) {
        self.rules = rules
        self.ruleSources = ruleSources
        self.findings = findings
        self.summary = summary
        self.traces = traces
        self.diagnostics = diagnostics
        self.applied = applied
    }

    /// A report of a check that could not start (its rules do not load): only its errors.
    public init(errors: [FileDiagnostic]) {
        self.init(
            rules: [], findings: [], summary: CheckSummary(rules: [], traces: 0, launches: 0, events: 0), traces: [],
            diagnostics: errors, applied: [:])
    }

    /// Whether `rule` applied to at least one launch of `trace`.
    public func applies(_ rule: String, to trace: String) -> Bool { applied[trace]?.contains(rule) ?? false }

    public var violations: [Finding] { findings.filter { $0.status == .violated } }
    public var pending: [Finding] { findings.filter { $0.status == .pending } }

    /// Input problems that make the check incomplete.
    public var errors: [FileDiagnostic] { diagnostics.filter { $0.severity == .error } }
    /// Input problems the user allowed (`--allow-skipped-lines`).
    public var warnings: [FileDiagnostic] { diagnostics.filter { $0.severity == .warning } }

    /// Violations counted by severity.
    public func count(_ severity: Severity) -> Int { violations.filter { $0.severity == severity }.count }

    /// Whether a finding fails the gate (input errors aside).
    public func fails(_ gate: CheckGate) -> Bool { findings.contains(where: gate.fails) }

    /// How the check ended under `gate`: an input error outranks findings.
    public func status(_ gate: CheckGate) -> CheckStatus {
        if !errors.isEmpty { return .inputError }
        return fails(gate) ? .failed : .passed
    }

    /// `checked 3 traces (5 launches, 120 events) against 31 rules: 1 error, 2 warnings, 0 info, 1 pending`,
    /// followed by the input problems when there are any (`; 2 input errors: the check is incomplete`).
    public var summaryLine: String {
        func plural(_ count: Int, _ word: String, _ plural: String? = nil) -> String {
            "\(count) \(count == 1 ? word : plural ?? word + "s")"
        }
        var line = "checked \(plural(traces.count, "trace")) (\(plural(summary.launches, "launch", "launches")), "
            + "\(plural(summary.events, "event"))) against \(plural(rules.count, "rule")): "
            + "\(plural(count(.error), "error")), \(plural(count(.warning), "warning")), "
            + "\(count(.info)) info, \(pending.count) pending"
        if !warnings.isEmpty { line += "; \(plural(warnings.count, "skipped line")) allowed" }
        if !errors.isEmpty { line += "; \(plural(errors.count, "input error")): the check is incomplete" }
        return line
    }

    /// `rules: uikit-scene (built-in, 31 rules), rules/app.rules (./rules, 2 rules)`.
    public var sourcesLine: String {
        "rules: " + (ruleSources.isEmpty ? "none" : ruleSources.map(\.description).joined(separator: ", "))
    }
}
