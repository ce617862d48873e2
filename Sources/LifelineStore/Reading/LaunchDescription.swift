/// A launch's record and its file: what a timeline's title line says, read without the counts
/// ``LaunchSummary`` adds (which read every event of the launch).
package struct LaunchDescription: Equatable, Sendable {
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

    /// The description part of `summary`.
    package init(_ summary: LaunchSummary) {
        self.init(
            id: summary.id, uuid: summary.uuid, part: summary.part, app: summary.app, platform: summary.platform,
            os: summary.os, device: summary.device, lifecycle: summary.lifecycle, started: summary.started,
            file: summary.file)
    }

    init(
        id: Int64, uuid: String?, part: Int64?, app: String?, platform: String?, os: String?, device: String?,
        lifecycle: String?, started: String?, file: String?
    ) {
        self.id = id
        self.uuid = uuid
        self.part = part
        self.app = app
        self.platform = platform
        self.os = os
        self.device = device
        self.lifecycle = lifecycle
        self.started = started
        self.file = file
    }
}
