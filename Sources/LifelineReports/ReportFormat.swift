/// The output formats of `lifeline check`.
package enum ReportFormat: String, CaseIterable, Sendable {
    /// Compiler-style lines for a terminal.
    case text
    /// One JSON object: `violations`, `pending`, `errors`, `warnings`, `ruleSources`, `summary`.
    case json
    /// JSON lines: a `finding` object per finding, an `error` or `warning` object per input problem, a final `summary`.
    case jsonl
    /// JUnit XML: one test case per rule × trace, and an errored test case per input with errors.
    case junit
    /// SARIF 2.1.0 for code-scanning tools; input errors are tool execution notifications.
    case sarif
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`).
    case github
    /// One self-contained HTML page: a summary, each launch's timeline, the findings on it.
    /// Its timelines need ``CheckReport/timelines``; without them it shows the summary and findings.
    case html

    /// Renders a report in this format; `gate` decides which findings are marked as failing
    /// (the same ones that make ``CheckReport/status(_:)`` ``CheckStatus/failed``).
    package func render(_ report: CheckReport, gate: CheckGate = .standard) -> String {
        switch self {
        case .text: return TextReport.render(report)
        case .json: return JSONReport.render(report, gate: gate)
        case .jsonl: return JSONLinesReport.render(report, gate: gate)
        case .junit: return JUnitReport.render(report, gate: gate)
        case .sarif: return SARIFReport.render(report, gate: gate)
        case .github: return GitHubReport.render(report, gate: gate)
        case .html: return HTMLReport.render(report, gate: gate)
        }
    }
}
