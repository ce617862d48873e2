import Foundation
import LifelineReports
import LifelineTerminal

// MARK: - Commands as in the sqlite3 shell

extension ReplCommand {
    /// `.help`, `.quit`, `.mode`, `.headers`, `.nullvalue`, `.timer`, `.limit`, `.read`, `.once`, `.output`, `.tables`, `.schema`.
    static var shellCommands: [ReplCommand] { [help, tables, schema, mode, headers, nullValue, timer, limit, read, once, output, quit] }

    static let help = ReplCommand(
        name: ".help", usage: "[COMMAND]", summary: "List the commands, or explain one", topic: .shell,
        completion: .commands
    ) { shell, arguments in
        guard let name = arguments.first else {
            shell.write(shell.helpText)
            return
        }
        let dotted = name.hasPrefix(".") ? name : "." + name
        guard let command = shell.registry.command(named: dotted) else {
            throw ReplError.unknownCommand(dotted, suggestion: shell.registry.suggestion(for: dotted))
        }
        var text = command.synopsis + "\n  " + command.summary + ".\n"
        if !command.discussion.isEmpty { text += "\n" + command.discussion + "\n" }
        shell.write(text)
    }

    static let quit = ReplCommand(
        name: ".quit", aliases: [".exit"], summary: "Leave the shell (also Ctrl-D)", topic: .shell
    ) { shell, _ in
        shell.quitRequested = true
    }

    static let mode = ReplCommand(
        name: ".mode", usage: "[MODE [TABLE]]",
        summary: "Set how results print: table, box, list, csv, json, ... (.help .mode lists them)",
        discussion: """
            Screen modes, for a person (values escaped, cut to the terminal's width):
            table     (the default at a terminal) columns between ASCII rules; long values end in '…'
            box       the same with box-drawing characters
            column    aligned columns, no borders
            markdown  a Markdown table
            Machine modes, as sqlite3 prints them (the default in a script is list, no headers):
            list      values separated by .separator (default '|')
            tabs      list with tab separators
            csv       RFC 4180: quoted where needed, line breaks and quotes inside the quotes as they are
            json      an array of objects; blobs as {"blob":"HEX"}, infinities as 1e999
            line      one 'column = value' line per column
            quote     SQL literals
            insert    INSERT statements into TABLE (default "table")
            html      <TR><TD> table rows
            Machine modes print values' real bytes; only when the output is a terminal are control
            characters shown escaped (\\x1b, \\n, \\u{9b}), so a value cannot drive the terminal.
            Choosing a screen mode turns headers on, as in sqlite3.
            """,
        topic: .shell, completion: .choices(OutputMode.names)
    ) { shell, arguments in
        guard let name = arguments.first else {
            shell.write("current output mode: \(shell.mode.rawValue)\n")
            // sqlite3 then chooses the current mode again, which resets its separators (and insert's table).
            try shell.setMode(shell.mode.rawValue)
            return
        }
        guard arguments.count <= 2 else {
            throw ReplError.invalidArgument(
                command: ".mode", argument: arguments.joined(separator: " "),
                expected: OutputMode.names.joined(separator: ", ") + " (insert may name a table)")
        }
        try shell.setMode(name, table: arguments.count == 2 ? arguments[1] : nil)
    }

    static let nullValue = ReplCommand(
        name: ".nullvalue", usage: "STRING", summary: "Print NULL as STRING",
        discussion: """
            Until set, NULL prints as NULL in the screen modes and as nothing in the machine modes (as in sqlite3),
            so a NULL and the text 'NULL' differ in every mode. quote and insert always print NULL, json null.
            """,
        topic: .shell
    ) { shell, arguments in
        guard arguments.count == 1 else { throw ReplError.usage(command: ".nullvalue", usage: "STRING") }
        shell.nullText = arguments[0]
    }

    static let headers = ReplCommand(
        name: ".headers", usage: "on|off", summary: "Show or hide column names", topic: .shell,
        completion: .choices(["on", "off"])
    ) { shell, arguments in
        shell.headers = try Self.flag(".headers", arguments)
    }

    static let timer = ReplCommand(
        name: ".timer", usage: "on|off", summary: "Print how long each statement took", topic: .shell,
        completion: .choices(["on", "off"])
    ) { shell, arguments in
        shell.timer = try Self.flag(".timer", arguments)
    }

    static let limit = ReplCommand(
        name: ".limit", usage: "[NAME [VALUE]]",
        summary: "Show or set a limit: statement-time SECONDS|off|default",
        discussion: """
            By default a statement read from a script (standard input that is not a terminal, .read, .query)
            stops after \(StatementTimeLimit.format(StatementTimeLimit.scriptSeconds)) with an error, and one typed at the prompt runs until it ends or Ctrl-C.
            SECONDS (such as 30 or 0.5) or off applies to every statement, typed or read; default restores this.
            'lifeline repl --statement-time SECONDS|off' sets it from the start.
            """,
        topic: .shell, completion: .positional([.choices(["statement-time"]), .choices(["off", "default"])])
    ) { shell, arguments in
        guard let name = arguments.first else {
            shell.write("statement-time  \(shell.statementTimeLimit)\n")
            return
        }
        guard name.lowercased() == "statement-time" else {
            throw ReplError.invalidArgument(command: ".limit", argument: name, expected: "'statement-time'")
        }
        switch arguments.count {
        case 1:
            shell.write("statement-time  \(shell.statementTimeLimit)\n")
        case 2:
            guard let limit = StatementTimeLimit(parsing: arguments[1]) else {
                throw ReplError.invalidArgument(
                    command: ".limit statement-time", argument: arguments[1],
                    expected: "'off', 'default' or seconds (more than 0, at most \(Int(StatementTimeLimit.maximumSeconds)))")
            }
            shell.statementTimeLimit = limit
        default:
            throw ReplError.usage(command: ".limit", usage: "[NAME [VALUE]]")
        }
    }

