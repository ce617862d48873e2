/// One launch and its events in memory, as a foreign shape decodes it or an export reads it.
///
/// `lines[i]` is the 1-based line of the source file `events[i]` came from (0 when unknown), so an
/// imported event still points at the log line that showed it.
public struct InterchangeLaunch: Sendable, Hashable {
    public var record: LaunchRecord
    /// The line of the source that started the launch (0 when unknown).
    public var line: Int
    public var events: [EventRecord]
    public var lines: [Int]
    /// The file the events came from, for `file:line` in an export (nil when unknown).
    public var file: String?
    /// Whether the source names scene sessions. When it does not (console logs, unified logs), a
    /// scene event's `session` is the scene's identity (`<UIWindowScene: 0x…>`) where the line shows
    /// one, and absent where it does not (docs/interchange.md#sessions).
    public var namesSessions: Bool
    /// Lines that repeated the invocation of an event (an app's second log statement in the same
    /// delegate method, a notification observer's line right after it), by the event's index: the
    /// event keeps its first line, so a finding points there (docs/interchange.md#one-invocation-one-event).
    public var mergedLines: [Int: [Int]] = [:]

    public init(
        record: LaunchRecord, line: Int = 0, events: [EventRecord] = [], lines: [Int] = [], file: String? = nil,
        namesSessions: Bool = true
    ) {
        self.record = record
        self.line = line
        self.events = events
        self.lines = lines
        self.file = file
        self.namesSessions = namesSessions
    }

    /// Appends an event with the next `seq` (1, 2, ...) and its source line.
    public mutating func append(_ event: EventRecord, line: Int) {
        var event = event
        event.seq = Int64(events.count + 1)
        events.append(event)
        lines.append(line)
    }

    /// The catalog callbacks the launch shows, which is what an imported log records
    /// (a log that never prints `willConnectTo` does not record it).
    public var recordedCallbacks: Set<Callback> {
        Set(events.compactMap(\.event.callback))
    }

    /// The launch record to store and check for this launch of a `shape` input: which callbacks it
    /// records is what `--records` declares (`declared`), else what its record says (a Lifeline
    /// export's launch args), else — for a log (console text, unified log), which prints only the
    /// callbacks the app chose to log — the callbacks the launch shows, and the rest of a delegate's
    /// state methods when it shows two of them (``recordsAssumption(declaring:shape:)``), so that a
    /// rule needing one the log never prints is not applicable rather than violated
    /// (docs/interchange.md#recorded-callbacks).
    public func checkedRecord(declaring declared: CallbackSet?, shape: TraceShape) -> LaunchRecord {
        var record = self.record
        if let declared {
            record.records = declared
        } else if record.records == nil, shape == .text || shape == .oslog {
            var records = CallbackSet(recordedCallbacks)
            for callback in recordsAssumption(declaring: nil, shape: shape)?.assumed ?? CallbackSet() { records.insert(callback) }
            record.records = records
        }
        return record
    }

    /// What the launch's checked record takes as recorded beyond the callbacks it shows, and why: nil
    /// when `--records` declares the callbacks, the record says, the input is not a log, or the launch
    /// shows fewer than two of any delegate's state methods (``RecordsAssumption``).
    public func recordsAssumption(declaring declared: CallbackSet?, shape: TraceShape) -> RecordsAssumption? {
        guard declared == nil, record.records == nil, shape == .text || shape == .oslog else { return nil }
        return RecordsAssumption.inferred(from: CallbackSet(recordedCallbacks))
    }
}
