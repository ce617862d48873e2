import LifelineFormat

/// A record read back from the database, in trace order, with where it came from.
public enum StoredRecord: Sendable {
    /// A launch record (or a rotated part's copy of one).
    case launch(LaunchRecord, file: String, line: Int)
    /// An event of the launch before it.
    case event(EventRecord, line: Int)
}
