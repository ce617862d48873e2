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
    /// The launches judged, in the order they came, each with its events once the next one starts
    /// (or ``take()`` ends the input).
    package private(set) var launches: [CheckedLaunch] = []
    /// The checker's event count when the last launch started; the checker, to count the last one's.
    private var eventsBefore = 0
    private weak var counting: RuleChecker?

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
        checker.collectsAnatomy = true
        counting = checker
        checker.onLaunchLocated = { [unowned checker] slice, record, file, line in
            self.closeLaunch(events: checker.eventCount, anatomy: checker.finishedAnatomy)
            self.launches.append(
                CheckedLaunch(
                    key: slice.launch ?? "", trace: slice.trace, file: file, line: line > 0 ? line : nil, record: record, events: 0))
        }
        return checker
    }

    /// Gives the last launch the events counted since it started.
    private func closeLaunch(events: Int, anatomy: LaunchAnatomy?) {
        if !launches.isEmpty {
            launches[launches.count - 1].events = events - eventsBefore
            launches[launches.count - 1].anatomy = anatomy
        }
        eventsBefore = events
    }

    /// Hands over what was gathered so far and starts empty again, so one checker can check input
    /// after input (each ended with ``RuleChecker/finish()``) and each input's findings stay its own.
    package func take() -> Gathered {
        if let counting { closeLaunch(events: counting.eventCount, anatomy: counting.finishedAnatomy) }
        defer {
            findings = []
            applied = [:]
            notApplicable = []
            identity = []
            launches = []
        }
        return Gathered(
            findings: findings, applied: applied, notApplicable: notApplicable, identity: identity, launches: launches)
    }

    /// What ``take()`` hands over.
    package struct Gathered: Sendable {
        package var findings: [Finding]
        package var applied: [String: Set<String>]
        package var notApplicable: [Inapplicability]
        package var identity: [IdentityNote]
        package var launches: [CheckedLaunch]
    }
}
