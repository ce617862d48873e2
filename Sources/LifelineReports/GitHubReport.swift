import LifelineFormat
import LifelineRules
import LifelineTerminal

/// `--format github`: GitHub Actions workflow commands, so findings show as annotations on the trace files.
///
/// Input problems come first: `::error` for each input error, `::warning` for each allowed skipped
/// line, located with `file`, `line` and `col`. A finding is an `::error` exactly when it fails the
/// check (``CheckGate``); below the gate an error or warning is a `::warning`, and info findings and
/// pending ones that do not fail are `::notice`s.
enum GitHubReport {
    /// The whole report; `streamed` leaves out the input problems and violations, which
    /// `lifeline watch` printed as they came (``LiveReport``).
    static func render(_ report: CheckReport, gate: CheckGate, streamed: Bool = false) -> String {
        var lines: [String] = streamed ? [] : report.diagnostics.map(line)
        // A copy of another input is not checked again: a notice, not a failure.
        for copy in streamed ? [] : report.copies {
            lines.append(
                "::notice file=\(escapeProperty(copy.file)),title=duplicate trace::"
                    + escapeData("same content as \(copy.original), skipped"))
        }
        for finding in streamed ? report.pending : report.findings { lines.append(line(finding, gate: gate)) }
        // Not applicable is not a failure: a notice on the launch record, saying why.
        for summary in report.notApplicableSummaries {
            var properties = ["file=" + escapeProperty(summary.file)]
            if let line = summary.line { properties.append("line=\(line)") }
            let rules = summary.rules.count == 1 ? summary.rules[0] : "\(summary.rules.count) rules"
            properties.append("title=" + escapeProperty("\(rules) not applicable"))
            lines.append("::notice \(properties.joined(separator: ","))::" + escapeData(summary.reason))
        }
        // Scene callbacks that name no scene: how they were judged (a notice), and where that is ambiguous (a warning).
        for group in report.identityGroups {
            func command(_ kind: String, _ line: Int, _ title: String, _ message: String) -> String {
                var properties = ["file=" + escapeProperty(group.file)]
                if line > 0 { properties.append("line=\(line)") }
                properties.append("title=" + escapeProperty(title))
                return "::\(kind) \(properties.joined(separator: ","))::" + escapeData(message)
            }
            let launches = group.launches > 1 ? " (\(group.launches) launches)" : ""
            lines.append(command("notice", group.line, "scene identity", group.tally.summary + launches))
            for warning in group.warnings { lines.append(command("warning", warning.line, "ambiguous scene", warning.message)) }
        }
        lines.append(report.summaryLine)
        return lines.joined(separator: "\n") + "\n"
    }

    /// An input problem's command (without its newline).
    static func line(_ diagnostic: Diagnostic) -> String {
        var properties = diagnostic.file.map { ["file=" + escapeProperty($0)] } ?? []
        if let line = diagnostic.line { properties.append("line=\(line)") }
        if let column = diagnostic.column { properties.append("col=\(column)") }
        let error = diagnostic.severity == .error
        properties.append("title=" + escapeProperty(error ? "input error" : "skipped line"))
        return "::\(error ? "error" : "warning") \(properties.joined(separator: ","))::" + escapeData(diagnostic.messageWithNotes)
    }

    /// A finding's command (without its newline).
    static func line(_ finding: Finding, gate: CheckGate) -> String {
        let command: String
        switch (gate.fails(finding), finding.status, finding.severity) {
        case (true, _, _): command = "error"
        case (false, .pending, _), (false, _, .info): command = "notice"
        case (false, _, .warning), (false, _, .error): command = "warning"
        }
        var properties: [String] = []
        if let primary = finding.primary {
            properties.append("file=" + escapeProperty(primary.file))
            if let line = primary.line { properties.append("line=\(line)") }
        }
        properties.append("title=" + escapeProperty("\(finding.ruleID)\(finding.status == .pending ? " (pending)" : "")"))
        // What happened, the rule's words, and its source (a URL GitHub shows as a link, where the rule has one).
        let see = finding.citation.map { $0.parts.isEmpty ? "" : "\nsee: \($0)" } ?? ""
        return "::\(command) \(properties.joined(separator: ","))::" + escapeData(finding.explanation + "\n" + finding.message + see)
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
