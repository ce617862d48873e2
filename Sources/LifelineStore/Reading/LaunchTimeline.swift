/// A launch and its timeline: every event in seq order, begin/end pairs as the `span` view pairs them.
package struct LaunchTimeline: Equatable, Sendable {
    package var launch: LaunchSummary
    package var entries: [TimelineEntry]
}
