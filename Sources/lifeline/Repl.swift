import ArgumentParser
import Foundation
import LifelineREPL

/// `lifeline repl`: the interactive shell over a database of traces.
struct Repl: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Investigate traces interactively: SQL, timelines, rule checks, sqlite3-style dot-commands.",
        discussion: """
            Opens DB (default lifeline.db) read-only, or imports traces first when given a directory or \
            *.ndjson/*.jsonl file (into --db, else a temporary database). At a terminal: readline editing, \
            history in ~/.lifeline_history (LIFELINE_HISTORY), tab completion, .help. With standard input \
            not a terminal, runs it as a script: no prompts, exit 1 if a command failed.
            """)

    @Argument(help: "The database, or traces to import first.")
    var path: String?

    @Option(help: "The database to import traces into (default: a temporary one).")
    var db: String?

    func run() throws {
        let status = ReplLauncher.run(path: path, database: db, environment: ProcessInfo.processInfo.environment)
        if status != 0 { throw ExitCode(status) }
    }
}
