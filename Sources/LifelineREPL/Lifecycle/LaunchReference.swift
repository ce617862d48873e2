import GRDB

/// A launch named on the command line: its id, or its uuid or a unique prefix of it.
enum LaunchReference {
    static func resolve(_ reference: String, _ db: Database) throws -> Int64 {
        if let id = Int64(reference), try Bool.fetchOne(db, sql: "SELECT 1 FROM launch WHERE id = ?", arguments: [id]) == true {
            return id
        }
        let ids = try Int64.fetchAll(db, sql: """
            SELECT id FROM launch WHERE uuid = ?1 OR substr(uuid, 1, length(?1)) = ?1 ORDER BY uuid = ?1 DESC, id LIMIT 2
            """, arguments: [reference])
        switch ids.count {
        case 0: throw ReplError.message("no launch '\(reference)'; .launches lists them")
        case 1: return ids[0]
        default:
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM launch WHERE uuid = ?", arguments: [reference]) == true {
                return ids[0]
            }
            throw ReplError.message("'\(reference)' names more than one launch; give its id")
        }
    }
}

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
