/// What a shell session needs to know about its surroundings.
package struct ReplConfiguration: Sendable {
    /// The database to open (read-only); it must exist.
    package var databasePath: String
    /// How the banner names it: the path, or what it was imported from.
    package var databaseLabel: String?
    /// Relative paths in commands (`.import`, `.read`, `.output`) resolve against it; nil: the working directory.
    package var directory: String?
    /// Where `.query NAME` finds `NAME.sql` (relative to ``directory``).
    package var queriesDirectory: String
    /// Columns available for tables; nil: the terminal's width, if output is a terminal.
    package var width: Int?
    package var environment: [String: String]
    /// How long one SQL statement may run (`--statement-time`); `.limit statement-time` changes it in a session.
    package var statementTimeLimit = StatementTimeLimit.automatic
    /// How results print at the start: sqlite3 3.53's at a terminal (``OutputFormat/terminal``);
    /// the launcher makes it `list` without headers for a script, as sqlite3 does.
    package var format = OutputFormat.terminal

    package init(
        databasePath: String, directory: String? = nil, queriesDirectory: String? = nil, width: Int? = nil,
        environment: [String: String] = [:]
    ) {
        self.databasePath = databasePath
        self.directory = directory
        self.queriesDirectory = queriesDirectory ?? environment["LIFELINE_QUERIES"] ?? "queries"
        self.width = width
        self.environment = environment
    }

    /// `path` resolved against ``directory``.
    func resolve(_ path: String) -> String {
        guard let directory, !path.hasPrefix("/") else { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}
