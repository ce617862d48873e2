import LifelineFormat
import LifelineTerminal

/// Something a shell command could not do. The shell prints it and reads the next command.
package enum ReplError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A dot-command the registry does not know, and the nearest one it does.
    case unknownCommand(String, suggestion: String?)
    /// A command given the wrong arguments.
    case usage(command: String, usage: String)
    /// An argument that is not one of the accepted values.
    case invalidArgument(command: String, argument: String, expected: String)
    /// A file or database that could not be opened.
    case cannotOpen(path: String, reason: String)
    /// A database that does not exist (the shell opens only existing ones; the launcher suggests importing).
    case noSuchDatabase(path: String)
    /// Anything else, said in a sentence (lowercase, tokens in quotes).
    case message(String)
    /// Diagnostics already located in another file, printed as they are: a rules file that does not parse
    /// (`rules/app.rules:3:22: error: …` with its excerpt and caret).
    case located([Diagnostic])

    package var description: String {
        switch self {
        case .unknownCommand(let name, let suggestion):
            "unknown command '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; .help lists the commands")
        case .usage(let command, let usage):
            "usage: \(command)\(usage.isEmpty ? "" : " " + usage)"
        case .invalidArgument(let command, let argument, let expected):
            "\(command): unexpected '\(argument)'; expected \(expected)"
        case .cannotOpen(let path, let reason):
            "cannot open '\(path)': \(reason)"
        case .noSuchDatabase(let path):
            "cannot open '\(path)': no such database"
        case .message(let message):
            message
        case .located(let diagnostics):
            diagnostics.map(\.description).joined(separator: "\n")
        }
    }
}
