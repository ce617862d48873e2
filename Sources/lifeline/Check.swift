import ArgumentParser
import Foundation
import LifelineReports
import LifelineRules
import LifelineStore

/// `lifeline check`: rule checks for a terminal or CI.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check traces against lifecycle rules; fail CI on violations.",
        discussion: """
            PATHs are trace files, directories (searched recursively for *.ndjson and *.jsonl) or Lifeline \
            databases; with none, the database given by --db (default lifeline.db) is checked. Rules default to \
            the built-in catalogs (each rule applies to launches of its life cycle) plus ./rules/*.rules. \
            Checking a database also stores the findings in its violation table. Exit status: 0 when no \
            violation is at or above --fail-on, 1 when one is, 2 on usage or input errors.
            """)

    @Argument(help: "Trace files, directories or databases.")
    var paths: [String] = []

    @Option(help: "A database to check (when no PATH is given).")
    var db: String?

    @Option(name: .customLong("rules"), help: "A catalog (uikit-scene, uikit-app) or a .rules file or directory; repeatable.")
    var rules: [String] = []

    @Option(help: "Output format: text, json, junit, sarif or github.")
    var format: ReportFormat = .text

    @Option(name: [.short, .long], help: "Write the report to FILE instead of standard output.")
    var output: String?

    @Option(name: .customLong("fail-on"), help: "The lowest severity that fails the check: error, warning, info or never.")
    var failOn = FailThreshold.error

    @Option(help: "Whether pending findings (obligations open when a trace ended) fail the check: fail or report.")
    var pending = PendingPolicy.report

    func run() throws {
        do {
            let ruleSet = try CheckRun.loadRules(rules)
            let inputs = paths.isEmpty ? [db ?? TraceStore.defaultPath] : paths + (db.map { [$0] } ?? [])
            if paths.isEmpty, !FileManager.default.fileExists(atPath: inputs[0]) {
                throw CheckRunError("\(inputs[0]): error: no such database; give trace files or run 'lifeline import' first")
            }
            let report = try CheckRun.check(inputs, rules: ruleSet)
            let text = format.render(report)
            if let output {
                try ReportFile.write(text, to: output)
                if format != .text { print(report.summaryLine) }
            } else {
                print(text, terminator: "")
            }
            if report.fails(failOn: failOn.severity, pendingFails: pending == .fail) { throw ExitCode(1) }
        } catch let error as CheckRunError {
            printError(error.description)
            throw ExitCode(2)
        }
    }
}

/// `--fail-on`: a severity or `never`.
enum FailThreshold: String, ExpressibleByArgument, CaseIterable {
    case error, warning, info, never

    var severity: Severity? { Severity(rawValue: rawValue) }
}

/// `--pending`: whether open obligations fail the check.
enum PendingPolicy: String, ExpressibleByArgument, CaseIterable {
    case fail, report
}

extension ReportFormat: ExpressibleByArgument {}
