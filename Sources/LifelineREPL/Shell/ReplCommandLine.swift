import LifelineTerminal

/// `lifeline repl`'s arguments, read as sqlite3 3.53 reads its own: options anywhere (one dash or
/// two), the first other argument the database, the rest SQL or dot-commands to run in order.
///
/// ```swift
/// try ReplCommandLine.parse(["-csv", "-header", "x.db", "SELECT 1;"])
/// // .run(Options(database: "x.db", commands: ["SELECT 1;"], actions: [.format(.mode(.csv)), .format(.headers(true))]))
/// ```
///
/// Options that set the output (`-csv`, `-header`, `-separator`, ...) and `-cmd` act in the order
/// they are given, as in sqlite3 (`-csv -separator ';'` is CSV with semicolons; the other way
/// round, commas). `-bail` and `-batch` hold wherever they are. After `--`, nothing is an option.
/// An option the shell does not know is an error, never a silent success: `-insert` (which no
/// sqlite3 has) and words ArgumentParser would once have split into `-h` for help.
package enum ReplCommandLine {
    /// What the command line asks for.
    package enum Request: Equatable, Sendable {
        /// Run a session.
        case run(ReplLauncher.Options)
        /// `-help`, `--help`: print the help.
        case help
        /// `-version`: print SQLite's version, as sqlite3 does.
        case version
    }

    /// Why the arguments cannot be run.
    package struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    /// The modes an option names (`-csv`); `qbox` has none in sqlite3.
    static let modeOptions: [String: OutputMode] = [
        "ascii": .ascii, "box": .box, "column": .column, "csv": .csv, "html": .html, "json": .json, "line": .line,
        "list": .list, "markdown": .markdown, "quote": .quote, "table": .table, "tabs": .tabs,
    ]

    /// Reads the arguments after `lifeline repl`.
    package static func parse(_ arguments: [String]) throws(UsageError) -> Request {
        var options = ReplLauncher.Options()
        var positional: [String] = []
        var index = 0
        var optionsEnd = arguments.count
        // Lifeline's own long options also take `--name=value`.
        var attached: String?
        func value(_ option: String) throws(UsageError) -> String {
            if let attached { return attached }
            index += 1
            guard index < arguments.count else { throw UsageError(message: "missing argument to \(option)") }
            return arguments[index]
        }
        while index < arguments.count {
            defer { index += 1 }
            let argument = arguments[index]
            guard argument.hasPrefix("-"), argument.count > 1, index < optionsEnd else {
                positional.append(argument)
                continue
            }
            var name = argument.hasPrefix("--") ? String(argument.dropFirst(2)) : String(argument.dropFirst())
            attached = nil
            if argument.hasPrefix("--"), let equals = name.firstIndex(of: "="), ["db", "statement-time"].contains(name[..<equals]) {
                attached = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if let mode = modeOptions[name] {
                options.actions.append(.format(.mode(mode)))
                continue
            }
            switch name {
            case "": optionsEnd = index + 1  // "--": everything after is an argument.
            case "help", "h": return .help
            case "version": return .version
            case "bail": options.bail = true
            case "batch": options.batch = true
            case "echo": options.actions.append(.echo)
            case "header": options.actions.append(.format(.headers(true)))
            case "noheader": options.actions.append(.format(.headers(false)))
            case "readonly": break  // always: the shell opens every database read-only
            case "separator": options.actions.append(.format(.columnSeparator(try value(argument))))
            case "newline": options.actions.append(.format(.rowSeparator(try value(argument))))
            case "nullvalue": options.actions.append(.format(.nullText(try value(argument))))
            case "escape":
                let choice = try value(argument)
                guard let escape = ControlEscape(rawValue: choice.lowercased()) else {
                    throw UsageError(
                        message: "unknown control character escape mode '\(TerminalText.escape(choice))'; choices: ascii, symbol, off")
                }
                options.actions.append(.format(.escape(escape)))
            case "cmd": options.actions.append(.command(try value(argument)))
            case "db": options.importDatabase = try value(argument)
            case "statement-time":
                let text = try value(argument)
                guard let limit = StatementTimeLimit(parsing: text) else {
                    throw UsageError(
                        message:
                            "--statement-time: expected seconds (more than 0, at most 1000000) or 'off', not '\(TerminalText.escape(text))'"
                    )
                }
                options.statementTimeLimit = limit
            default:
                throw UsageError(message: "unknown option '\(TerminalText.escape(argument))'; 'lifeline repl --help' lists the options")
            }
        }
        options.database = positional.first
        options.commands = Array(positional.dropFirst())
        return .run(options)
    }
}
