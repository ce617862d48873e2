import ArgumentParser
import LifelineFormat
import LifelineTerminal

/// `lifeline validate`: checks trace files against format v1.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check trace files against trace format v1, and logs as import reads them; print located diagnostics.",
        discussion: """
            A Lifeline trace is checked against format v1; console text, a unified log or a Chrome trace is \
            decoded as lifeline import and check decode it (the shape decided by content, or --from), and \
            what cannot be read is located. Exits 0 when no file has an error, 1 when any has, 2 when a file \
            cannot be read.
            """)

    @Argument(help: "Trace files or logs to check.")
    var files: [String]

    @Flag(help: "Print only diagnostics, not the per-file summary.")
    var quiet = false

    @OptionGroup var interchange: InterchangeArguments

    func run() throws {
        var failed = false
        var unreadable = false
        let options = try interchange.options()
        for file in files {
            do {
                let report = try TraceValidator.validate(path: file, shape: interchange.shape, options: options)
                for diagnostic in report.diagnostics { printError(diagnostic.in(file: file).rendered(escaping: true)) }
                if !quiet {
                    let shape = report.shape == .native ? "" : "read as \(report.shape.title), "
                    let skipped = report.shape == .native ? "" : "\(report.skipped) lines naming no callback skipped, "
                    print(
                        "\(file): \(shape)\(report.launches) launches, \(report.events) events, \(skipped)"
                            + "\(report.errorCount) errors, \(report.warningCount) warnings")
                }
                failed = failed || report.errorCount > 0
            } catch {
                printError(error.description)
                unreadable = true
            }
        }
        if unreadable { throw ExitCode(2) }
        if failed { throw ExitCode(1) }
    }
}
