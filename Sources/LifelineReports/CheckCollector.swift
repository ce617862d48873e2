import LifelineFormat
import LifelineRules

/// Gathers what a report needs from a rule checker's callbacks: the findings in order, which rules
/// were judged on each trace (a rule whose `when` admits at least one of its launches, which records
/// the callbacks the rule needs), and the rules not applicable to a launch for want of callbacks.
package final class CheckCollector {
    package private(set) var findings: [Finding] = []
    package private(set) var applied: [String: Set<String>] = [:]
    package private(set) var notApplicable: [Inapplicability] = []
    /// Launches whose scene callbacks name no scene, and how they were judged (``IdentityNote``).
    package private(set) var identity: [IdentityNote] = []

    package init() {}

    /// A checker of `rules` that reports to this collector. `records` are the callbacks recorded by
    /// launches whose record does not say (`--records`); `nil`: every callback. `onFinding` also
    /// sees each finding as it is proven (`lifeline watch` prints it then).
    package func checker(
        for rules: RuleSet, records: CallbackSet? = nil, onFinding: ((Finding) -> Void)? = nil
    ) -> RuleChecker {
        let checker = RuleChecker(
            rules: rules,
            onFinding: { finding in
                self.findings.append(finding)
                onFinding?(finding)
            },
            onLaunch: { slice, launch in
                for rule in rules.rules where rule.applies(to: launch) && rule.unrecordedCallbacks(in: launch).isEmpty {
                    self.applied[slice.trace, default: []].insert(rule.id)
                }
            },
            onNotApplicable: { self.notApplicable.append($0) },
            onIdentity: { self.identity.append($0) })
        checker.assumedRecords = records
        return checker
    }

    /// Hands over what was gathered so far and starts empty again, so one checker can check input
    /// after input (each ended with ``RuleChecker/finish()``) and each input's findings stay its own.
    package func take() -> (
        findings: [Finding], applied: [String: Set<String>], notApplicable: [Inapplicability], identity: [IdentityNote]
    ) {
        defer {
            findings = []
            applied = [:]
            notApplicable = []
            identity = []
        }
        return (findings, applied, notApplicable, identity)
    }
}
