import LifelineStore

/// A session named on the command line: its id or a unique prefix of it, within a launch.
enum SessionReference {
    static func resolve(_ reference: String, launchID: Int64, _ session: SQLSession) throws -> String {
        switch try session.session(matching: reference, launchID: launchID) {
        case .unique(let id): return id
        case .none:
            throw ReplError.message("no session '\(reference)' in launch \(launchID); .sessions \(launchID) lists them")
        case .ambiguous: throw ReplError.message("'\(reference)' names more than one session of launch \(launchID)")
        }
    }
}
