import LifelineSupport
import LifelineTerminal

/// The dot-commands a shell knows, by name.
///
/// ``standard`` holds every built-in command; more can be added by registering
/// values (``register(_:)``), and `.help` lists a topic only when it has commands.
package struct ReplCommandRegistry: Sendable {
    package private(set) var commands: [ReplCommand] = []
    private var byName: [String: Int] = [:]

    package init(_ commands: [ReplCommand] = []) {
        for command in commands { register(command) }
    }

    /// Adds a command, or replaces the one with the same name.
    package mutating func register(_ command: ReplCommand) {
        if let index = byName[command.name] {
            commands[index] = command
        } else {
            byName[command.name] = commands.count
            commands.append(command)
        }
        for alias in command.aliases { byName[alias] = byName[command.name] }
    }

    /// The command named `name` (or aliased so).
    package func command(named name: String) -> ReplCommand? {
        byName[name].map { commands[$0] }
    }

    /// Every name and alias, sorted.
    package var names: [String] { byName.keys.sorted() }

    /// The nearest known name to a mistyped one; none for a single letter, too little to guess from.
    package func suggestion(for name: String) -> String? {
        guard name.count > 2 else { return nil }
        return EditDistance.nearest(to: name, in: commands.map(\.name))
    }

    /// Every command the shell ships.
    package static var standard: ReplCommandRegistry {
        ReplCommandRegistry(
            ReplCommand.lifecycleCommands + ReplCommand.rulesCommands + ReplCommand.shellCommands
                + ReplCommand.scriptingCommands + ReplCommand.databaseCommands)
    }
}
