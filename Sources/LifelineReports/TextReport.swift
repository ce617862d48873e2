import LifelineFormat
import LifelineRules
import LifelineTerminal

/// The terminal format: the input problems, each finding with its witnesses, then a table of rules that
/// fired, the rule sources and a summary line, with control characters from the trace escaped (``TerminalText``).
enum TextReport {
    /// The whole report; `streamed` leaves out the input problems and violations, which
    /// `lifeline watch` printed as they came (``LiveReport``).
    static func render(_ report: CheckReport, streamed: Bool = false) -> String {
        var lines: [String] = streamed ? [] : report.copies.map(\.description) + report.diagnostics.map(\.reportLine)
        if !streamed { for finding in report.violations { lines.append(finding.explained) } }
        for finding in report.pending { lines.append(finding.explained) }
        for summary in report.notApplicableSummaries { lines.append(summary.headline) }
        for group in report.assumedGroups { lines.append(group.headline) }
        for group in report.identityGroups { lines += [group.headline] + group.warningLines }
        let fired = report.summary.rules.filter { $0.tally.violations + $0.tally.pendings > 0 }
        if !fired.isEmpty {
            lines.append("")
            let table = TextTable(
                columns: ["rule", "severity", "violations", "pending", "instances"],
                rows: fired.map { rule, tally in
                    [rule.id, rule.severity.rawValue, String(tally.violations), String(tally.pendings), String(tally.instances)]
                })
            let rendered = table.rendered(TextTable.Options(underline: false, rightAligned: [false, false, true, true, true]))
            lines += rendered.split(separator: "\n").map(String.init)
        }
        lines.append("")
        if !report.ruleSources.isEmpty { lines.append(report.sourcesLine) }
        lines.append(report.summaryLine)
        return escaped(lines.joined(separator: "\n")) + "\n"
    }

    /// Text for a terminal: explanations quote session, scene and launch ids from the trace, and a
    /// trace must not be able to move the cursor or retitle the terminal. Newlines between lines
    /// stay; control characters inside a line become visible escapes.
    static func escaped(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escape(String($0)) }
            .joined(separator: "\n")
    }
}
