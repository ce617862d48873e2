import LifelineRules

/// `--format junit`: one `<testsuite>` per trace, one `<testcase>` per rule.
///
/// A rule's violations in that trace are its `<failure>` (type: the severity), its pending
/// findings go to `<system-out>`, and a rule that applied to none of the trace's launches (its
/// `when` excludes them all) is `<skipped>`, so CI dashboards don't count an app-delegate rule
/// as passed on a scene-based trace.
/// Validates against the JUnit schema CI servers read (Jenkins xunit `junit-10.xsd`).
enum JUnitReport {
    private struct Key: Hashable {
        var trace: String
        var rule: String
    }

    static func render(_ report: CheckReport) -> String {
        let byCase = Dictionary(grouping: report.findings) { Key(trace: $0.slice.trace, rule: $0.ruleID) }
        var suites: [String] = []
        var totals = (tests: 0, failures: 0, skipped: 0)
        for trace in report.traces {
            var cases: [String] = []
            var failures = 0
            var skipped = 0
            for rule in report.rules {
                let found = byCase[Key(trace: trace, rule: rule.id)] ?? []
                let violations = found.filter { $0.status == .violated }
                let pending = found.filter { $0.status == .pending }
                var body = ""
                if !violations.isEmpty {
                    failures += 1
                    let message = "\(violations.count) violation\(violations.count == 1 ? "" : "s"): \(rule.message)"
                    body += "      <failure message=\"\(XMLText.escape(message))\" type=\"\(rule.severity.rawValue)\">"
                        + XMLText.escape(violations.map(\.explained).joined(separator: "\n\n")) + "</failure>\n"
                } else if !report.applies(rule.id, to: trace) {
                    skipped += 1
                    body += "      <skipped message=\"not applicable: the rule's 'when' excludes every launch in this trace\"/>\n"
                }
                if !pending.isEmpty {
                    body += "      <system-out>" + XMLText.escape(pending.map(\.explained).joined(separator: "\n\n"))
                        + "</system-out>\n"
                }
                let open = "    <testcase name=\"\(XMLText.escape(rule.id))\" classname=\"\(XMLText.escape(trace))\""
                cases.append(body.isEmpty ? open + "/>" : open + ">\n" + body + "    </testcase>")
            }
            totals.tests += report.rules.count
            totals.failures += failures
            totals.skipped += skipped
            suites.append(
                "  <testsuite name=\"\(XMLText.escape(trace))\" tests=\"\(report.rules.count)\" failures=\"\(failures)\""
                    + " errors=\"0\" skipped=\"\(skipped)\">\n" + cases.joined(separator: "\n") + "\n  </testsuite>")
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="lifeline check" tests="\(totals.tests)" failures="\(totals.failures)" errors="0">
            \(suites.joined(separator: "\n"))
            </testsuites>

            """
    }
}
