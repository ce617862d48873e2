import ArgumentParser
import LifelineFormat

/// `lifeline validate`: checks trace files against format v1.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check trace files against trace format v1 and print located diagnostics.",
        discussion: "Exits 0 when no file has an error, 1 when any has, 2 when a file cannot be read.")

    @Argument(help: "Trace files (NDJSON) to check.")
    var files: [String]

    @Flag(help: "Print only diagnostics, not the per-file summary.")
    var quiet = false

    func run() throws {
        var failed = false
        var unreadable = false
        for file in files {
            do {
                let report = try TraceValidator.validate(path: file)
                for diagnostic in report.diagnostics { printError(diagnostic.rendered(file: file)) }
                if !quiet {
                    print(
                        "\(file): \(report.launches) launches, \(report.events) events, "
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
