import LifelineRules
import LifelineTerminal

/// The listing `lifeline rules` prints: catalogs, then each rule's id, severity, slicing and message.
package enum RuleListing {
    package static func render(_ rules: RuleSet, verbose: Bool) -> String {
        var lines = ["catalogs:"]
        for catalog in BuiltinCatalog.allCases {
            lines.append("  \(catalog.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(catalog.summary)")
        }
        // One table across the files, so the columns line up from one file's rules to the next.
        let table = TextTable(
            columns: ["id", "severity", "slicing", "message"],
            rows: rules.rules.map { [$0.id, $0.severity.rawValue, $0.slicing.description, $0.message] })
        let rows = table.rendered(
            TextTable.Options(
                indent: "  ", header: false, trimsTrailingSpaces: false,
                // "warning" and "per session across launches" are the widest severity and slicing.
                minimumWidths: [8, 7, 27], rightAligned: [false, false, false, false]
            )
        ).split(separator: "\n", omittingEmptySubsequences: false)
        var file: String?
        for (rule, row) in zip(rules.rules, rows) {
            if rule.file != file {
                file = rule.file
                lines.append("")
                lines.append("\(rule.file):")
            }
            lines.append(String(row))
            if verbose {
                lines.append("      " + Rule.describe(rule.body))
                if let reference = rule.reference { lines.append("      see: \(reference)") }
                if case .machine(let machine) = rule.body { lines += transitions(of: machine) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A machine's transitions, one per line, each with what it reports and its citation.
    ///
    /// ```
    ///       connected -> foregroundActive on sceneDidBecomeActive: reported by scene.first-active-in-foreground
    ///       connected -> foregroundInactive on sceneWillResignActive: warning "a scene that never entered …"
    ///         see: sceneWillResignActive(_:) is documented from the active state only (M5)
    /// ```
    static func transitions(of machine: StateMachine) -> [String] {
        var lines = ["      initial \(machine.initial); a callback with no transition from the current state is a finding"]
        for transition in machine.transitions {
            var line = "      " + transition.description
            if let owner = transition.reportedBy {
                line += ": reported by \(owner)"
            } else if let severity = transition.severity {
                line += ": \(severity.rawValue)" + (transition.message.map { " \"\($0)\"" } ?? "")
            }
            lines.append(line)
            if let reference = transition.reference { lines.append("        see: \(reference)") }
        }
        return lines
    }
}
