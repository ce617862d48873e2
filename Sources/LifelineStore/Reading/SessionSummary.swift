/// One scene session of one launch, gathered from the `timeline` view.
package struct SessionSummary: Equatable, Sendable {
    package var launchID: Int64
    package var session: String
    /// How many distinct scenes its events name.
    package var sceneCount: Int
    package var eventCount: Int
    /// Nanoseconds since the launch's first event, of its first and last events.
    package var first: Int64
    package var last: Int64
    /// The scene state after its last event (the `timeline` view's `state`).
    package var state: String?
}
