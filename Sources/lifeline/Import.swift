import ArgumentParser
import Foundation
import LifelineFormat
import LifelineReports
import LifelineStore
import LifelineTerminal

/// `lifeline import`: trace files into the SQLite database.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import trace files into a Lifeline database (SQLite).",
        discussion: """
            PATHs are files, directories (searched recursively for *.ndjson and *.jsonl) or - for standard input. \
            Each file's shape is decided by its content: a Lifeline trace, console text (print(#function) lines, \
            Xcode's console, device logs), a unified log (log show/stream --style ndjson or json) or Chrome trace \
            JSON; --from names it instead (docs/interchange.md). \
            Importing the same content again adds nothing; a file that grew imports only its new lines. Each file \
            is one transaction. Exits 0 when every file imported (skipped lines are reported), 1 when a file \
            failed, 2 on usage or input errors (a path that does not exist, a directory without traces, a \
            database that is not Lifeline's): then nothing is imported and no database is created.
            """)

    @Argument(help: "Trace files, directories, or - for standard input.")
    var paths: [String]

    @Option(help: "The database file.")
    var db = TraceStore.defaultPath

    @Flag(help: "Fail a whole file on any malformed line or out-of-order event.")
    var strict = false

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    @Option(
        help: ArgumentHelp(
            "The callbacks the traces record when their launch records do not say (comma-separated names), stored with each launch.",
            valueName: "callback,..."))
    var records: String?

    @OptionGroup var interchange: InterchangeArguments

    func run() throws {
        let declared = try declaredRecords(records)
        let decoding = try interchange.options()
        let expanded = TracePaths.expand(paths)
        for error in expanded.errors { printError(error.description) }
        if !expanded.errors.isEmpty { throw ExitCode(2) }
        let store: TraceStore
        do {
            store = try TraceStore(path: db)
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        let bar = !quiet && isatty(STDERR_FILENO) != 0 ? ImportProgressBar(write: writeError) : nil
        let summary = TraceImporter(store: store).importPaths(
            paths,
            options: ImportOptions(
                strict: strict, records: declared, shape: interchange.shape, interchange: decoding),
            diagnostics: { diagnostic in
                bar?.finish()
                if !quiet || diagnostic.severity == .error { printError(diagnostic.rendered(escaping: true)) }
            },
            progress: bar.map { bar in { bar.update(file: $0, bytesRead: $1, fileSize: $2, events: $3) } })
        bar?.finish()
        if !quiet {
            for file in summary.files {
                guard let message = ImportReport.message(for: file, escaping: true) else { continue }
                if message.isFailure { printError(message.text) } else { print(message.text) }
            }
            print(ImportReport.summaryLine(summary) + " into \(db)")
        } else {
            for file in summary.files { if case .failed(let diagnostic) = file.outcome { printError(diagnostic.rendered(escaping: true)) } }
        }
        if summary.failures > 0 { throw ExitCode(1) }
    }
}
