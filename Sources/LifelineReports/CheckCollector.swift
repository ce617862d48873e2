import LifelineRules

/// Gathers what a report needs from a rule checker's callbacks: the findings in order, and
/// which rules applied to each trace (a rule whose `when` admits at least one of its launches).
final class CheckCollector {
    private(set) var findings: [Finding] = []
    private(set) var applied: [String: Set<String>] = [:]

    /// A checker of `rules` that reports to this collector.
    func checker(for rules: RuleSet) -> RuleChecker {
        RuleChecker(
            rules: rules, onFinding: { self.findings.append($0) },
            onLaunch: { slice, launch in
                for rule in rules.rules where rule.applies(to: launch) {
                    self.applied[slice.trace, default: []].insert(rule.id)
                }
            })
    }
}
