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
        case failed(String)
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

    public init(
        path: String, outcome: Outcome, launches: Int = 0, events: Int = 0, malformed: Int = 0, dropped: Int = 0,
        warnings: Int = 0, orderErrors: Int = 0, bytes: Int = 0
    ) {
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

    /// `imported 3 files (1 unchanged), 4 launches, 1,204 events, 2 skipped lines in 0.12 s (10,033 events/s)`
    public var line: String {
        var notes: [String] = []
        func note(_ count: Int, _ what: String) { if count > 0 { notes.append("\(count) \(what)") } }
        note(files.filter { if case .appended = $0.outcome { return true } else { return false } }.count, "appended")
        note(files.filter { $0.outcome == .reimported }.count, "re-imported")
        note(files.filter { $0.outcome == .unchanged }.count, "unchanged")
        note(files.filter { if case .duplicate = $0.outcome { return true } else { return false } }.count, "duplicate")
        note(failures, "failed")
        func counted(_ count: Int, _ one: String, _ many: String) -> String { "\(count.grouped) \(count == 1 ? one : many)" }
        let header = "imported \(counted(files.count, "file", "files"))" + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
        return "\(header), \(counted(launches, "launch", "launches")), \(counted(events, "event", "events")), "
            + "\(counted(skippedLines, "skipped line", "skipped lines")) "
            + "in \(String(format: "%.2f", seconds)) s (\(Int(eventsPerSecond.rounded()).grouped) events/s)"
    }
}

extension Int {
    /// `1234567` → `1,234,567`.
    var grouped: String {
        let digits = String(magnitude)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return self < 0 ? "-" + result : result
    }
}
