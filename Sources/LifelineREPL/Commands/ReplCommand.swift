/// A dot-command: its name, how to call it, what it does, how to complete its arguments, and the work.
///
/// Commands are values in a ``ReplCommandRegistry``; `.help`, the "did you
/// mean" suggestion and tab completion all read the registry, so a command
/// exists in all three as soon as it is registered.
///
/// ```swift
/// static let tables = ReplCommand(
///     name: ".tables", usage: "[PATTERN]", summary: "List tables and views", topic: .shell,
///     completion: .tables
/// ) { shell, arguments in
///     try shell.listTables(matching: arguments.first)
/// }
/// ```
package struct ReplCommand: Sendable {
    /// Where `.help` lists a command.
    package enum Topic: Int, CaseIterable, Sendable, Comparable {
        case lifecycle
        case rules
        case shell

        var title: String {
            switch self {
            case .lifecycle: "Lifecycle"
            case .rules: "Rules"
            case .shell: "Shell (as in sqlite3)"
            }
        }

        package static func < (lhs: Topic, rhs: Topic) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Runs the command with its arguments (quotes removed). Throw ``ReplError`` for usage errors.
    package typealias Handler = @Sendable (_ shell: ReplShell, _ arguments: [String]) throws -> Void

    /// The name typed, with its dot: `.timeline`.
    package var name: String
    /// Other names it answers to: `.exit` for `.quit`.
    package var aliases: [String]
    /// The arguments, in usage notation: `[LAUNCH] [SESSION]`.
    package var usage: String
    /// One line for `.help`.
    package var summary: String
    /// More, for `.help NAME`.
    package var discussion: String
    package var topic: Topic
    /// How tab completion offers its arguments.
    package var completion: ReplCompletion
    package var run: Handler

    package init(
        name: String, aliases: [String] = [], usage: String = "", summary: String, discussion: String = "",
        topic: Topic, completion: ReplCompletion = .none, run: @escaping Handler
    ) {
        self.name = name
        self.aliases = aliases
        self.usage = usage
        self.summary = summary
        self.discussion = discussion
        self.topic = topic
        self.completion = completion
        self.run = run
    }

    /// `.timeline [LAUNCH] [SESSION]`
    package var synopsis: String { usage.isEmpty ? name : "\(name) \(usage)" }
}
