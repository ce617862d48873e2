/// Work the sample app does inside its callbacks; in the simulation it only takes time.
///
/// The ranges (milliseconds) are plausible for a small notes app on a recent
/// iPhone; each call draws its duration from the seeded generator.
enum AppWork {
    case readDefaults
    case openDatabase
    case configureServices
    case buildWindow
    case restoreState
    case refreshContent
    /// Loading the first screen's content after its first frame (the notes list), before "fully displayed".
    case loadContent
    case resumeTimers
    case pauseTimers
    case saveState
    case releaseWindow
    case purgeCaches
    case handlePush
    case fetchContent
    case cleanUpSessions
    case closeDatabase
    /// A synchronous upload that takes exactly this long (the `block-background` fault).
    case upload(nanoseconds: UInt64)
    /// A synchronous database migration that takes exactly this long (the `slow-launch` fault).
    case migrateDatabase(nanoseconds: UInt64)

    /// How long the work takes, in milliseconds; `nil` for work of a fixed length.
    var milliseconds: ClosedRange<Double>? {
        switch self {
        case .readDefaults: return 0.2...1.2
        case .openDatabase: return 8...30
        case .configureServices: return 4...20
        case .buildWindow: return 25...70
        case .restoreState: return 2...12
        case .refreshContent: return 0.5...4
        case .loadContent: return 20...250
        case .resumeTimers, .pauseTimers: return 0.1...1
        case .saveState: return 12...60
        case .releaseWindow: return 1...5
        case .purgeCaches: return 2...10
        case .handlePush: return 40...180
        case .fetchContent: return 300...1500
        case .cleanUpSessions: return 0.5...3
        case .closeDatabase: return 3...15
        case .upload, .migrateDatabase: return nil
        }
    }
}
