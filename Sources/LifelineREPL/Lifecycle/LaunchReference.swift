import LifelineStore

/// A launch named on the command line: its id, or its uuid or a unique prefix of it.
enum LaunchReference {
    static func resolve(_ reference: String, _ session: SQLSession) throws -> Int64 {
        switch try session.launch(matching: reference) {
        case .unique(let id): return id
        case .none: throw ReplError.message("no launch '\(reference)'; .launches lists them")
        case .ambiguous: throw ReplError.message("'\(reference)' names more than one launch; give its id")
        }
    }
}
