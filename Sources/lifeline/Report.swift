import ArgumentParser
import Foundation
import LifelineCheck
import LifelineFormat
import LifelineReports
import LifelineRules
import LifelineStore
import LifelineTerminal

/// `lifeline report`: the HTML timeline report of traces or a database.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write one self-contained HTML page: a summary, each launch's timeline, the findings on it.",
        discussion: """
            PATHs and rules are as for 'lifeline check', which this runs: the findings are the checker's own. The \
            page needs no network and opens from disk; see docs/report.md. For a CI artifact with check's exit \
            status, use 'lifeline check --format html -o FILE'.

            Exit status: 0 when the report was written, whatever it found; 2 on a usage or input error (the \
            report is still written, with the errors at its top, when the rules loaded).
            """)

    @Argument(help: "Trace files, directories or databases.")
    var paths: [String] = []

    @Option(help: "A database to report on (when no PATH is given).")
    var db: String?

    @Option(name: .customLong("rules"), help: CheckArguments.rulesHelp)
    var rules: [String] = []

    @Flag(help: "Do not load ./rules/*.rules: only the built-in catalogs, or what --rules names.")
    var noLocalRules = false

    @Option(name: [.short, .long], help: "The HTML file to write.")
    var output: String

    @Flag(help: "Report around lines that are not valid records instead of failing with status 2.")
    var allowSkippedLines = false

    func validate() throws {
        // The page is HTML whatever the file is called: a name that asks for another format is a mistake.
        if let named = ReportFormat.implied(byFile: output), named != .html {
            throw ValidationError(
                "lifeline report writes an HTML page, and -o \(output) names a \(named.rawValue) file: for that format, run 'lifeline check -o \(output)'"
            )
        }
    }

    @OptionGroup var interchange: InterchangeArguments

    func run() throws {
        let decoding = try interchange.options()
        let report: CheckReport
        do {
            let loaded = try CheckRun.load(rules, rulesDirectory: noLocalRules ? nil : "rules")
            let inputs = paths.isEmpty ? [db ?? TraceStore.defaultPath] : paths + (db.map { [$0] } ?? [])
            if paths.isEmpty, !FileManager.default.fileExists(atPath: inputs[0]) {
                printError(
                    Diagnostic(.error, file: inputs[0], "no such database; give trace files or run 'lifeline import' first").description)
                throw ExitCode(2)
            }
            var options = CheckOptions()
            options.allowSkippedLines = allowSkippedLines
            options.timelines = true
            options.shape = interchange.shape
            options.interchange = decoding
            report = CheckRun.check(inputs, rules: loaded.rules, sources: loaded.sources, options: options)
        } catch let error as CheckRunError {
            printError(error.description)
            throw ExitCode(2)
        }
        do {
            try ReportFile.write(ReportFormat.html.render(report), to: output)
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        for diagnostic in report.diagnostics { printError(diagnostic.rendered(escaping: true)) }
        let timelines = report.timelines?.launches.count ?? 0
        print("\(report.summaryLine)\nwrote \(output) (\(timelines) launch \(timelines == 1 ? "timeline" : "timelines"))")
        if report.status(.standard) == .inputError { throw ExitCode(2) }
    }
}
