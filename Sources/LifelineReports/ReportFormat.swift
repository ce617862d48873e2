/// The output formats of `lifeline check`.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Compiler-style lines for a terminal.
    case text
    /// One JSON object: `violations`, `pending`, `summary`.
    case json
    /// JUnit XML: one test case per rule × trace.
    case junit
    /// SARIF 2.1.0 for code-scanning tools.
    case sarif
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`).
    case github

    /// Renders a report in this format.
    public func render(_ report: CheckReport) -> String {
        switch self {
        case .text: return TextReport.render(report)
        case .json: return JSONReport.render(report)
        case .junit: return JUnitReport.render(report)
        case .sarif: return SARIFReport.render(report)
        case .github: return GitHubReport.render(report)
        }
    }
}