    static let read = ReplCommand(
        name: ".read", usage: "FILE", summary: "Run the commands and SQL in FILE", topic: .shell,
        completion: .filePaths
    ) { shell, arguments in
        guard arguments.count == 1 else { throw ReplError.usage(command: ".read", usage: "FILE") }
        guard shell.readDepth < 16 else { throw ReplError.message(".read: nested too deeply (16 files)") }
        let reader = try StreamLineReader(path: shell.configuration.resolve(arguments[0]), name: arguments[0])
        shell.run(reader: reader)
    }

    static let once = ReplCommand(
        name: ".once", usage: "FILE", summary: "Write the next command's output to FILE", topic: .shell,
        completion: .filePaths
    ) { shell, arguments in
        guard arguments.count == 1 else { throw ReplError.usage(command: ".once", usage: "FILE") }
        shell.redirectOnce(
            to: try FileDescriptorSink(
                creatingFileAt: shell.configuration.resolve(arguments[0]), name: arguments[0]))
    }

    static let output = ReplCommand(
        name: ".output", usage: "[FILE]", summary: "Write output to FILE, or back to the screen with no FILE",
        topic: .shell, completion: .filePaths
    ) { shell, arguments in
        switch arguments.count {
        case 0: shell.redirectedOutput = nil
        case 1:
            shell.redirectedOutput = try FileDescriptorSink(
                creatingFileAt: shell.configuration.resolve(arguments[0]), name: arguments[0])
        default: throw ReplError.usage(command: ".output", usage: "[FILE]")
        }
    }

    static let tables = ReplCommand(
        name: ".tables", usage: "[PATTERN]", summary: "List the tables and views (LIKE PATTERN)", topic: .shell,
        completion: .tables
    ) { shell, arguments in
        let names = try shell.read { session in try session.tableNames(like: arguments.first ?? "%") }
        shell.write(Self.columns(names.map(TerminalText.escape), width: shell.width ?? 80))
    }

    static let schema = ReplCommand(
        name: ".schema", usage: "[TABLE]", summary: "Show the CREATE statements (of TABLE, a LIKE pattern)",
        discussion: "The columns and views are documented in docs/schema.md.", topic: .shell,
        completion: .tables
    ) { shell, arguments in
        let statements = try shell.read { session in try session.schemaStatements(like: arguments.first ?? "%") }
        if statements.isEmpty, let table = arguments.first {
            throw ReplError.message("no table or view matches '\(table)'")
        }
        for statement in statements {
            let lines = statement.split(separator: "\n", omittingEmptySubsequences: false)
            shell.write(lines.map { TerminalText.escape(String($0)) }.joined(separator: "\n") + ";\n")
        }
    }

    // MARK: - Helpers

    static func flag(_ command: String, _ arguments: [String]) throws -> Bool {
        guard arguments.count == 1 else { throw ReplError.usage(command: command, usage: "on|off") }
        switch arguments[0].lowercased() {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        default: throw ReplError.invalidArgument(command: command, argument: arguments[0], expected: "'on' or 'off'")
        }
    }

    /// Names in columns across the width, as sqlite3's `.tables` and `.indexes` print them: down
    /// then across, each padded to the longest name, two spaces between (the padding kept, as sqlite3 keeps it).
    static func columns(_ names: [String], width: Int) -> String {
        guard let widest = names.map(TerminalText.width).max() else { return "" }
        let perLine = max(1, width / (widest + 2))
        let lineCount = (names.count + perLine - 1) / perLine
        var text = ""
        for line in 0..<lineCount {
            var cells: [String] = []
            var index = line
            while index < names.count {
                cells.append(TerminalText.pad(names[index], to: widest))
                index += lineCount
            }
            text += cells.joined(separator: "  ") + "\n"
        }
        return text
    }
}

// MARK: - Help text

extension ReplShell {
    /// `.mode NAME [TABLE]`, as sqlite3 sets it: the mode, the separators it implies, insert's table,
    /// and headers on for a screen mode.
    func setMode(_ name: String, table: String? = nil) throws(ReplError) {
        let lowered = name.lowercased()
        let chosen = lowered == "tabs" ? OutputMode.list : OutputMode(rawValue: lowered)
        guard let chosen, table == nil || chosen == .insert else {
            throw ReplError.invalidArgument(
                command: ".mode", argument: name + (table.map { " " + $0 } ?? ""),
                expected: OutputMode.names.joined(separator: ", ") + " (insert may name a table)")
        }
        mode = chosen
        if let separators = chosen.separators {
            columnSeparator = separators.column ?? columnSeparator
            rowSeparator = separators.row ?? rowSeparator
        }
        if lowered == "tabs" { columnSeparator = "\t" }
        if chosen == .insert { insertTable = table ?? "table" }
        if chosen.isAligned { headers = true }
    }

    /// The `.help` listing: SQL first, then each topic that has commands.
    var helpText: String {
        var text =
            "Enter SQL ending with ';' (it may span lines) against the schema in docs/schema.md,\n"
            + "or a command. Tab completes commands, tables, columns, callbacks, rule ids and paths.\n"
        let width = registry.commands.map(\.synopsis.count).max() ?? 0
        for topic in ReplCommand.Topic.allCases {
            let commands = registry.commands.filter { $0.topic == topic }
            guard !commands.isEmpty else { continue }
            text += "\n\(topic.title)\n"
            for command in commands {
                text += "  " + TerminalText.pad(command.synopsis, to: width) + "  " + command.summary + "\n"
            }
        }
        return text
    }
}
