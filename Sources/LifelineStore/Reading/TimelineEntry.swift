/// One row of a launch's timeline as the store pairs it: an instant, a span (a begin with the
/// end the `span` view gives it, if any), or an end the `span` view gives to no begin.
package struct TimelineEntry: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        case instant
        /// A begin; `end` is the seq of its end and `duration` the nanoseconds between them,
        /// both nil when it never ended (the app was killed inside it).
        case span(end: Int64?, duration: Int64?)
        /// An end whose begin is not in the launch (a rotated part began it).
        case orphanEnd
    }

    package var seq: Int64
    /// The callback as recorded (`sceneDidBecomeActive(_:)`).
    package var event: String
    package var kind: Kind
    package var session: String?
    package var scene: String?
    /// Nanoseconds since the launch's first event.
    package var offset: Int64
    /// The scene state after the event: after its end, for a span that ended.
    package var state: String?
}
