import Foundation
import LifelineReports
import LifelineTerminal

// MARK: - Commands as in the sqlite3 shell

extension ReplCommand {
    /// `.help`, `.quit`, `.mode`, `.headers`, `.nullvalue`, `.timer`, `.limit`, `.read`, `.once`, `.output`, `.tables`, `.schema`.
    static var shellCommands: [ReplCommand] {
        [help, tables, schema, mode, headers, nullValue, timer, limit, read, once, output, quit, exit]
    }

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
        name: ".quit", summary: "Leave the shell (also .exit, Ctrl-D)", topic: .shell
    ) { shell, _ in
        shell.quitRequested = true
    }

    static let exit = ReplCommand(
        name: ".exit", usage: "[STATUS]", summary: "Leave the shell, with exit status STATUS",
        discussion: """
            As in sqlite3: '.exit 3' ends the session at once, scripts and .read files included, with status 3;
            .exit alone (or 0) ends it as the end of the input would (status 1 if a command of a script failed).
            """,
        topic: .shell
    ) { shell, arguments in
        shell.quitRequested = true
        // sqlite3 reads the status as a number where it can (an integer prefix, else 0).
        let digits = arguments.first.map { text in
            String(text.prefix { $0.isNumber || $0 == "-" || $0 == "+" })
        }
        if let digits, let status = Int64(digits), status != 0 {
            shell.requestedStatus = Int32(truncatingIfNeeded: status)
        }
    }

    static let mode = ReplCommand(
        name: ".mode", usage: "[MODE] [--escape E]...",
        summary: "Set how results print: qbox, box, table, list, csv, json, ... (.help .mode lists them)",
        discussion: """
            As in sqlite3 3.53. Screen modes, for a person (every value one line of its cell):
            qbox      box with values as SQL literals; with --quote relaxed the default at a terminal
            box       columns in box-drawing lines       table     the same in ASCII
            column    aligned columns, no borders        markdown  a Markdown table
            Machine modes, for programs (list is the default in a script):
            list      values separated by .separator ('|')   tabs   tab-separated, CSV quoting
            csv       RFC 4180                                ascii  0x1F and 0x1E separators
            json      an array of objects; blobs as {"blob":"HEX"}, infinities as 1e999
            line      one 'name: value' line per column      quote  SQL literals
            insert    INSERT statements into TABLE ("tab")   html   <TR><TD> table rows
            Choosing a mode resets its separators, how NULL prints and its headers (unless .headers
            chose them). Off a terminal nothing is cut; at a terminal a table fits its width.
            Options: --escape ascii|symbol|off (control characters shown as ^[, as ␛, or written as
            they are: off is the one way to export them byte for byte), --null TEXT, --colsep TEXT,
            --rowsep TEXT, --tablename NAME, --titles on|off, --quote relaxed|sql (qbox), --reset.
            .mode alone shows the mode and what differs from its defaults.
            """,
        topic: .shell, completion: .choices(OutputMode.allCases.map(\.rawValue))
    ) { shell, arguments in
        try shell.changeMode(arguments)
    }

    static let nullValue = ReplCommand(
        name: ".nullvalue", usage: "STRING", summary: "Print NULL as STRING",
        discussion: """
            Until set, NULL prints as nothing (as NULL in qbox, quote and insert, null in json and html),
            as in sqlite3. Choosing a mode resets it.
            """,
        topic: .shell
    ) { shell, arguments in
        guard arguments.count == 1 else { throw ReplError.usage(command: ".nullvalue", usage: "STRING") }
        shell.format.nullText = arguments[0]
    }

    static let headers = ReplCommand(
        name: ".headers", usage: "on|off", summary: "Show or hide column names", topic: .shell,
        completion: .choices(["on", "off"])
    ) { shell, arguments in
        shell.format.chooseHeaders(try Self.flag(".headers", arguments))
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
        try Self.refusePipe(".once", arguments[0])
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
            try Self.refusePipe(".output", arguments[0])
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
        shell.writeColumns(names)
    }

    static let schema = ReplCommand(
        name: ".schema", usage: "[OPTIONS] [PATTERN]",
        summary: "Show the CREATE statements of tables and views (whose table is LIKE PATTERN)",
        discussion: """
            Options: --indent, --triggers. As sqlite3 3.53's, but triggers only with --indent or --triggers: Lifeline's own tables carry about a
            hundred lines of them, which hide what a reader wants. A view is followed by a comment naming its
            columns; --indent lays long statements out a column a line. PATTERN with *, ? or [ is a GLOB.
            The columns and views are documented in docs/schema.md.
            """,
        topic: .shell, completion: .tables
    ) { shell, arguments in
        var indented = false
        var triggers = false
        var pattern: String?
        for argument in arguments {
            switch argument.hasPrefix("--") ? String(argument.dropFirst()) : argument {
            case "-indent": indented = true
            case "-triggers": triggers = true
            case "-nosys": break
            default:
                guard !argument.hasPrefix("-"), pattern == nil else {
                    throw ReplError.usage(command: ".schema", usage: "[--indent] [--triggers] [PATTERN]")
                }
                pattern = argument
            }
        }
        let entries = try shell.read { session in try session.schemaEntries(matching: pattern) }
        let shown = entries.filter { indented || triggers || $0.type != "trigger" }
        let text = shown.map { SchemaText.statement($0, indented: indented) + "\n" }.joined()
        shell.output.write(bytes: shell.format.escape.apply(Array(text.utf8), for: shell.output.isTerminal ? .terminal : .stream))
        if shown.count < entries.count && shell.output.isTerminal {
            let hidden = entries.count - shown.count
            shell.write(shell.style.dim("/* \(hidden) trigger\(hidden == 1 ? "" : "s") not shown: .schema --triggers shows them */") + "\n")
        }
    }

    // MARK: - Helpers

    /// sqlite3 runs `.output |COMMAND` as a shell command; the shell runs none (docs/repl.md, threat model).
    static func refusePipe(_ command: String, _ file: String) throws(ReplError) {
        guard file.hasPrefix("|") else { return }
        throw ReplError.message("\(command): '\(file)' would run a command; the shell runs none (write to a file and pipe that)")
    }

    static func flag(_ command: String, _ arguments: [String]) throws(ReplError) -> Bool {
        guard arguments.count == 1 else { throw ReplError.usage(command: command, usage: "on|off") }
        switch arguments[0].lowercased() {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        default: throw ReplError.invalidArgument(command: command, argument: arguments[0], expected: "'on' or 'off'")
        }
    }
}

