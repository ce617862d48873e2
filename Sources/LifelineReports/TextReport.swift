import LifelineRules
import LifelineTerminal

/// The terminal format: the input problems, each finding with its witnesses, then a table of rules that
/// fired, the rule sources and a summary line, with control characters from the trace escaped (``TerminalText``).
enum TextReport {
    static func render(_ report: CheckReport) -> String {
        var lines: [String] = report.diagnostics.map(\.description)
        for finding in report.violations { lines.append(finding.explained) }
        for finding in report.pending { lines.append(finding.explained) }
        let fired = report.summary.rules.filter { $0.tally.violations + $0.tally.pendings > 0 }
        if !fired.isEmpty {
            lines.append("")
            let width = max(4, fired.map(\.rule.id.count).max() ?? 4)
            lines.append("rule".padding(toLength: width, withPad: " ", startingAt: 0) + "  severity  violations  pending  instances")
            func left(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
            func right(_ number: Int, _ width: Int) -> String {
                let text = String(number)
                return String(repeating: " ", count: max(0, width - text.count)) + text
            }
            for (rule, tally) in fired {
                lines.append(
                    left(rule.id, width) + "  " + left(rule.severity.rawValue, 8) + right(tally.violations, 12)
                        + right(tally.pendings, 9) + right(tally.instances, 11))
            }
        }
        lines.append("")
        if !report.ruleSources.isEmpty { lines.append(report.sourcesLine) }
        lines.append(report.summaryLine)
        // Explanations quote session, scene and launch ids from the trace: a trace must not be able
        // to move the cursor or retitle the terminal. Newlines between lines stay; control
        // characters inside a line become visible escapes.
        return lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalText.escape(String($0)) }.joined(separator: "\n") + "\n"
    }
}
