/// One launch at a glance: its launch record, its file and what the `launch_summary` view adds.
package struct LaunchSummary: Equatable, Sendable {
    /// `launch.id`, what `.timeline` takes.
    package var id: Int64
    package var uuid: String?
    /// The rotated part this copy of the launch record starts, nil for the first.
    package var part: Int64?
    package var app: String?
    package var platform: String?
    package var os: String?
    package var device: String?
    /// `scene` or `app`.
    package var lifecycle: String?
    package var started: String?
    /// The trace file's path as imported.
    package var file: String?
    package var eventCount: Int64
    /// Distinct sessions, the app's (no session) counting as one.
    package var sessionCount: Int64
    /// The launch's time to active in nanoseconds: its anatomy's (from the process start, the wait for
    /// the user left out) when it has one, else from `didFinishLaunching` to the first `didBecomeActive`.
    package var timeToActive: Int64?
    /// `cold`, `warm`, `prewarmed`, `background` or `unknown` (`launch_anatomy`; nil in a database older than v10).
    package var kind: String?
    /// How it ended: `terminated`, `swipe-killed`, `background`, `foreground-exit` or `unknown`.
    package var ending: String?
    /// Nanoseconds to the recorder's first frame, waiting for the user left out (nil: none, or a database older than v11).
    package var timeToFirstFrame: Int64? = nil
    /// How often a scene (or the app) came back from the background (nil in a database older than v12).
    package var resumeCount: Int64? = nil
}
