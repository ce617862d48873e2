import LifelineRules

/// Gathers what a report needs from a rule checker's callbacks: the findings in order, and
/// which rules applied to each trace (a rule whose `when` admits at least one of its launches).
package final class CheckCollector {
    package private(set) var findings: [Finding] = []
    package private(set) var applied: [String: Set<String>] = [:]

    package init() {}

    /// A checker of `rules` that reports to this collector.
    package func checker(for rules: RuleSet) -> RuleChecker {
        RuleChecker(
            rules: rules, onFinding: { self.findings.append($0) },
            onLaunch: { slice, launch in
                for rule in rules.rules where rule.applies(to: launch) {
                    self.applied[slice.trace, default: []].insert(rule.id)
                }
            })
    }
}
