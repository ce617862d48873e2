import GRDB

/// A session named on the command line: its id or a unique prefix of it, within a launch.
enum SessionReference {
    static func resolve(_ reference: String, launchID: Int64, _ db: Database) throws -> String {
        let sessions = try String.fetchAll(db, sql: """
            SELECT DISTINCT session FROM event WHERE launch_id = ?1 AND session IS NOT NULL
            AND (session = ?2 OR substr(session, 1, length(?2)) = ?2) ORDER BY session = ?2 DESC LIMIT 2
            """, arguments: [launchID, reference])
        guard let first = sessions.first else {
            throw ReplError.message("no session '\(reference)' in launch \(launchID); .sessions \(launchID) lists them")
        }
        if sessions.count > 1 && first != reference {
            throw ReplError.message("'\(reference)' names more than one session of launch \(launchID)")
        }
        return first
    }
}
