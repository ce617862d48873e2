import LifelineReports
import LifelineStore
import LifelineTerminal

/// What the title line of a launch's timeline says about it: the store's summary of the launch.
struct LaunchHeader {
    var launch: LaunchDescription

    init(_ launch: LaunchSummary) {
        self.launch = LaunchDescription(launch)
    }

    init(_ launch: LaunchDescription) {
        self.launch = launch
    }

    /// `launch.id`, what `.timeline` takes.
    var id: Int64 { launch.id }

    /// `launch 1 · 3F2A9C1E · com.example.Notes · iOS 17.5 · iPad13,4 · scene life cycle · 2026-11-21T10:00:00.000Z · traces/a.ndjson`
    var title: String {
        var parts = ["launch \(launch.id)"]
        if let uuid = launch.uuid { parts.append(launch.part.map { "\(uuid) part \($0)" } ?? uuid) }
        if let app = launch.app { parts.append(app) }
        let system = [launch.platform, launch.os].compactMap { $0 }.joined(separator: " ")
        if !system.isEmpty { parts.append(system) }
        if let device = launch.device { parts.append(device) }
        if let lifecycle = launch.lifecycle { parts.append(lifecycle == "app" ? "app life cycle" : "\(lifecycle) life cycle") }
        if let started = launch.started { parts.append(started) }
        if let file = launch.file { parts.append(file) }
        return TerminalText.escape(parts.joined(separator: " · "))
    }
}
