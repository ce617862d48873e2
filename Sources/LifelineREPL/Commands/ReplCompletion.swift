/// What tab completion offers for a command's arguments.
package indirect enum ReplCompletion: Sendable {
    case none
    /// Fixed words: `on`, `off`.
    case choices([String])
    /// Dot-command names.
    case commands
    /// Tables and views of the database.
    case tables
    /// Files and directories, relative to the working directory.
    case filePaths
    /// Saved queries (`queries/NAME.sql`).
    case queries
    /// Launch ids.
    case launches
    /// Scene session ids.
    case sessions
    /// Ids of the loaded rules (``CompletionCatalog/ruleIDs``).
    case ruleIDs
    /// Any of these.
    case union([ReplCompletion])
    /// One completion per argument position; the last one repeats.
    case positional([ReplCompletion])

    /// The completion for the argument at `index` (0-based).
    func forArgument(_ index: Int) -> ReplCompletion {
        guard case .positional(let list) = self else { return self }
        guard let last = list.last else { return .none }
        return index < list.count ? list[index].forArgument(0) : last.forArgument(0)
    }
}
