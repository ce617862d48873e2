import LifelineTerminal

/// The dot-commands a shell knows, by name.
///
/// ``standard`` holds every built-in command; more can be added by registering
/// values (``register(_:)``), and `.help` lists a topic only when it has commands.
public struct ReplCommandRegistry: Sendable {
    public private(set) var commands: [ReplCommand] = []
    private var byName: [String: Int] = [:]

    public init(_ commands: [ReplCommand] = []) {
        for command in commands { register(command) }
    }

    /// Adds a command, or replaces the one with the same name.
    public mutating func register(_ command: ReplCommand) {
        if let index = byName[command.name] {
            commands[index] = command
        } else {
            byName[command.name] = commands.count
            commands.append(command)
        }
        for alias in command.aliases { byName[alias] = byName[command.name] }
    }

    /// The command named `name` (or aliased so).
    public func command(named name: String) -> ReplCommand? {
        byName[name].map { commands[$0] }
    }

    /// Every name and alias, sorted.
    public var names: [String] { byName.keys.sorted() }

    /// The nearest known name to a mistyped one.
    public func suggestion(for name: String) -> String? {
        EditDistance.nearest(to: name, in: commands.map(\.name))
    }

    /// Every command the shell ships.
    public static var standard: ReplCommandRegistry {
        ReplCommandRegistry(ReplCommand.lifecycleCommands + ReplCommand.rulesCommands + ReplCommand.shellCommands)
    }
}