// MARK: - Help text

extension ReplShell {
    /// Names in columns down then across the screen, as sqlite3 3.53's `.tables` and `.indexes`
    /// print them: as many columns as fit (two spaces apart at least), the space left shared out
    /// between them up to five spaces, trailing spaces trimmed; names escaped like values.
    func writeColumns(_ names: [String]) {
        let shown = names.map { format.escape.apply($0, for: output.isTerminal ? .terminal : .stream) }
        write(Self.columns(shown, screenWidth: screenWidth))
    }

    /// The screen's width as sqlite3 finds it: the terminal's (standard input's, output's or
    /// error's), else 80.
    var screenWidth: Int {
        if let width = configuration.width { return width }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            var size = winsize()
            if isatty(descriptor) != 0, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        }
        return 80
    }

    static func columns(_ names: [String], screenWidth: Int) -> String {
        let widths = names.map(TerminalText.width)
        guard let widest = widths.max() else { return "" }
        // The layout with the most columns that fits: each column as wide as its widest name.
        func columnWidths(_ count: Int) -> [Int]? {
            let rows = (names.count + count - 1) / count
            let columns = stride(from: 0, to: names.count, by: rows).map { widths[$0..<min($0 + rows, names.count)].max() ?? 0 }
            return columns.reduce(0, +) + 2 * (columns.count - 1) > screenWidth ? nil : columns
        }
        var layout = [widest]
        if names.count > 1 && screenWidth > widest + 3 {
            var count = 2
            while let fits = columnWidths(count) {
                layout = fits
                let rows = (names.count + count - 1) / count
                if rows == 1 { break }
                count += 1
                while (names.count + count - 1) / count == rows { count += 1 }
            }
        }
        let rows = (names.count + layout.count - 1) / layout.count
        let margin = layout.count > 1 ? max(1, min(5, (screenWidth - layout.reduce(0, +)) / (layout.count - 1))) : 2
        var text = ""
        for row in 0..<rows {
            var line = ""
            for column in layout.indices {
                let index = column * rows + row
                if column > 0 { line += String(repeating: " ", count: margin) }
                if index < names.count { line += TerminalText.pad(names[index], to: layout[column]) }
            }
            text += TerminalText.trimmingTrailingSpaces(line) + "\n"
        }
        return text
    }

    /// `.mode [MODE [TABLE]] [OPTIONS]`, as sqlite3 3.53 reads it: arguments left to right, a mode
    /// name once (insert's table after it), options that change one setting; nothing but `.mode`
    /// shows the mode.
    func changeMode(_ arguments: [String]) throws(ReplError) {
        var changed = false
        var chosenMode = false
        var index = 0
        func value(_ option: String) throws(ReplError) -> String {
            index += 1
            guard index < arguments.count else { throw ReplError.message(".mode: \(option) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            let option = argument.hasPrefix("--") ? String(argument.dropFirst()) : argument
            if !option.hasPrefix("-"), !chosenMode, argument == "tty" || argument == "batch" {
                // sqlite3's names for its defaults at a terminal and in a script.
                format = argument == "tty" ? .terminal : OutputFormat(mode: .list)
                chosenMode = true
            } else if !option.hasPrefix("-"), !chosenMode, let mode = OutputMode(rawValue: argument) {
                format.change(to: mode)
                if mode == .insert, index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") {
                    index += 1
                    format.tableName = arguments[index]
                }
                chosenMode = true
            } else {
                switch option {
                case "-escape":
                    let name = try value(argument)
                    guard let escape = ControlEscape(rawValue: name.lowercased()) else {
                        throw ReplError.invalidArgument(command: ".mode --escape", argument: name, expected: "off, ascii or symbol")
                    }
                    format.escapeChoice = escape
                case "-null": format.nullText = try value(argument)
                case "-colsep": format.columnSeparator = try value(argument)
                case "-rowsep": format.rowSeparator = try value(argument)
                case "-tablename": format.tableName = try value(argument)
                case "-titles", "-title": format.chooseHeaders(try ReplCommand.flag(".mode --titles", [try value(argument)]))
                case "-quote":
                    let name = try value(argument)
                    switch name.lowercased() {
                    case "relaxed" where format.mode == .qbox: format.relaxedQuotes = true
                    case "sql" where format.mode == .qbox, "on" where format.mode == .qbox: format.relaxedQuotes = false
                    default:
                        throw ReplError.invalidArgument(
                            command: ".mode --quote", argument: name,
                            expected: "'relaxed' or 'sql', after qbox (other modes quote as they do)")
                    }
                case "-reset":
                    let escape = format.escapeChoice
                    format = OutputFormat(mode: format.mode)
                    format.escapeChoice = escape
                default:
                    if option.hasPrefix("-") {
                        throw ReplError.invalidArgument(
                            command: ".mode", argument: argument,
                            expected: "--escape, --null, --colsep, --rowsep, --tablename, --titles, --quote or --reset")
                    }
                    throw ReplError.invalidArgument(
                        command: ".mode", argument: argument,
                        expected: chosenMode ? "an option" : OutputMode.allCases.map(\.rawValue).joined(separator: ", "))
                }
            }
            changed = true
            index += 1
        }
        if !changed { write(".mode " + TerminalText.escape(format.description) + "\n") }
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
