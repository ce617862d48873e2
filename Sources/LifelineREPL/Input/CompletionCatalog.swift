/// Everything tab completion can offer at one prompt, gathered before the prompt is shown.
///
/// A plain value, so readline's completion callback (a C function) can read it
/// without reaching into the shell.
public struct CompletionCatalog: Sendable {
    /// Dot-command names (and aliases) with how each completes its arguments.
    public var commands: [String: ReplCompletion] = [:]
    public var tables: [String] = []
    public var columns: [String] = []
    public var callbacks: [String] = []
    public var queries: [String] = []
    public var launches: [String] = []
    public var sessions: [String] = []
    /// Ids of the loaded rules: empty until rules can be loaded.
    public var ruleIDs: [String] = []
    /// Relative file paths resolve against it; nil: the working directory.
    public var directory: String?

    public init() {}
}
