/// What a simulation wrote.
package struct SimulationSummary: Hashable, Sendable {
    /// The trace file.
    package var path: String
    /// Launch records written (one per simulated process).
    package var launches: Int
    /// Event records written.
    package var events: Int

    package init(path: String, launches: Int, events: Int) {
        self.path = path
        self.launches = launches
        self.events = events
    }

    /// `traces/x.ndjson: 2 launches, 57 events`
    package var line: String {
        "\(path): \(launches) \(launches == 1 ? "launch" : "launches"), \(events) events"
    }
}
