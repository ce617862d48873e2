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
            not a terminal, runs it as a script: no prompts, exit 1 if a command failed. SQL from a script \
            (standard input that is not a terminal, .read, .query) is untrusted: a statement stops with an \
            error after 60 s unless --statement-time says otherwise; SQL typed at the prompt has no limit \
            (Ctrl-C interrupts it).
            """)

    @Argument(help: "The database, or traces to import first.")
    var path: String?

    @Option(help: "The database to import traces into (default: a temporary one).")
    var db: String?

    @Option(
        help: ArgumentHelp(
            "How long one SQL statement may run, typed or from a script: seconds, or off (default: 60 s for SQL from a script, no limit at the prompt).",
            valueName: "seconds|off"))
    var statementTime: String?

    func validate() throws {
        if let statementTime, StatementTimeLimit(parsing: statementTime) == nil {
            throw ValidationError(
                "--statement-time: expected seconds (more than 0, at most 1000000) or 'off', not '\(statementTime)'")
        }
    }

    func run() throws {
        let status = ReplLauncher.run(
            path: path, database: db, statementTimeLimit: statementTime.flatMap(StatementTimeLimit.init(parsing:)) ?? .automatic,
            environment: ProcessInfo.processInfo.environment)
        if status != 0 { throw ExitCode(status) }
    }
}
