import ArgumentParser
import LifelineReports
import LifelineRules

/// `lifeline rules`: the built-in catalogs and any rules files, with ids, severities and messages.
struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the built-in rule catalogs and the rules a check would use.",
        discussion: "With --rules, lists those catalogs and files instead of the defaults (both catalogs plus ./rules/*.rules).")

    @Option(name: .customLong("rules"), help: "A catalog (uikit-scene, uikit-app) or a .rules file or directory; repeatable.")
    var rules: [String] = []

    @Flag(help: "Print each rule's text and reference too, and each state machine's transitions with their citations.")
    var verbose = false

    func run() throws {
        let ruleSet: RuleSet
        do {
            ruleSet = try CheckRun.loadRules(rules)
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        print(RuleListing.render(ruleSet, verbose: verbose), terminator: "")
    }
}
