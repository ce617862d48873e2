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
    /// What the command line asks for besides the database, as sqlite3's options.
    package struct Options: Sendable {
        /// SQL or dot-commands to run in order, then exit without reading standard input.
        package var commands: [String] = []
        /// `-cmd`: run first, before the commands or standard input.
        package var initialCommands: [String] = []
        /// `-bail`: stop at the first error.
        package var bail = false
        /// `-csv`, `-json`, ...: a mode name `.mode` takes.
        package var mode: String?
        /// `-header` / `-noheader`.
        package var headers: Bool?
        /// How long one SQL statement may run (`--statement-time`).
        package var statementTimeLimit = StatementTimeLimit.automatic

        package init() {}
    }

    /// Runs a session and returns the exit status: 0; 1 when a scripted command failed; 2 on usage errors.
    ///
    /// - Parameters:
    ///   - path: A database (default `lifeline.db`), or traces (a directory, `*.ndjson`, `*.jsonl`) to
    ///     import first into `database`, or into a temporary database removed at the end.
    ///   - database: Where to import `path` when it names traces.
    package static func run(path: String?, database: String?, options: Options = Options(), environment: [String: String]) -> Int32 {
        let target = path ?? TraceStore.defaultPath
        let errors = FileDescriptorSink.standardError
        var configuration = ReplConfiguration(databasePath: target, environment: environment)
        configuration.statementTimeLimit = options.statementTimeLimit
        if isatty(STDIN_FILENO) == 0 || !options.commands.isEmpty {
            // A script: sqlite3's defaults, so `echo 'SELECT count(*) FROM event;' | lifeline repl` prints a number.
            configuration.mode = .list
            configuration.headers = false
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
        if let mode = options.mode {
            do {
                try shell.setMode(mode)
                // sqlite3's `-csv` sets the mode and the column separator but keeps the row separator
                // (`\n`), where `.mode csv` switches rows to RFC 4180's `\r\n` (shell.c, main's option loop).
                if mode == "csv" { shell.rowSeparator = "\n" }
            } catch {
                errors.write("error: \(TerminalText.escape(error.description))\n")
                return 2
            }
        }
        if let headers = options.headers { shell.headers = headers }
        var status: Int32 = 0
        for (index, command) in options.initialCommands.enumerated() where !shell.quitRequested {
            status = max(status, shell.run(reader: StreamLineReader(text: command + "\n", name: "<-cmd \(index + 1)>")))
        }
        if !options.commands.isEmpty {
            for (index, command) in options.commands.enumerated() where !shell.quitRequested {
                status = max(status, shell.run(reader: StreamLineReader(text: command + "\n", name: "<argument \(index + 1)>")))
            }
            return status
        }
        if shell.quitRequested { return status }
        if isatty(STDIN_FILENO) != 0 {
            let reader = ReadlineLineReader(
                historyPath: ReadlineLineReader.defaultHistoryPath(environment: environment), interrupt: interrupt,
                catalog: { [unowned shell] in shell.completionCatalog })
            FileDescriptorSink.standardOutput.write(shell.banner + "\n")
            return max(status, shell.run(reader: reader))
        }
        return max(status, shell.run(reader: StreamLineReader(fileDescriptor: STDIN_FILENO)))
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
