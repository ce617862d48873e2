import LifelineReports
import LifelineStore

/// What the title line of a launch's timeline says about it.
struct LaunchHeader {
    var id: Int64
    var uuid: String?
    var part: Int64?
    var app: String?
    var platform: String?
    var os: String?
    var device: String?
    var lifecycle: String?
    var started: String?
    var file: String?

    init(_ launch: LaunchSummary) {
        id = launch.id
        uuid = launch.uuid
        part = launch.part
        app = launch.app
        platform = launch.platform
        os = launch.os
        device = launch.device
        lifecycle = launch.lifecycle
        started = launch.started
        file = launch.file
    }

    /// `launch 1 · 3F2A9C1E · com.example.Notes · iOS 17.5 · iPad13,4 · scene life cycle · 2026-11-21T10:00:00.000Z · traces/a.ndjson`
    var title: String {
        var parts = ["launch \(id)"]
        if let uuid { parts.append(part.map { "\(uuid) part \($0)" } ?? uuid) }
        if let app { parts.append(app) }
        let system = [platform, os].compactMap { $0 }.joined(separator: " ")
        if !system.isEmpty { parts.append(system) }
        if let device { parts.append(device) }
        if let lifecycle { parts.append(lifecycle == "app" ? "app life cycle" : "\(lifecycle) life cycle") }
        if let started { parts.append(started) }
        if let file { parts.append(file) }
        return TerminalText.escape(parts.joined(separator: " · "))
    }
}
