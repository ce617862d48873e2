import LifelineFormat
import LifelineRules

/// Everything a check produced, ready to render in any format.
package struct CheckReport: Sendable {
    /// The rules checked, in order.
    package var rules: [Rule]
    /// Where the rules came from, in load order.
    package var ruleSources: [RuleSource]
    /// Violations and pending obligations, in the order the checker proved them.
    package var findings: [Finding]
    package var summary: CheckSummary
    /// The traces checked (file labels), in order.
    package var traces: [String]
    /// Problems with the input, in the order found: errors make the check's status
    /// ``CheckStatus/inputError``; warnings (skipped lines the user allowed) do not.
    package var diagnostics: [Diagnostic]
    /// For each trace, the ids of the rules that applied to it: the rule's `when` admits at least one
    /// of its launches (the legacy app-delegate catalog does not apply to a scene-based launch).
    package var applied: [String: Set<String>]
    /// The launches with their events, for the HTML report; nil when the check was not asked to keep them.
    package var timelines: ReportTimelines?
    /// Rules not judged on a launch because they need callbacks its trace does not record, in the
    /// order the launches came. Never a failure.
    package var notApplicable: [Inapplicability]
    /// Trace files not checked because an earlier input has the same bytes (``TracePaths/expandDistinct(_:isStore:)``):
    /// a copy holds the same launches, which would be counted and reported twice. Never a failure.
    package var copies: [TracePaths.Copy] = []
    /// Launches of logs taken to record callbacks they do not show (a delegate's state methods, when
    /// the log shows two of them), in the order the launches came: what was assumed and why.
    package var assumed: [AssumedRecords] = []
    /// Launches whose scene callbacks name no scene, in the order the launches came: how per-scene
    /// rules judged them, and where a scene connected while the one standing in was connected.
    package var identity: [IdentityNote] = []
    /// The launches judged, in the order they came (``CheckedLaunch``).
    package var launches: [CheckedLaunch] = []

    package init(
        rules: [Rule], ruleSources: [RuleSource] = [], findings: [Finding], summary: CheckSummary, traces: [String],
        diagnostics: [Diagnostic], applied: [String: Set<String>], notApplicable: [Inapplicability] = []
    ) {
        self.notApplicable = notApplicable
        self.rules = rules
        self.ruleSources = ruleSources
        self.findings = findings
        self.summary = summary
        self.traces = traces
        self.diagnostics = diagnostics
        self.applied = applied
    }

    /// A report of a check that could not start (its rules do not load): only its errors.
    package init(errors: [Diagnostic]) {
        self.init(
            rules: [], findings: [], summary: CheckSummary(rules: [], traces: 0, launches: 0, events: 0), traces: [],
            diagnostics: errors, applied: [:])
    }

    /// The rules not applicable to launches for want of callbacks, one group per trace, rule and
    /// reason (a trace of many launches says it once), in order of first appearance.
    package var notApplicableGroups: [NotApplicableGroup] {
        var groups: [NotApplicableGroup] = []
        var index: [NotApplicableGroup.Key: Int] = [:]
        for entry in notApplicable {
            let key = NotApplicableGroup.Key(trace: entry.slice.trace, rule: entry.ruleID, reason: entry.reason)
            if let position = index[key] {
                groups[position].launches += 1
            } else {
                index[key] = groups.count
                groups.append(NotApplicableGroup(first: entry))
            }
        }
        return groups
    }

    /// How scene callbacks without a scene were judged, one entry per trace.
    package var identityGroups: [SceneIdentityGroup] { SceneIdentityGroup.grouped(identity) }

    /// The rules not applicable, said once per trace and kind of reason (text, GitHub and JUnit).
    package var notApplicableSummaries: [NotApplicableSummary] { NotApplicableSummary.summaries(notApplicableGroups) }

    /// What was assumed, one entry per trace and assumption.
    package var assumedGroups: [AssumedRecords] { AssumedRecords.grouped(assumed) }

    /// Whether `rule` applied to at least one launch of `trace`.
    package func applies(_ rule: String, to trace: String) -> Bool { applied[trace]?.contains(rule) ?? false }

    package var violations: [Finding] { findings.filter { $0.status == .violated } }
    package var pending: [Finding] { findings.filter { $0.status == .pending } }

    /// Input problems that make the check incomplete.
    package var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    /// Input problems the user allowed (`--allow-skipped-lines`).
    package var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }

    /// Violations counted by severity.
    package func count(_ severity: Severity) -> Int { violations.filter { $0.severity == severity }.count }

    /// Whether a finding fails the gate (input errors aside).
    package func fails(_ gate: CheckGate) -> Bool { findings.contains(where: gate.fails) }

    /// How the check ended under `gate`: an input error outranks findings.
    package func status(_ gate: CheckGate) -> CheckStatus {
        if !errors.isEmpty { return .inputError }
        return fails(gate) ? .failed : .passed
    }

    /// `checked 3 traces (5 launches, 120 events) against 31 rules: 1 error, 2 warnings, 0 info, 1 pending`,
    /// followed by the input problems when there are any (`; 2 input errors: the check is incomplete`).
    package var summaryLine: String {
        func plural(_ count: Int, _ word: String, _ plural: String? = nil) -> String {
            "\(count) \(count == 1 ? word : plural ?? word + "s")"
        }
        var line =
            "checked \(plural(traces.count, "trace")) (\(plural(summary.launches, "launch", "launches")), "
            + "\(plural(summary.events, "event"))) against \(plural(rules.count, "rule")): "
            + "\(plural(count(.error), "error")), \(plural(count(.warning), "warning")), "
            + "\(count(.info)) info, \(pending.count) pending"
        let inapplicable = Set(notApplicable.map(\.ruleID)).count
        if inapplicable > 0 {
            line +=
                "; \(plural(inapplicable, "rule")) not applicable (\(inapplicable == 1 ? "it needs" : "they need") callbacks not recorded)"
        }
        if !copies.isEmpty { line += "; \(plural(copies.count, "copy", "copies")) of another trace skipped" }
        if !warnings.isEmpty { line += "; \(plural(warnings.count, "skipped line")) allowed" }
        if !errors.isEmpty { line += "; \(plural(errors.count, "input error")): the check is incomplete" }
        return line
    }

    /// `rules: uikit-scene (built-in, 31 rules), rules/app.rules (./rules, 2 rules)`.
    package var sourcesLine: String {
        "rules: " + (ruleSources.isEmpty ? "none" : ruleSources.map(\.description).joined(separator: ", "))
    }
}
