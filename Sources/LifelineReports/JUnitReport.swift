import LifelineFormat
import LifelineRules

/// `--format junit`: one `<testsuite>` per trace, one `<testcase>` per rule.
///
/// A rule's violations in that trace that fail the check (``CheckGate``: `--fail-on`, `--pending`)
/// are its `<failure>` (type: the severity); findings below the gate, and pending findings that do
/// not fail, go to `<system-out>`, so the failed test cases are exactly what the exit status counts.
/// Rules not judged on a trace are skipped, one test case per reason rather than one per rule, so
/// a log that prints a few callbacks is a few skipped cases, not dozens: `not applicable: when (N
/// rules)` for rules whose `when` excludes every launch (an app-delegate rule on a scene-based
/// trace), `not applicable: unrecorded callbacks (N rules)` for rules that need callbacks the trace
/// does not record, its message the reason said once (``NotApplicableSummary``), and `not
/// applicable: before the trace (N rules)` for an excerpt; each case's `<system-out>` names its
/// rules. A rule judged on some launches and not applicable to others says so in its
/// `<system-out>`. How scene callbacks without a scene were judged is the suite's `<system-out>`.
///
/// Input problems are an `input` test case: in the trace's suite when they are about a trace, in a
/// `lifeline input` suite otherwise (a path that does not exist, a database, a rules file). Errors
/// are its `<error>`; allowed skipped lines (`--allow-skipped-lines`) are `<system-out>`. Each suite's
/// `<properties>` name the rule sources.
/// Validates against the JUnit schema CI servers read (Jenkins xunit `junit-10.xsd`).
enum JUnitReport {
    private struct Key: Hashable {
        var trace: String
        var rule: String
    }

    private struct Suite {
        var name: String
        var cases: [String] = []
        var tests = 0
        var failures = 0
        var errors = 0
        var skipped = 0
        var notes: [String] = []
    }

