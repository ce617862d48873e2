import LifelineFormat

/// What importing one trace file did.
public struct FileImportResult: Sendable {
    /// What happened to the file as a whole.
    public enum Outcome: Sendable, Hashable {
        /// Imported for the first time.
        case imported
        /// The file grew since its last import; only the new lines were imported.
        case appended(fromLine: Int)
        /// The file changed (not just grew) since its last import; its old rows were replaced.
        case reimported
        /// Nothing new since the last import.
        case unchanged
        /// The same content was already imported from another path.
        case duplicate(of: String)
        /// Nothing was imported: the database is as it was before this file.
        case failed(Diagnostic)
        /// Cancelled (``ImportOptions/isCancelled``, the REPL's Ctrl-C) before the file was done:
        /// it rolled back, so the database is as it was before this file.
        case interrupted
    }

    public var path: String
    public var outcome: Outcome
    public var launches = 0
    public var events = 0
    /// Lines skipped as not valid trace format v1 (or events before any launch record).
    public var malformed = 0
    /// Events the producer reported dropping (`lifeline.dropped`).
    public var dropped = 0
    public var warnings = 0
    /// Order errors (seq not increasing, t decreasing); the events are imported as written.
    public var orderErrors = 0
    /// Bytes read in this import.
    public var bytes = 0
    /// What the file was read as.
    public var shape: TraceShape = .native
    /// Lines (entries) of a foreign input that name no known callback and match no app-event pattern.
    public var ignored = 0
    /// Launches of a foreign input that names no scene sessions (docs/interchange.md#sessions).
    public var launchesWithoutSessions = 0
    /// Lines of a log merged into the event of the invocation they repeated (docs/interchange.md#one-invocation-one-event).
    public var merged = 0
    /// For each launch of a log taken to record callbacks it does not show, what was assumed and why
    /// (``RecordsAssumption``), in launch order.
    public var assumed: [String] = []

    public init(
        path: String, outcome: Outcome, launches: Int = 0, events: Int = 0, malformed: Int = 0, dropped: Int = 0,
        warnings: Int = 0, orderErrors: Int = 0, bytes: Int = 0, shape: TraceShape = .native
    ) {
        self.shape = shape
        self.path = path
        self.outcome = outcome
        self.launches = launches
        self.events = events
        self.malformed = malformed
        self.dropped = dropped
        self.warnings = warnings
        self.orderErrors = orderErrors
        self.bytes = bytes
    }

    /// Whether the file was not imported: it failed or was interrupted.
    public var isFailure: Bool {
        switch outcome {
        case .failed, .interrupted: return true
        case .imported, .appended, .reimported, .unchanged, .duplicate: return false
        }
    }
}

/// What importing a set of paths did, for the one-line summary.
public struct ImportSummary: Sendable {
    public var files: [FileImportResult] = []
    public var seconds: Double = 0

    public init() {}

    public var launches: Int { files.reduce(0) { $0 + $1.launches } }
    public var events: Int { files.reduce(0) { $0 + $1.events } }
    public var skippedLines: Int { files.reduce(0) { $0 + $1.malformed } }
    public var failures: Int { files.filter(\.isFailure).count }
    public var eventsPerSecond: Double { seconds > 0 ? Double(events) / seconds : 0 }
}
