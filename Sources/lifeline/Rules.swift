import ArgumentParser
import LifelineCheck
import LifelineReports
import LifelineRules

/// `lifeline rules`: the built-in catalogs and any rules files, with ids, severities and messages.
struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the built-in rule catalogs and the rules a check would use.",
        discussion: """
            With --rules, lists those catalogs and files instead of the defaults (the built-in catalogs plus \
            ./rules/*.rules, which --no-local-rules leaves out). Exits 2 when rules do not load.
            """)

    @Option(name: .customLong("rules"), help: CheckArguments.rulesHelp)
    var rules: [String] = []

    @Flag(help: "Do not load ./rules/*.rules: only the built-in catalogs, or what --rules names.")
    var noLocalRules = false

    @Flag(help: "Print each rule's text and reference too, and each state machine's transitions with their citations.")
    var verbose = false

    func run() throws {
        let ruleSet: RuleSet
        do {
            ruleSet = try CheckRun.loadRules(rules, rulesDirectory: noLocalRules ? nil : "rules")
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        print(RuleListing.render(ruleSet, verbose: verbose), terminator: "")
    }
}
