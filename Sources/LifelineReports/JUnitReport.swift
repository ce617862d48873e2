import LifelineRules

/// `--format junit`: one `<testsuite>` per trace, one `<testcase>` per rule; a rule's violations
/// in that trace are its `<failure>` (pending findings go to `<system-out>`).
enum JUnitReport {
    static func render(_ report: CheckReport) -> String {
        var suites: [String] = []
        var totalTests = 0
        var totalFailures = 0
        for trace in report.traces {
            var cases: [String] = []
            var failures = 0
            for rule in report.rules {
                let found = report.findings.filter { $0.ruleID == rule.id && $0.slice.trace == trace }
                let violations = found.filter { $0.status == .violated }
                let pending = found.filter { $0.status == .pending }
                var body = ""
                if !violations.isEmpty {
                    failures += 1
                    let message = "\(violations.count) violation\(violations.count == 1 ? "" : "s"): \(rule.message)"
                    body += "      <failure message=\"\(XMLText.escape(message))\" type=\"\(rule.severity.rawValue)\">"
                        + XMLText.escape(violations.map(\.explained).joined(separator: "\n\n")) + "</failure>\n"
                }
                if !pending.isEmpty {
                    body += "      <system-out>" + XMLText.escape(pending.map(\.explained).joined(separator: "\n\n"))
                        + "</system-out>\n"
                }
                let open = "    <testcase name=\"\(XMLText.escape(rule.id))\" classname=\"\(XMLText.escape(trace))\""
                cases.append(body.isEmpty ? open + "/>" : open + ">\n" + body + "    </testcase>")
            }
            totalTests += report.rules.count
            totalFailures += failures
            suites.append(
                "  <testsuite name=\"\(XMLText.escape(trace))\" tests=\"\(report.rules.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
                    + cases.joined(separator: "\n") + "\n  </testsuite>")
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="lifeline check" tests="\(totalTests)" failures="\(totalFailures)" errors="0">
            \(suites.joined(separator: "\n"))
            </testsuites>

            """
    }
}
