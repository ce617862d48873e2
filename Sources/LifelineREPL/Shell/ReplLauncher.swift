import Foundation
import LifelineFormat
import LifelineReports
import LifelineStore
import LifelineTerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts `lifeline repl` as the command line asks: picks or builds the
/// database, the line reader (readline at a terminal, standard input
/// otherwise) and the Ctrl-C handling, runs the shell and cleans up.
package enum ReplLauncher {
    /// What the command line asks for, as sqlite3's options (``ReplCommandLine`` reads them).
    package struct Options: Equatable, Sendable {
        /// A change to the output an option makes (`-csv`, `-header`, `-separator ;`, ...).
        package enum FormatChange: Equatable, Sendable {
            case mode(OutputMode)
            case headers(Bool)
            case columnSeparator(String)
            case rowSeparator(String)
            case nullText(String)
            case escape(ControlEscape)
        }

        /// What options do at the start, in the order they were given.
        package enum Action: Equatable, Sendable {
            case format(FormatChange)
            /// `-cmd`: SQL or a dot-command.
            case command(String)
            /// `-echo`: print each command before running it.
            case echo
        }

        /// A database (default `lifeline.db`), or traces (a directory, `*.ndjson`, `*.jsonl`) to import
        /// first into ``importDatabase``, or into a temporary database removed at the end.
        package var database: String?
        /// `--db`: where to import traces the database argument names.
        package var importDatabase: String?
        /// SQL or dot-commands to run in order, then exit without reading standard input.
        package var commands: [String] = []
        /// Output options and `-cmd`, in order, before the commands or standard input.
        package var actions: [Action] = []
        /// `-bail`: stop at the first error.
        package var bail = false
        /// `-batch`: standard input is a script even at a terminal, and results print as in one.
        package var batch = false
        /// How long one SQL statement may run (`--statement-time`).
        package var statementTimeLimit = StatementTimeLimit.automatic

        package init(database: String? = nil, commands: [String] = [], actions: [Action] = []) {
            self.database = database
            self.commands = commands
            self.actions = actions
        }
    }

    /// Runs a session and returns the exit status: 0; 1 when a scripted command failed (or the
    /// status `.exit N` gave); 2 on usage errors.
    package static func run(_ options: Options, environment: [String: String]) -> Int32 {
        let target = options.database ?? TraceStore.defaultPath
        let database = options.importDatabase
        let errors = FileDescriptorSink.standardError
        var configuration = ReplConfiguration(databasePath: target, environment: environment)
        configuration.statementTimeLimit = options.statementTimeLimit
        let interactiveInput = isatty(STDIN_FILENO) != 0 && !options.batch
        if options.batch || (!interactiveInput && isatty(STDOUT_FILENO) == 0) {
            // sqlite3's batch defaults, so `echo 'SELECT count(*) FROM event;' | lifeline repl > n.txt` writes a number;
            // with either end a terminal (and no -batch), sqlite3 3.53 prints for a person.
            configuration.format = OutputFormat(mode: .list)
        }
        var temporary: String?
        if isTraces(target) {
            let databasePath = database ?? NSTemporaryDirectory() + "lifeline-repl-\(getpid())-\(UUID().uuidString).db"
            if database == nil { temporary = databasePath }
            guard importTraces(target, into: databasePath, errors: errors, environment: environment) else {
                removeDatabase(temporary)
                return 2
            }
            configuration.databasePath = databasePath
            configuration.databaseLabel = database == nil ? "\(target) (temporary database)" : databasePath
        } else if database != nil {
            errors.write("error: --db names where to import traces; '\(TerminalText.escape(target))' is a database\n")
            return 2
        }
        defer { removeDatabase(temporary) }

        let interrupt = InterruptSignal()
        let shell: ReplShell
        do {
            shell = try ReplShell(
                configuration: configuration, output: FileDescriptorSink.standardOutput,
                errors: errors, interrupt: interrupt)
        } catch {
            let hint =
                error == .noSuchDatabase(path: target)
                ? " (import traces first: 'lifeline import TRACES' or 'lifeline repl TRACES/')" : ""
            errors.write("error: \(TerminalText.escape(error.description))\(hint)\n")
            return 2
        }
        shell.bail = options.bail
        var commandIndex = 0
        for action in options.actions where !shell.quitRequested {
            switch action {
            case .format(let change): shell.apply(change)
            case .echo: shell.echo = true
            case .command(let command):
                commandIndex += 1
                shell.run(reader: StreamLineReader(text: command + "\n", name: "<-cmd \(commandIndex)>"))
            }
        }
        if !options.commands.isEmpty {
            // As sqlite3: each argument in turn, and the first that fails ends the session.
            for (index, command) in options.commands.enumerated() where !shell.quitRequested {
                let failures = shell.errorCount
                shell.run(reader: StreamLineReader(text: command + "\n", name: "<argument \(index + 1)>"))
                if shell.errorCount > failures { break }
            }
            return shell.exitStatus
        }
        if shell.quitRequested { return shell.exitStatus }
        if interactiveInput {
            let reader = ReadlineLineReader(
                historyPath: ReadlineLineReader.defaultHistoryPath(environment: environment), interrupt: interrupt,
                catalog: { [unowned shell] in shell.completionCatalog })
            FileDescriptorSink.standardOutput.write(shell.banner + "\n")
            shell.run(reader: reader)
            return shell.exitStatus
        }
        shell.run(reader: StreamLineReader(fileDescriptor: STDIN_FILENO))
        return shell.exitStatus
    }

    /// Whether `path` names traces rather than a database: a directory, a `*.ndjson`/`*.jsonl`
    /// name, or an existing file that is not a SQLite database (a log `lifeline import` reads).
    static func isTraces(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return path.hasSuffix(".ndjson") || path.hasSuffix(".jsonl")
        }
        return isDirectory.boolValue || path.hasSuffix(".ndjson") || path.hasSuffix(".jsonl") || !TraceStore.isDatabase(atPath: path)
    }

    private static func importTraces(
        _ path: String, into databasePath: String, errors: OutputSink, environment: [String: String]
    ) -> Bool {
        let expanded = TracePaths.expand([path])
        for error in expanded.errors { errors.write(TerminalText.escape(error.description) + "\n") }
        guard expanded.errors.isEmpty else { return false }
        do {
            let store = try TraceStore(path: databasePath)
            let summary = TraceImporter(store: store).importPaths([path]) { diagnostic in
                errors.write(ReplShell.rendered(diagnostic, for: errors, environment: environment) + "\n")
            }
            for file in summary.files {
                if case .failed = file.outcome, let message = ImportReport.message(for: file, escaping: true) {
                    errors.write(message.text + "\n")
                }
            }
            return true
        } catch {
            errors.write(TerminalText.escape(error.description) + "\n")
            return false
        }
    }

    private static func removeDatabase(_ path: String?) {
        guard let path else { return }
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
    }
}