    static func render(_ report: CheckReport, gate: CheckGate) -> String {
        let byCase = Dictionary(grouping: report.findings) { Key(trace: $0.slice.trace, rule: $0.ruleID) }
        let byFile = Dictionary(grouping: report.diagnostics) { $0.file ?? "" }
        let traces = Set(report.traces)
        let inapplicable = Dictionary(grouping: report.notApplicableGroups) { Key(trace: $0.trace, rule: $0.ruleID) }
        let summaries = Dictionary(grouping: report.notApplicableSummaries, by: \.trace)
        let identity = Dictionary(grouping: report.identityGroups, by: \.file)
        var suites: [Suite] = []
        for trace in report.traces {
            var suite = Suite(name: trace)
            suite.notes = (identity[trace] ?? []).flatMap { [$0.headline] + $0.warningLines }
            var grouped: Set<String> = []
            var excluded: [String] = []
            if let diagnostics = byFile[trace] { add(inputCase(trace, diagnostics), to: &suite) }
            for rule in report.rules {
                let found = byCase[Key(trace: trace, rule: rule.id)] ?? []
                let failing = found.filter(gate.fails)
                let reported = found.filter { !gate.fails($0) }
                var body = ""
                suite.tests += 1
                if !failing.isEmpty {
                    suite.failures += 1
                    let violations = failing.filter { $0.status == .violated }.count
                    let pending = failing.count - violations
                    var counts: [String] = []
                    if violations > 0 { counts.append("\(violations) violation\(violations == 1 ? "" : "s")") }
                    if pending > 0 { counts.append("\(pending) pending") }
                    let message = counts.joined(separator: ", ") + ": \(rule.message)"
                    // The findings' own severity: a state machine's transition may be a warning in an error rule.
                    let severity = failing.map(\.severity).max() ?? rule.severity
                    body +=
                        "      <failure message=\"\(XMLText.escape(message))\" type=\"\(severity.rawValue)\">"
                        + XMLText.escape(failing.map(\.explained).joined(separator: "\n\n")) + "</failure>\n"
                }
                let groups = inapplicable[Key(trace: trace, rule: rule.id)] ?? []
                if failing.isEmpty, found.isEmpty, !report.applies(rule.id, to: trace) {
                    // Not applicable for want of callbacks: in the trace's one `not applicable` case below.
                    // So is a rule whose `when` excludes every launch: one case for them all.
                    if groups.isEmpty { excluded.append(rule.id) } else { grouped.insert(rule.id) }
                    suite.tests -= 1
                    continue
                }
                var notes = reported.map { finding in
                    let why = finding.status == .pending ? "pending" : "\(finding.severity.rawValue), below --fail-on"
                    return "(\(why); does not fail the check)\n" + finding.explained
                }
                notes += groups.map(\.headline)
                if !notes.isEmpty {
                    body += "      <system-out>" + XMLText.escape(notes.joined(separator: "\n\n")) + "</system-out>\n"
                }
                let open = "    <testcase name=\"\(XMLText.escape(rule.id))\" classname=\"\(XMLText.escape(trace))\""
                suite.cases.append(body.isEmpty ? open + "/>" : open + ">\n" + body + "    </testcase>")
            }
            if !excluded.isEmpty {
                suite.tests += 1
                suite.skipped += 1
                let message =
                    excluded.count == 1
                    ? "not applicable: the rule's 'when' excludes every launch in this trace"
                    : "not applicable: the \(excluded.count) rules' 'when' excludes every launch in this trace"
                suite.cases.append(
                    "    <testcase name=\"not applicable: when (\(excluded.count) rule\(excluded.count == 1 ? "" : "s"))\" classname=\"\(XMLText.escape(trace))\">\n"
                        + "      <skipped message=\"\(XMLText.escape(message))\"/>\n"
                        + "      <system-out>\(XMLText.escape(excluded.joined(separator: "\n")))</system-out>\n    </testcase>")
            }
            for summary in summaries[trace] ?? [] {
                let rules = summary.rules.filter(grouped.contains)
                guard !rules.isEmpty else { continue }
                suite.tests += 1
                suite.skipped += 1
                let detail = rules.flatMap { rule in (inapplicable[Key(trace: trace, rule: rule)] ?? []).map(\.headline) }
                suite.cases.append(
                    "    <testcase name=\"not applicable: \(summary.beforeTheTrace ? "before the trace" : "unrecorded callbacks") (\(rules.count) rule\(rules.count == 1 ? "" : "s"))\" classname=\"\(XMLText.escape(trace))\">\n"
                        + "      <skipped message=\"\(XMLText.escape("not applicable: " + summary.reason))\"/>\n"
                        + "      <system-out>\(XMLText.escape(detail.joined(separator: "\n")))</system-out>\n    </testcase>")
            }
            suites.append(suite)
        }
        let others = report.diagnostics.map { $0.file ?? "" }.reduce(into: [String]()) { files, file in
            if !traces.contains(file), !files.contains(file) { files.append(file) }
        }
        if !others.isEmpty {
            var suite = Suite(name: "lifeline input")
            for file in others { add(inputCase(file, byFile[file] ?? []), to: &suite) }
            suites.append(suite)
        }
        let properties =
            report.ruleSources.isEmpty
            ? ""
            : "    <properties>\n"
                + report.ruleSources.map { source in
                    "      <property name=\"rule-source\" value=\"\(XMLText.escape(source.description))\"/>\n"
                }.joined() + "    </properties>\n"
        let rendered = suites.map { suite in
            "  <testsuite name=\"\(XMLText.escape(suite.name))\" tests=\"\(suite.tests)\" failures=\"\(suite.failures)\""
                + " errors=\"\(suite.errors)\" skipped=\"\(suite.skipped)\">\n" + properties
                + suite.cases.map { $0 + "\n" }.joined()
                + (suite.notes.isEmpty ? "" : "    <system-out>\(XMLText.escape(suite.notes.joined(separator: "\n")))</system-out>\n")
                + "  </testsuite>"
        }
        let tests = suites.reduce(0) { $0 + $1.tests }
        let failures = suites.reduce(0) { $0 + $1.failures }
        let errors = suites.reduce(0) { $0 + $1.errors }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="lifeline check" tests="\(tests)" failures="\(failures)" errors="\(errors)">
            \(rendered.joined(separator: "\n"))
            </testsuites>

            """
    }

    /// The `input` test case of one file: `<error>` for its errors, `<system-out>` for allowed warnings.
    private static func inputCase(_ file: String, _ diagnostics: [Diagnostic]) -> (text: String, errored: Bool) {
        let errors = diagnostics.filter { $0.severity == .error }
        let warnings = diagnostics.filter { $0.severity == .warning }
        var body = ""
        if !errors.isEmpty {
            let message = "\(errors.count) input error\(errors.count == 1 ? "" : "s"): \(errors[0].message)"
            body +=
                "      <error message=\"\(XMLText.escape(message))\" type=\"input\">"
                + XMLText.escape(errors.map(\.description).joined(separator: "\n")) + "</error>\n"
        }
        if !warnings.isEmpty {
            body += "      <system-out>" + XMLText.escape(warnings.map(\.description).joined(separator: "\n")) + "</system-out>\n"
        }
        let open = "    <testcase name=\"input\" classname=\"\(XMLText.escape(file))\""
        return (body.isEmpty ? open + "/>" : open + ">\n" + body + "    </testcase>", !errors.isEmpty)
    }

    private static func add(_ input: (text: String, errored: Bool), to suite: inout Suite) {
        suite.cases.append(input.text)
        suite.tests += 1
        if input.errored { suite.errors += 1 }
    }
}
