import ArgumentParser
import LifelineDemo
import LifelineStore
import LifelineSupport

/// `lifeline demo`: the README's main command (the work is ``DemoRun``).
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Simulate sample scenarios with the real recorder, import them and query them.",
        discussion: """
            Writes traces to demo-traces/ (beside the sample traces in traces/, not among them) and imports them into lifeline.db (running it again adds nothing: \
            the traces are deterministic). Exits 0 when every step ran, 2 when one could not (a file that cannot be \
            written, a database that is not Lifeline's).
            """)

    @Option(name: [.short, .long], help: "Directory to write the demo traces into.")
    var output = DemoRun.defaultTraceDirectory

    @Option(help: "The database file.")
    var db = TraceStore.defaultPath

    @Option(help: "Seed for the simulated timings and ids.")
    var seed: UInt64 = 1

    func run() throws {
        do {
            let command = CommandSpelling.current(named: "lifeline")
            _ = try DemoRun(traceDirectory: output, databasePath: db, seed: seed, command: command).run { print($0, terminator: "") }
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
    }
}
