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
            history in ~/.lifeline_history (LIFELINE_HISTORY), tab completion, .help, results in tables. \
            With standard input not a terminal, runs it as a script: no prompts, sqlite3's list mode \
            without headers, exit 1 if a command failed. COMMANDs after DB (SQL or .commands, as in \
            sqlite3) run in order, then the shell exits without reading standard input. SQL from a script \
            (standard input that is not a terminal, COMMANDs, -cmd, .read, .query) is untrusted: a statement \
            stops with an error after 60 s unless --statement-time says otherwise; SQL typed at the prompt \
            has no limit (Ctrl-C interrupts it).

            The database is always read-only (-readonly is accepted for sqlite3's sake): SQL may create \
            and change TEMP tables only. To write it, import traces ('lifeline import', or .import in the \
            shell) and check rules ('lifeline check DB', or .check, which stores its findings); to edit \
            the file by hand, use sqlite3.
            """)

    @Argument(help: "The database, or traces to import first.")
    var path: String?

    @Argument(help: ArgumentHelp("SQL or dot-commands to run, in order, before exiting.", valueName: "command"))
    var commands: [String] = []

    @Option(help: "The database to import traces into (default: a temporary one).")
    var db: String?

    @Option(
        help: ArgumentHelp(
            "How long one SQL statement may run, typed or from a script: seconds, or off (default: 60 s for SQL from a script, no limit at the prompt).",
            valueName: "seconds|off"))
    var statementTime: String?

    @Option(
        name: .customLong("cmd", withSingleDash: true),
        help: ArgumentHelp("Run COMMAND (SQL or a dot-command) before the rest; may repeat.", valueName: "command"))
    var initialCommands: [String] = []

    @Flag(name: .customLong("bail", withSingleDash: true), help: "Stop at the first error (as .bail on).")
    var bail = false

    @Flag(help: "Print results in this mode (as .mode).")
    var mode: ModeFlag?

    @Flag(help: "Show (-header) or hide (-noheader) column names.")
    var header: HeaderFlag?

    @Flag(
        name: .customLong("readonly", withSingleDash: true),
        help: "Open the database read-only: the default, and the only way (see the discussion above).")
    var readOnly = false

    /// `-csv`, `-json`, ... as sqlite3 spells them.
    enum ModeFlag: String, EnumerableFlag {
        case box, column, csv, html, insert, json, line, list, markdown, quote, table, tabs

        static func name(for value: ModeFlag) -> NameSpecification { .customLong(value.rawValue, withSingleDash: true) }
    }

    /// `-header`, `-noheader`.
    enum HeaderFlag: String, EnumerableFlag {
        case header, noheader

        static func name(for value: HeaderFlag) -> NameSpecification { .customLong(value.rawValue, withSingleDash: true) }
    }

    func validate() throws {
        if let statementTime, StatementTimeLimit(parsing: statementTime) == nil {
            throw ValidationError(
                "--statement-time: expected seconds (more than 0, at most 1000000) or 'off', not '\(statementTime)'")
        }
    }

    func run() throws {
        var options = ReplLauncher.Options()
        options.commands = commands
        options.initialCommands = initialCommands
        options.bail = bail
        if let mode { options.mode = mode.rawValue }
        if let header { options.headers = header == .header }
        options.statementTimeLimit = statementTime.flatMap(StatementTimeLimit.init(parsing:)) ?? .automatic
        let status = ReplLauncher.run(path: path, database: db, options: options, environment: ProcessInfo.processInfo.environment)
        if status != 0 { throw ExitCode(status) }
    }
}
