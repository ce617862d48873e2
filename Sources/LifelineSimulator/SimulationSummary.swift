/// What a simulation wrote.
public struct SimulationSummary: Hashable, Sendable {
    /// The trace file.
    public var path: String
    /// Launch records written (one per simulated process).
    public var launches: Int
    /// Event records written.
    public var events: Int

    public init(path: String, launches: Int, events: Int) {
        self.path = path
        self.launches = launches
        self.events = events
    }

    /// `traces/x.ndjson: 2 launches, 57 events`
    public var line: String {
        "\(path): \(launches) \(launches == 1 ? "launch" : "launches"), \(events) events"
    }
}
