import ArgumentParser
import LifelineCheck
import LifelineFormat
import LifelineReports
import LifelineRules
import LifelineStore
import LifelineTerminal

/// `lifeline export`: traces or a database as a Perfetto / Chrome trace (or as NDJSON).
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export traces or a database for Perfetto UI and chrome://tracing.",
        discussion: """
            PATHs are trace files, directories (searched recursively for *.ndjson and *.jsonl) or Lifeline \
            databases; with none, the database given by --db (default lifeline.db). --format chrome writes the \
            Trace Event Format (JSON): one process per launch, a track per scene session and one for the app, \
            scene state as slices, and the findings of the rules (as lifeline check loads them) as instants on \
            the tracks they concern. --format ndjson writes trace format v1, for example of an imported log. \
            Open the JSON at https://ui.perfetto.dev or chrome://tracing (docs/interchange.md). Exit status: \
            0 written, 2 on a usage or input error (then nothing is written).
            """)

    @Argument(help: "Trace files, directories or databases.")
    var paths: [String] = []

    @Option(help: "A database to export (when no PATH is given).")
    var db: String?

    @Option(help: "Output format: chrome or ndjson. Default: the one -o's extension names (.json chrome, .ndjson or .jsonl), else chrome.")
    var format: ExportFormat?

    @Option(
        name: [.short, .long], help: "Write to FILE instead of standard output, in the format its extension names unless --format says.")
    var output: String?

    @Option(name: .customLong("rules"), help: CheckArguments.rulesHelp)
    var rules: [String] = []

    @Flag(help: "Do not load ./rules/*.rules: only the built-in catalogs, or what --rules names.")
    var noLocalRules = false

    @Flag(help: "Draw no findings: export the events only.")
    var noCheck = false

    @Option(
        help: ArgumentHelp(
            "The callbacks traces record when their launch records do not say (comma-separated names), as check takes them.",
            valueName: "CALLBACK,..."))
    var records: String?

    @OptionGroup var interchange: InterchangeArguments

    func validate() throws {
        do {
            _ = try ExportFormat.chosen(format, output: output, default: .chrome)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        // `--format`, or the format `-o`'s extension names, or chrome; validate() refused a contradiction.
        let format = (try? ExportFormat.chosen(format, output: output, default: .chrome)) ?? .chrome
        let inputs = paths.isEmpty ? [db ?? TraceStore.defaultPath] : paths + (db.map { [$0] } ?? [])
        let loaded: RuleSet?
        do {
            loaded = noCheck || format == .ndjson ? nil : try CheckRun.load(rules, rulesDirectory: noLocalRules ? nil : "rules").rules
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        let result = ExportRun.export(
            inputs, rules: loaded, shape: interchange.shape, interchange: try interchange.options(), declaring: try declaredRecords(records)
        )
        for diagnostic in result.diagnostics { printError(diagnostic.rendered(escaping: true)) }
        if !result.errors.isEmpty { throw ExitCode(2) }
        let text = String(decoding: format.encode(result), as: UTF8.self)
        if let output {
            do {
                try ReportFile.write(text, to: output)
            } catch {
                printError(error.description)
                throw ExitCode(2)
            }
            let events = result.launches.reduce(0) { $0 + $1.events.count }
            printError(
                "exported \(result.launches.count) launch\(result.launches.count == 1 ? "" : "es"), \(events) event\(events == 1 ? "" : "s")"
                    + (loaded == nil ? "" : ", \(result.findings) finding\(result.findings == 1 ? "" : "s")") + " to \(output)")
        } else {
            print(text, terminator: "")
        }
    }
}

extension ExportFormat: ExpressibleByArgument {}
