import Foundation
import LifelineFormat
import LifelineReports
import LifelineRules
import LifelineStore
import LifelineTerminal

/// The interactive shell over a Lifeline database: SQL, sqlite3-style dot-commands, lifecycle and rule commands.
///
/// The shell reads lines from a ``LineReader`` and writes to ``OutputSink``s,
/// so the same session runs at a terminal (readline), from a pipe, or in a
/// test with a string in and a transcript out:
///
/// ```swift
/// let sink = TextSink()
/// let shell = try ReplShell(configuration: .init(databasePath: "lifeline.db"), output: sink, errors: sink)
/// let status = shell.run(reader: StreamLineReader(text: ".launches\n", name: "session"))
/// ```
///
/// SQL runs on a read-only connection (``ReplDatabase``); a statement may span
/// lines and ends at `;`. A line starting with `.` is a dot-command from the
/// ``registry``. No input ends the session but `.quit` and the end of input.
package final class ReplShell {
    package let configuration: ReplConfiguration
    package private(set) var registry: ReplCommandRegistry
    /// Ids of the loaded rules, offered by tab completion (``ReplCompletion/ruleIDs``).
    package var ruleIDs: [String] = [] { didSet { catalogCache = nil } }
    /// The rules `.check` runs and `.rules` lists: the defaults, then what `.load` added.
    /// Nil while the defaults do not load (a `rules/*.rules` that does not parse).
    var loadedRules: RuleSet? { didSet { ruleIDs = Self.ids(of: loadedRules) } }
    /// What `.violations` and `.explain` show.
    var checkState = CheckState.unchecked
    /// The timeline `.timeline` showed a page of, for `.more`.
    var timelinePager: TimelinePager?

    let database: ReplDatabase
    let interrupt: InterruptSignal?
    let standardOutput: OutputSink
    let errors: OutputSink

    /// What `.mode`, `.headers`, `.nullvalue`, `.separator` and `.width` set.
    var format: OutputFormat
    // `.timer`, `.limit`
    var timer = false
    // `.echo`, `.bail`, `.changes`, `.eqp`, `.parameter`
    var echo = false
    var bail = false
    var countChanges = false
    var eqp = false
    var explain = ExplainSetting.auto
    /// Values bound to named parameters (`:name`), by name with its prefix.
    var parameters: [String: SQLValue] = [:]
    var statementTimeLimit: StatementTimeLimit

    /// `.output FILE`, until `.output` alone.
    var redirectedOutput: OutputSink?
    /// `.once FILE`, for the next command only.
    var onceOutput: OutputSink?
    private var onceIsFresh = false

    var quitRequested = false
    /// `.exit N`: the status the session ends with, whatever failed before.
    var requestedStatus: Int32?
    private(set) var errorCount = 0
    /// Whether a command no person typed failed (a script, a command-line argument, `-cmd`).
    private(set) var scriptFailed = false
    /// The readers being read, innermost last (`.read` nests).
    private var readers: [LineReader] = []
    private var catalogCache: CompletionCatalog?

    /// Where results go now: `.once`, else `.output`, else standard output.
    var output: OutputSink { onceOutput ?? redirectedOutput ?? standardOutput }

    /// Opens the database read-only. `interrupt` (for the command line) makes Ctrl-C interrupt queries.
    package init(
        configuration: ReplConfiguration, output: OutputSink, errors: OutputSink, interrupt: InterruptSignal? = nil,
        registry: ReplCommandRegistry = .standard
    ) throws(ReplError) {
        self.configuration = configuration
        self.registry = registry
        self.standardOutput = output
        self.errors = errors
        self.interrupt = interrupt
        statementTimeLimit = configuration.statementTimeLimit
        format = configuration.format
        database = try ReplDatabase(path: configuration.resolve(configuration.databasePath))
        if let notice = database.session.opening.notice {
            errors.write(TerminalText.escape(configuration.databasePath) + ": warning: " + notice + "\n")
        }
        // Quietly: a rules file that does not parse is reported when a rules command needs it.
        loadedRules = try? defaultRules()
        ruleIDs = Self.ids(of: loadedRules)  // observers do not run in init
    }

    /// Adds a dot-command (or replaces the one of the same name).
    package func register(_ command: ReplCommand) {
        registry.register(command)
        catalogCache = nil
    }

    /// The one line printed when a person starts the shell.
    package var banner: String {
        let name = TerminalText.escape(configuration.databaseLabel ?? configuration.databasePath)
        guard let counts = try? database.session.counts() else {
            return "\(name): not a Lifeline database (no 'launch' table); SQL works, lifecycle commands do not. "
                + ".help for commands."
        }
        return "\(name): \(Self.counted(counts.launches, "launch", "launches")), "
            + "\(Self.counted(counts.events, "event", "events")). SQL ends with ';'; .help for commands, .quit to leave."
    }

    // MARK: - Reading

    /// Reads and runs commands until `.quit` or the end of input.
    ///
    /// Returns the exit status: 0, or 1 when a command failed in a session no person typed.
    @discardableResult
    package func run(reader: LineReader) -> Int32 {
        readers.append(reader)
        defer { readers.removeLast() }
        var pending = ""
        var pendingLine = 0
        // Scans each line once as it arrives: asking sqlite3_complete about all of `pending` after
        // every line took time growing with the square of a long statement's length.
        var completion = SQLCompletionScanner()
        while !quitRequested {
            let prompt = pending.isEmpty ? "lifeline> " : "     ...> "
            switch reader.readLine(prompt: prompt) {
            case .end:
                if !completion.isBlankAtEnd {
                    runSQL(SQLScript(text: pending, firstLine: pendingLine))
                }
                return status(for: reader)
            case .interrupt:
                pending = ""
                completion = SQLCompletionScanner()
            case .line(let line):
                if pending.isEmpty {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    if trimmed.isEmpty { continue }
                    if trimmed.hasPrefix(".") {
                        if echo { writeScriptText(line + "\n") }
                        runDotCommand(trimmed)
                        continue
                    }
                    pendingLine = reader.lineNumber
                    pending = line
                } else {
                    pending += "\n" + line
                    completion.consume(0x0A)
                }
                completion.consume(line)
                if completion.isComplete {
                    runSQL(SQLScript(text: pending, firstLine: pendingLine))
                    pending = ""
                    completion = SQLCompletionScanner()
                } else if completion.isBlank {
                    pending = ""
                    completion = SQLCompletionScanner()
                }
            }
        }
        return status(for: reader)
    }

    private func status(for reader: LineReader) -> Int32 {
        !reader.isInteractive && errorCount > 0 ? 1 : 0
    }

    /// The status the session exits with: what `.exit N` said, else 1 when a command no person
    /// typed failed, else 0.
    package var exitStatus: Int32 {
        requestedStatus ?? (scriptFailed ? 1 : 0)
    }

    /// Applies an output option of the command line (`-csv`, `-header`, `-separator`, ...), as sqlite3 does.
    package func apply(_ change: ReplLauncher.Options.FormatChange) {
        switch change {
        case .mode(let mode): format.change(to: mode)
        case .headers(let on): format.chooseHeaders(on)
        case .columnSeparator(let separator): format.columnSeparator = separator
        case .rowSeparator(let separator): format.rowSeparator = separator
        case .nullText(let text): format.nullText = text
        case .escape(let escape): format.escapeChoice = escape
        }
    }

    /// How deeply `.read` is nested.
    var readDepth: Int { readers.count }

    var currentReader: LineReader? { readers.last }

    // MARK: - Dot-commands

    func runDotCommand(_ line: String) {
        defer { finishCommand() }
        let words = Self.split(line)
        guard let name = words.first else { return }
        guard let command = registry.command(named: name) else {
            report(ReplError.unknownCommand(name, suggestion: registry.suggestion(for: name)))
            return
        }
        do {
            try command.run(self, Array(words.dropFirst()))
        } catch {
            report(error)
        }
    }

    /// Reports output that could not be written, then ends `.once` after the command that followed it.
    func finishCommand() {
        for sink in [onceOutput, redirectedOutput, standardOutput].compactMap({ $0 }) {
            if let reason = sink.takeWriteFailure() {
                let name = (sink as? FileDescriptorSink)?.name ?? "the output"
                report(ReplError.message("cannot write to '\(name)': \(reason)"))
            }
        }
        if onceIsFresh {
            onceIsFresh = false
        } else {
            onceOutput = nil
        }
    }

    /// Sends the next command's output to `sink`.
    func redirectOnce(to sink: OutputSink) {
        onceOutput = sink
        onceIsFresh = true
    }

    /// Splits a dot-command line into words as sqlite3 3.53 does: a word in single quotes is taken
    /// as it is, one in double quotes with its backslash escapes resolved (`"\t"` is a tab), any
    /// other word ends at a space, and a `;` ending the line is dropped.
    ///
    /// ```swift
    /// ReplShell.split(#".separator "\t" '\n';"#)   // [".separator", "\t", "\\n"]
    /// ```
    package static func split(_ line: String) -> [String] {
        var bytes = Array(line.utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        while let last = bytes.last, isSpace(last) { bytes.removeLast() }
        if bytes.last == UInt8(ascii: ";") {
            bytes.removeLast()
            while let last = bytes.last, isSpace(last) { bytes.removeLast() }
        }
        var words: [String] = []
        var index = 0
        while index < bytes.count {
            while index < bytes.count && isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { break }
            let delimiter = bytes[index]
            if delimiter == UInt8(ascii: "'") || delimiter == UInt8(ascii: "\"") {
                index += 1
                let start = index
                while index < bytes.count && bytes[index] != delimiter {
                    if bytes[index] == UInt8(ascii: "\\") && delimiter == UInt8(ascii: "\"") && index + 1 < bytes.count { index += 1 }
                    index += 1
                }
                let word = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
                words.append(delimiter == UInt8(ascii: "\"") ? ReplCommand.resolvingBackslashes(word) : word)
                index += 1
            } else {
                let start = index
                while index < bytes.count && !isSpace(bytes[index]) { index += 1 }
                words.append(String(decoding: bytes[start..<index], as: UTF8.self))
            }
        }
        return words
    }

    // MARK: - Writing

    /// Writes text to the current output.
    func write(_ text: String) {
        output.write(text)
    }

    /// Writes text a script makes the shell print (`.print`, `.echo`): its control characters
    /// escaped as `.mode --escape` says, as a value's are, so a script cannot drive the terminal either.
    func writeScriptText(_ text: String) {
        output.write(bytes: format.escape.apply(Array(text.utf8), for: output.isTerminal ? .terminal : .stream))
    }

    var style: TerminalStyle { TerminalStyle.for(output, environment: configuration.environment) }

    /// Columns available on standard output: the terminal's, else `COLUMNS`; nil for no limit (files, pipes).
    var width: Int? {
        guard output === standardOutput else { return nil }
        if let width = configuration.width { return width }
        if let sink = output as? FileDescriptorSink {
            return TerminalSize.columns(of: sink.fileDescriptor, environment: configuration.environment)
        }
        return nil
    }

    /// Reports an error at the current input line: `session.sql:4:1: error: ...` (just `error: ...` at a terminal).
    func report(_ error: any Error, line: Int? = nil, column: Int = 1, snippet: (text: String, caret: Int)? = nil) {
        errorCount += 1
        if currentReader?.isInteractive != true { scriptFailed = true }
        // `.bail on`: the first error ends the session (and every `.read` inside it).
        if bail { quitRequested = true }
        let errorStyle = TerminalStyle.for(errors, environment: configuration.environment)
        var located: [Diagnostic]?
        if case .located(let diagnostics) = error as? ReplError {
            located = diagnostics
        } else if !(error is StoreError), !(error is ReplError), let error = error as? any DiagnosticError {
            // An error about another file (a trace, a row read back): its own locations, not the script line's.
            located = error.diagnostics
        }
        if let diagnostics = located {
            // Located in their own file already: no script location in front, the label coloured from the severity.
            errors.write(diagnostics.map { $0.rendered(style: errorStyle, escaping: true) }.joined(separator: "\n") + "\n")
            return
        }
        var text = ""
        if let error = error as? StoreError, error.code == .interrupted, currentReader?.isInteractive == true {
            text += "\n"  // after the terminal's "^C"
        }
        // A script's errors are located in it (piped input numbers its lines, unnamed); a line typed at the
        // prompt has no location to give.
        let numbered = currentReader?.isInteractive == false
        let lineNumber = numbered ? line ?? currentReader?.lineNumber ?? 0 : nil
        let script = numbered ? currentReader?.sourceName : nil
        let diagnostic = Diagnostic(
            .error, file: script, line: script == nil ? nil : lineNumber, column: script == nil ? nil : column,
            Self.message(for: error),
            excerpt: snippet.map { SourceExcerpt(lineNumber: lineNumber, text: $0.text, caretOffset: $0.caret) })
        errors.write(text + diagnostic.rendered(style: errorStyle, escaping: true) + "\n")
    }

    /// Writes a diagnostic about an input file (a trace, a rules file) to the error sink, escaped, its
    /// label coloured from its severity.
    func write(_ diagnostic: Diagnostic) {
        errors.write(Self.rendered(diagnostic, for: errors, environment: configuration.environment) + "\n")
    }

    /// `diagnostic` as the shell prints it on `sink`: escaped, coloured when `sink` is a terminal.
    static func rendered(_ diagnostic: Diagnostic, for sink: OutputSink, environment: [String: String]) -> String {
        diagnostic.rendered(style: TerminalStyle.for(sink, environment: environment), escaping: true)
    }

    static func message(for error: any Error) -> String {
        switch error {
        case let error as ReplError: error.description
        case let error as StoreError: error.message
        default: "\(error)"
        }
    }

    // MARK: - Database

    /// Runs `body` on the read-only connection; Ctrl-C interrupts it.
    func read<T>(_ body: (SQLSession) throws -> T) throws -> T {
        let session = database.session
        guard let interrupt else { return try body(session) }
        return try interrupt.whileRunning(on: session.interruptHandle) { try body(session) }
    }

    /// Runs `body` with the database writable (a ``TraceStore``), then reopens it read-only.
    ///
    /// For commands that write: `.import`, and `.check` storing violations.
    package func withWritableStore<T>(_ body: (TraceStore) throws -> T) throws -> T {
        defer { databaseDidChange() }
        return try database.withWritableStore { store in
            guard let interrupt else { return try body(store) }
            return try interrupt.whileRunning(on: store.interruptHandle) { try body(store) }
        }
    }

    /// Marks the completion catalog stale (the schema or the data may have changed).
    func databaseDidChange() {
        catalogCache = nil
    }

    // MARK: - Completion

    /// What tab completion offers now: commands, tables, columns, callbacks, launches, sessions, saved queries, rule ids.
    package var completionCatalog: CompletionCatalog {
        if let catalogCache { return catalogCache }
        var catalog = CompletionCatalog()
        for name in registry.names {
            if let command = registry.command(named: name) { catalog.commands[name] = command.completion }
        }
        catalog.callbacks = Callback.allCases.map(\.name)
        catalog.queries = SavedQuery.catalog(projectDirectory: configuration.resolve(configuration.queriesDirectory)).map(\.name)
        catalog.ruleIDs = ruleIDs
        catalog.directory = configuration.directory
        if let names = try? database.session.names() {
            catalog.tables = names.tables
            catalog.columns = names.columns
            catalog.launches = names.launches
            catalog.sessions = names.sessions
        }
        catalogCache = catalog
        return catalog
    }

    static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }
}
