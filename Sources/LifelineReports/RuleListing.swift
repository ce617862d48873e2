import LifelineRules

/// The listing `lifeline rules` prints: catalogs, then each rule's id, severity, slicing and message.
public enum RuleListing {
    public static func render(_ rules: RuleSet, verbose: Bool) -> String {
        var lines = ["catalogs:"]
        for catalog in BuiltinCatalog.allCases {
            lines.append("  \(catalog.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(catalog.summary)")
        }
        var file: String?
        let width = max(8, rules.rules.map(\.id.count).max() ?? 8)
        for rule in rules.rules {
            if rule.file != file {
                file = rule.file
                lines.append("")
                lines.append("\(rule.file):")
            }
            lines.append(
                "  " + rule.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0) + "  "
                    + rule.slicing.description.padding(toLength: 27, withPad: " ", startingAt: 0) + "  " + rule.message)
            if verbose {
                lines.append("      " + Rule.describe(rule.body))
                if let reference = rule.reference { lines.append("      see: \(reference)") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
