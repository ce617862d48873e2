import ArgumentParser
import Foundation
import LifelineCore
import LifelineREPL
import LifelineStore

/// `lifeline repl`: the interactive shell over a database of traces.
///
/// Its arguments are sqlite3's, read as sqlite3 3.53 reads them (``ReplCommandLine``): options in
/// any order, one dash or two, acting in the order given. ArgumentParser would read an unknown
/// `-batch` as `-b -a -t -c -h` and print the help with status 0, a silent success in CI; so it
/// only passes them through.
struct Repl: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Investigate traces interactively: SQL, timelines, rule checks, sqlite3-style dot-commands.",
        usage: "lifeline repl [OPTIONS] [DB|TRACES] [COMMAND ...]",
        discussion: """
            Opens DB (default lifeline.db) read-only, or imports traces first when given a directory or \
            *.ndjson/*.jsonl file (into --db, else a temporary database). At a terminal: readline editing, \
            history in ~/.lifeline_history (LIFELINE_HISTORY), tab completion, .help, results in a table \
            (qbox, as sqlite3 3.53). With standard input not a terminal, runs it as a script: no prompts, \
            exit 1 if a command failed (or the status .exit N gives); results in sqlite3's list mode \
            without headers when standard output is not a terminal either. COMMANDs after DB (SQL or \
            .commands, as in sqlite3) run in order until one fails, then the shell exits without reading \
            standard input. SQL from a script (standard input that is not a terminal, COMMANDs, -cmd, \
            .read, .query) is untrusted: a statement stops with an error after 60 s unless \
            --statement-time says otherwise; SQL typed at the prompt has no limit (Ctrl-C interrupts it).

            Options, as sqlite3's (one dash or two; output options act in the order given):
              -ascii -box -column -csv -html -json -line -list -markdown -quote -table -tabs
                                     print results in that mode (as .mode)
              -header, -noheader     show or hide column names (the last one given wins)
              -separator SEP         the column separator (as .separator)
              -newline SEP           the row separator
              -nullvalue TEXT        how NULL prints (as .nullvalue)
              -escape ascii|symbol|off
                                     how control characters in results print: ^[ (the default), \
            ␛, or as they are (off: the one way to export them byte for byte)
              -cmd COMMAND           run COMMAND (SQL or a dot-command) first; may repeat
              -bail                  stop at the first error (as .bail on)
              -batch                 read standard input as a script even at a terminal
              -echo                  print each command before running it (as .echo on)
              -readonly              accepted: the database is always read-only
              -version               print SQLite's version
              --db PATH              the database to import traces into (default: a temporary one)
              --statement-time SECONDS|off
                                     how long one SQL statement may run, typed or from a script \
            (default: 60 s for SQL from a script, no limit at the prompt)
              --                     nothing after it is an option

            The database is always read-only: SQL may create and change TEMP tables only. To write \
            it, import traces ('lifeline import', or .import in the shell) and check rules \
            ('lifeline check DB', or .check, which stores its findings); to edit the file by hand, use sqlite3.
            """,
        helpNames: [.long])

    @Argument(
        parsing: .captureForPassthrough,
        help: ArgumentHelp("Options, the database (or traces), then SQL or dot-commands.", valueName: "argument"))
    var arguments: [String] = []

    func run() throws {
        let request: ReplCommandLine.Request
        do {
            request = try ReplCommandLine.parse(arguments)
        } catch {
            FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
            throw ExitCode(2)
        }
        switch request {
        case .help:
            print(Lifeline.helpMessage(for: Repl.self))
        case .version:
            print("SQLite \(SQLText.libraryVersion)\nlifeline \(LifelineVersion.current)")
        case .run(let options):
            let status = ReplLauncher.run(options, environment: ProcessInfo.processInfo.environment)
            if status != 0 { throw ExitCode(status) }
        }
    }
}
