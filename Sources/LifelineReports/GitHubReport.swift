import LifelineRules

/// `--format github`: GitHub Actions workflow commands, so findings show as annotations on the trace files.
enum GitHubReport {
    static func render(_ report: CheckReport) -> String {
        var lines: [String] = []
        for finding in report.findings {
            let command: String
            switch (finding.status, finding.severity) {
            case (.pending, _), (_, .info): command = "notice"
            case (_, .warning): command = "warning"
            case (_, .error): command = "error"
            }
            var properties: [String] = []
            if let primary = finding.primary {
                properties.append("file=" + escapeProperty(primary.file))
                if primary.line > 0 { properties.append("line=\(primary.line)") }
            }
            properties.append("title=" + escapeProperty("\(finding.ruleID)\(finding.status == .pending ? " (pending)" : "")"))
            lines.append("::\(command) \(properties.joined(separator: ","))::" + escapeData(finding.explanation + "\n" + finding.message))
        }
        lines.append(report.summaryLine)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The escaping GitHub's toolkit applies to a command's message, then ``TerminalText``'s for the
    /// other control characters: the runner's log viewer interprets ANSI sequences.
    static func escapeData(_ text: String) -> String {
        TerminalText.escape(
            text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A"))
    }

    /// The escaping GitHub's toolkit applies to a command's property values.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
