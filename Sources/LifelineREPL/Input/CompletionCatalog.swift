/// Everything tab completion can offer at one prompt, gathered before the prompt is shown.
///
/// A plain value, so readline's completion callback (a C function) can read it
/// without reaching into the shell.
package struct CompletionCatalog: Sendable {
    /// Dot-command names (and aliases) with how each completes its arguments.
    package var commands: [String: ReplCompletion] = [:]
    package var tables: [String] = []
    package var columns: [String] = []
    package var callbacks: [String] = []
    package var queries: [String] = []
    package var launches: [String] = []
    package var sessions: [String] = []
    /// Ids of the loaded rules: empty until rules can be loaded.
    package var ruleIDs: [String] = []
    /// Relative file paths resolve against it; nil: the working directory.
    package var directory: String?

    package init() {}
}
