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
