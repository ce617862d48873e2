import Foundation
import LifelineFormat
import LifelineReports
import LifelineStore
import LifelineTerminal

// MARK: - Scripting commands as in the sqlite3 shell

extension ReplCommand {
    /// `.separator`, `.width`, `.print`, `.show`, `.echo`, `.bail`, `.changes`, `.eqp`, `.version`.
    static var scriptingCommands: [ReplCommand] { [separator, width, print, show, echo, bail, changes, eqp, explain, version] }

    static let separator = ReplCommand(
        name: ".separator", usage: "COL [ROW]", summary: "Set the column (and row) separator for list and csv modes",
        discussion: """
            In double quotes, backslash escapes work as in sqlite3: "\\t", "\\r\\n", "\\\\", "\\x1f", "\\037". Choosing a
            mode (.mode list, csv, tabs, ascii, quote, line) sets both separators again, as in sqlite3.
            """,
        topic: .shell
    ) { shell, arguments in
        guard (1...2).contains(arguments.count) else { throw ReplError.usage(command: ".separator", usage: "COL [ROW]") }
        shell.format.columnSeparator = arguments[0]
        if arguments.count == 2 { shell.format.rowSeparator = arguments[1] }
    }

    static let width = ReplCommand(
        name: ".width", usage: "[N...]", summary: "Fix the widths of the first columns in the screen modes",
        discussion: "0 measures a column from its values; a negative width right-aligns it. .width alone measures every column again.",
        topic: .shell
    ) { shell, arguments in
        var widths: [Int] = []
        for argument in arguments {
            guard let width = Int(argument), width.magnitude <= 100_000 else {
                throw ReplError.invalidArgument(command: ".width", argument: argument, expected: "a whole number of columns")
            }
            widths.append(width)
        }
        shell.format.columnWidths = widths
    }

    static let print = ReplCommand(
        name: ".print", usage: "STRING...", summary: "Print the words, separated by spaces",
        discussion: """
            As in sqlite3 ("\\t" in double quotes is a tab), but control characters are escaped as .mode --escape
            says, like a value: a script cannot drive the terminal with .print.
            """,
        topic: .shell
    ) { shell, arguments in
        shell.writeScriptText(arguments.joined(separator: " ") + "\n")
    }

    static let show = ReplCommand(
        name: ".show", summary: "Show the current settings", topic: .shell
    ) { shell, arguments in
        guard arguments.isEmpty else { throw ReplError.usage(command: ".show", usage: "") }
        let output: String
        if let sink = shell.redirectedOutput as? FileDescriptorSink {
            output = sink.name
        } else {
            output = "stdout"
        }
        let settings: [(String, String)] = [
            ("echo", shell.echo ? "on" : "off"),
            ("eqp", shell.eqp ? "on" : "off"),
            ("explain", shell.explain.rawValue),
            ("headers", shell.format.headers ? "on" : "off"),
            ("mode", shell.format.mode.rawValue),
            ("nullvalue", OutputFormat.cString(shell.format.nullText)),
            ("output", output),
            ("colseparator", OutputFormat.cString(shell.format.columnSeparator)),
            ("rowseparator", OutputFormat.cString(shell.format.rowSeparator)),
            // sqlite3's .stats: Lifeline has none, so they are off.
            ("stats", "off"),
            ("width", shell.format.columnWidths.map { "\($0) " }.joined()),
            ("filename", shell.database.path),
        ]
        shell.write(
            settings.map { name, value in
                TerminalText.pad(name, to: 12, right: true) + ": " + TerminalText.escape(value) + "\n"
            }.joined())
    }

    static let echo = ReplCommand(
        name: ".echo", usage: "on|off", summary: "Print each command and statement before running it", topic: .shell,
        completion: .choices(["on", "off"])
    ) { shell, arguments in
        shell.echo = try Self.flag(".echo", arguments)
    }

    static let bail = ReplCommand(
        name: ".bail", usage: "on|off", summary: "Stop at the first error (exit 1 from a script)", topic: .shell,
        completion: .choices(["on", "off"])
    ) { shell, arguments in
        shell.bail = try Self.flag(".bail", arguments)
    }

    static let changes = ReplCommand(
        name: ".changes", usage: "on|off", summary: "Print how many rows each SQL statement changed",
        discussion: "As in sqlite3: 'changes: N   total_changes: M' after each SQL line (only temporary tables can change).",
        topic: .shell,
        completion: .choices(["on", "off"])
    ) { shell, arguments in
        shell.countChanges = try Self.flag(".changes", arguments)
    }

    static let eqp = ReplCommand(
        name: ".eqp", usage: "on|off", summary: "Print each statement's query plan before its results",
        discussion: "The plan is EXPLAIN QUERY PLAN's, drawn as sqlite3 draws it.", topic: .shell,
        completion: .choices(["on", "off"])
    ) { shell, arguments in
        shell.eqp = try Self.flag(".eqp", arguments)
    }

    static let version = ReplCommand(
        name: ".version", summary: "Show the SQLite library's version and Lifeline's", topic: .shell
    ) { shell, arguments in
        guard arguments.isEmpty else { throw ReplError.usage(command: ".version", usage: "") }
        shell.write("SQLite \(SQLText.libraryVersion)\nlifeline \(LifelineVersion.current)\n")
    }

    // MARK: - Helpers

    /// sqlite3's backslash escapes in a double-quoted dot-command argument: `\a`, `\b`, `\t`, `\n`, `\v`,
    /// `\f`, `\r`, `\\`, `\"`, `\'`, `\xHH`, `\NNN` (octal); any other character after a backslash stands for itself.
    static func resolvingBackslashes(_ text: String) -> String {
        var result: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x61...0x66: byte - 0x61 + 10
            case 0x41...0x46: byte - 0x41 + 10
            default: nil
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == 0x5C, index < bytes.count else {
                result.append(byte)
                continue
            }
            let next = bytes[index]
            index += 1
            switch next {
            case 0x61: result.append(0x07)  // \a
            case 0x62: result.append(0x08)  // \b
            case 0x66: result.append(0x0C)  // \f
            case 0x6E: result.append(0x0A)  // \n
            case 0x72: result.append(0x0D)  // \r
            case 0x74: result.append(0x09)  // \t
            case 0x76: result.append(0x0B)  // \v
            case 0x78:  // \xHH
                var value: UInt8 = 0
                var digits = 0
                while digits < 2, index < bytes.count, let digit = hexValue(bytes[index]) {
                    value = value &* 16 &+ digit
                    index += 1
                    digits += 1
                }
                result.append(value)
            case 0x30...0x37:  // \NNN
                var value = Int(next - 0x30)
                var digits = 1
                while digits < 3, index < bytes.count, (0x30...0x37).contains(bytes[index]) {
                    value = value * 8 + Int(bytes[index] - 0x30)
                    index += 1
                    digits += 1
                }
                result.append(UInt8(truncatingIfNeeded: value))
            default: result.append(next)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
