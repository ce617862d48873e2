import LifelineRules

/// The terminal format: each finding with its witnesses, then a table of rules that fired and a summary line.
enum TextReport {
    static func render(_ report: CheckReport) -> String {
        var lines: [String] = report.diagnostics
        for finding in report.violations { lines.append(finding.explained) }
        for finding in report.pending { lines.append(finding.explained) }
        let fired = report.summary.rules.filter { $0.tally.violations + $0.tally.pendings > 0 }
        if !fired.isEmpty {
            lines.append("")
            let width = max(4, fired.map(\.rule.id.count).max() ?? 4)
            lines.append("rule".padding(toLength: width, withPad: " ", startingAt: 0) + "  severity  violations  pending  instances")
            for (rule, tally) in fired {
                lines.append(
                    rule.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                        + rule.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                        + String(repeating: " ", count: max(0, 12 - String(tally.violations).count)) + "\(tally.violations)"
                        + String(repeating: " ", count: max(0, 9 - String(tally.pendings).count)) + "\(tally.pendings)"
                        + String(repeating: " ", count: max(0, 11 - String(tally.instances).count)) + "\(tally.instances)")
            }
        }
        lines.append("")
        lines.append(summaryLine(report))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `checked 3 traces (5 launches, 120 events) against 31 rules: 1 error, 2 warnings, 0 info, 1 pending`.
    static func summaryLine(_ report: CheckReport) -> String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        let summary = report.summary
        return "checked \(plural(report.traces.count, "trace")) (\(plural(summary.launches, "launch").replacingOccurrences(of: "launchs", with: "launches")), "
            + "\(plural(summary.events, "event"))) against \(plural(report.rules.count, "rule")): "
            + "\(plural(report.count(.error), "error")), \(plural(report.count(.warning), "warning")), "
            + "\(report.count(.info)) info, \(report.pending.count) pending"
    }
}
