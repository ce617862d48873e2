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
public struct ReplCommand: Sendable {
    /// Where `.help` lists a command.
    public enum Topic: Int, CaseIterable, Sendable, Comparable {
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

        public static func < (lhs: Topic, rhs: Topic) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Runs the command with its arguments (quotes removed). Throw ``ReplError`` for usage errors.
    public typealias Handler = @Sendable (_ shell: ReplShell, _ arguments: [String]) throws -> Void

    /// The name typed, with its dot: `.timeline`.
    public var name: String
    /// Other names it answers to: `.exit` for `.quit`.
    public var aliases: [String]
    /// The arguments, in usage notation: `[LAUNCH] [SESSION]`.
    public var usage: String
    /// One line for `.help`.
    public var summary: String
    /// More, for `.help NAME`.
    public var discussion: String
    public var topic: Topic
    /// How tab completion offers its arguments.
    public var completion: ReplCompletion
    public var run: Handler

    public init(
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
    public var synopsis: String { usage.isEmpty ? name : "\(name) \(usage)" }
}
