import LifelineFormat
import LifelineRules

/// What `lifeline watch` prints as it goes: in the formats that are read line by line (`text`,
/// `jsonl`, `github`), each violation the moment the checker proves it and each input problem as
/// it is read, then — when the input ends or on Ctrl-C — the rest of the report: pending findings,
/// rules not applicable, and the summary. What the lines say is what ``ReportFormat/render(_:gate:)``
/// says for the same findings; together they are the `check` report, streamed.
///
/// ```swift
/// print(LiveReport.line(finding, format: .text, gate: gate), terminator: "")
/// ...
/// print(LiveReport.closing(report, format: .text, gate: gate), terminator: "")
/// ```
package enum LiveReport {
    /// Whether `format` is printed line by line as findings are proven (else it is written once, at the end).
    package static func streams(_ format: ReportFormat) -> Bool {
        switch format {
        case .text, .jsonl, .github: return true
        case .json, .junit, .sarif, .html: return false
        }
    }

    /// A violation, as the format prints it (with its newline; several lines for `text`'s witnesses).
    package static func line(_ finding: Finding, format: ReportFormat, gate: CheckGate) -> String {
        switch format {
        case .jsonl: return JSONLinesReport.line(finding, gate: gate) + "\n"
        case .github: return GitHubReport.line(finding, gate: gate) + "\n"
        default: return TextReport.escaped(finding.explained) + "\n"
        }
    }

    /// An input problem, as the format prints it (with its newline).
    package static func line(_ diagnostic: Diagnostic, format: ReportFormat) -> String {
        switch format {
        case .jsonl: return JSONLinesReport.line(diagnostic) + "\n"
        case .github: return GitHubReport.line(diagnostic) + "\n"
        default: return TextReport.escaped(diagnostic.description) + "\n"
        }
    }

    /// The end of the report: everything but the violations and input problems already printed.
    package static func closing(_ report: CheckReport, format: ReportFormat, gate: CheckGate) -> String {
        switch format {
        case .jsonl: return JSONLinesReport.render(report, gate: gate, streamed: true)
        case .github: return GitHubReport.render(report, gate: gate, streamed: true)
        default: return TextReport.render(report, streamed: true)
        }
    }
}
