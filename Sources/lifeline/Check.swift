import ArgumentParser
import Foundation
import LifelineCheck
import LifelineFormat
import LifelineReports
import LifelineRules
import LifelineStore
import LifelineTerminal

/// `lifeline check`: rule checks for a terminal or CI.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check traces against lifecycle rules; fail CI on violations.",
        discussion: """
            PATHs are trace files, directories (searched recursively for *.ndjson and *.jsonl), Lifeline \
            databases, or '-' for one trace on standard input (named by --stdin-name; --names names files); with none, the database given by --db (default lifeline.db) is checked. \
            A file that is not a Lifeline trace (console text, a unified log, a Chrome trace) is decoded as \
            'lifeline import' decodes it, its shape decided by content or named by --from (standard input is \
            a Lifeline trace unless --from says otherwise); see docs/interchange.md. Rules default to \
            the built-in catalogs (each rule applies to launches of its life cycle) plus ./rules/*.rules \
            (--no-local-rules leaves those out); every report names its rule sources. Checking a database also \
            stores the findings in its violation table.

            Exit status: 0 when no finding fails the check, 1 when one does (a violation at or above --fail-on, \
            or a pending one with --pending fail), 2 on a usage or input error: a path that does not exist, a \
            directory without traces, an unreadable file, a line that is not a valid record (unless \
            --allow-skipped-lines), a trace without a launch record, a database that is not Lifeline's, or no \
            events at all. Input errors are in the report in every format. See docs/rules.md#exit-status.
            """)

    @Argument(help: "Trace files, directories or databases; '-' for one trace on standard input.")
    var paths: [String] = []

    @Option(
        name: .customLong("stdin-name"),
        help: "The name findings and diagnostics give the trace read from standard input ('-'), such as its original path.")
    var stdinName: String?

    @Option(
        help: ArgumentHelp(
            """
            A JSON object naming trace files ({"local/copy.ndjson": "s3a://bucket/original.ndjson"}): findings, launch \
            keys and diagnostics name each file that is a key by its value, as --stdin-name names standard input.
            """,
            valueName: "file"))
    var names: String?

    @Option(help: "A database to check (when no PATH is given).")
    var db: String?

    @Option(
        help: """
            Output format: text, json, jsonl (one JSON object per line), junit, sarif, github or html (a page with \
            timelines, see docs/report.md). Default: the one -o's extension names (.json, .jsonl or .ndjson, .xml for \
            junit, .sarif, .html), else text.
            """
    )
    var format: ReportFormat?

    @Option(
        name: [.short, .long],
        help: "Write the report to FILE instead of standard output, in the format its extension names unless --format says.")
    var output: String?

    @OptionGroup var checking: CheckArguments

    @OptionGroup var interchange: InterchangeArguments

    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "Check up to N inputs at once (a trace file with its rotated parts, a database); the report is the same for any N. Default: one per core.",
            valueName: "N"))
    var jobs: Int?

    func validate() throws {
        do {
            _ = try ReportFormat.chosen(format, output: output, default: .text)
        } catch {
            throw ValidationError(error.description)
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs needs at least 1") }
        if let stdinName {
            guard paths.contains("-") else { throw ValidationError("--stdin-name names standard input: give '-' as a PATH") }
            guard !stdinName.isEmpty else { throw ValidationError("--stdin-name needs a name") }
        }
    }

    func run() throws {
        // `--format`, or the format `-o`'s extension names, or text (``OutputFormat``); validate() refused a contradiction.
        let format = (try? ReportFormat.chosen(format, output: output, default: .text)) ?? .text
        let gate = checking.gate
        let declared = try checking.declared()
        let decoding = try interchange.options()
        var labels: [String: String] = [:]
        if let names {
            guard let read = Self.names(in: names) else { throw ExitCode(2) }
            labels = read
        }
        let report: CheckReport
        var printed = false
        do {
            let loaded = try checking.loadRules()
            let inputs = paths.isEmpty ? [db ?? TraceStore.defaultPath] : paths + (db.map { [$0] } ?? [])
            if paths.isEmpty, !FileManager.default.fileExists(atPath: inputs[0]) {
                report = CheckReport(errors: [
                    Diagnostic(
                        .error, file: inputs[0], "no such database; give trace files or run 'lifeline import' first")
                ])
            } else {
                var options = CheckOptions()
                options.allowSkippedLines = checking.allowSkippedLines
                options.records = declared
                options.standardInputName = stdinName
                options.names = labels
                options.timelines = format == .html
                options.shape = interchange.shape
                options.interchange = decoding
                options.jobs = jobs
                report = CheckRun.check(inputs, rules: loaded.rules, sources: loaded.sources, options: options)
            }
        } catch {
            // Rules that do not load: the excerpts with carets for a person, the located errors in the report.
            printError(error.description)
            printed = true
            report = CheckReport(errors: error.diagnostics)
        }
        let text = format.render(report, gate: gate)
        if let output {
            do {
                try ReportFile.write(text, to: output)
            } catch {
                printError(error.description)
                throw ExitCode(2)
            }
        } else {
            print(text, terminator: "")
        }
        // A report for a machine (or in a file): the input problems and the summary still show in the CI log.
        if output != nil || format != .text, !printed {
            for diagnostic in report.diagnostics { printError(diagnostic.rendered(escaping: true)) }
        }
        if output != nil { print(report.summaryLine) }
        let status = report.status(gate)
        if status != .passed { throw ExitCode(status.exitCode) }
    }
}

extension Check {
    /// The `--names` file: path to name; nil, after printing a located error, when it cannot be read or is
    /// not a JSON object of strings.
    static func names(in path: String) -> [String: String]? {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError(Diagnostic(.error, file: path, "cannot read the --names file").description)
            return nil
        }
        guard let names = try? JSONDecoder().decode([String: String].self, from: data) else {
            printError(
                Diagnostic(
                    .error, file: path,
                    "--names wants a JSON object of strings, each trace file's path to its name: {\"copy.ndjson\": \"s3a://b/a.ndjson\"}"
                ).description)
            return nil
        }
        return names
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
