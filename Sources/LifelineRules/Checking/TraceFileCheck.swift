import LifelineFormat

/// What checking one trace file covered, and the lines it had to skip.
///
/// A caller that gates CI on the check decides what the skipped lines mean (`lifeline check`
/// fails on them unless `--allow-skipped-lines`); nothing here is lost to standard error.
public struct TraceFileCheck: Sendable, Hashable {
    /// Lines that were not checked, in file order: lines that are not valid format v1, events
    /// before any launch record, and an unterminated last line that does not parse (the producer
    /// stopped mid-write). Each is an error; the caller may downgrade them.
    public var skipped: [Diagnostic] = []
    /// Launch records read.
    public var launches = 0
    /// Events checked.
    public var events = 0

    public init(skipped: [Diagnostic] = [], launches: Int = 0, events: Int = 0) {
        self.skipped = skipped
        self.launches = launches
        self.events = events
    }
}
