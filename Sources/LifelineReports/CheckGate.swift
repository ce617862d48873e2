import LifelineRules

/// What fails a check: `--fail-on` and `--pending`. Every report format marks the same findings as
/// failing that the exit status counts, so a CI server never shows a red test on a green build.
///
/// ```swift
/// let gate = CheckGate(failOn: .warning, pendingFails: false)
/// gate.fails(finding)          // a warning or an error violation
/// report.status(gate).exitCode  // 0, 1 or 2
/// ```
package struct CheckGate: Sendable, Hashable {
    /// The lowest severity that fails; nil (`--fail-on never`) fails on no finding.
    package var failOn: Severity?
    /// Whether pending findings at or above `failOn` fail too.
    package var pendingFails: Bool

    package init(failOn: Severity? = .error, pendingFails: Bool = false) {
        self.failOn = failOn
        self.pendingFails = pendingFails
    }

    /// `lifeline check`'s defaults: errors fail, pending findings are reported.
    package static let standard = CheckGate()

    /// Whether this finding fails the check.
    package func fails(_ finding: Finding) -> Bool {
        guard let failOn, finding.severity >= failOn else { return false }
        switch finding.status {
        case .violated: return true
        case .pending: return pendingFails
        }
    }
}
