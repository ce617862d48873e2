import LifelineReports
import LifelineRules
import LifelineStore

// MARK: - Findings of a check

extension LifecycleListing {
    /// One line per finding, numbered from 1 as `.explain` takes them: severity (`pending` for an
    /// obligation open when the trace ended), rule, the launch it is reported in (`launch.id`, as
    /// `.timeline` takes it) and the explanation, which names the session.
    static func findings(_ findings: [Finding], _ session: SQLSession) throws -> LifecycleListing {
        LifecycleListing(
            columns: ["#", "severity", "rule", "launch", "explanation"],
            rows: try findings.enumerated().map { index, finding in
                let launch = try finding.primary.flatMap { try Timeline.launchID(of: $0, session) }
                return [
                    .integer(Int64(index + 1)), .text(finding.status == .pending ? "pending" : finding.severity.rawValue),
                    .text(finding.ruleID), launch.map(ResultValue.integer) ?? .null, .text(finding.explanation),
                ]
            })
    }
}
