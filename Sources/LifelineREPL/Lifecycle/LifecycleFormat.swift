import Foundation
import LifelineFormat
import LifelineReports
import LifelineTerminal

/// How lifecycle commands write times, durations and callback names.
enum LifecycleFormat {
    /// Time since the launch's first event: `+0.034s`.
    static func offset(_ nanoseconds: Int64) -> String {
        String(format: "+%.3fs", Double(nanoseconds) / 1e9)
    }

    /// A callback's duration: `850µs`, `12.0ms`, `1.250s`.
    static func duration(_ nanoseconds: Int64) -> String {
        if nanoseconds < 1_000_000 { return "\(nanoseconds / 1000)µs" }
        if nanoseconds < 1_000_000_000 { return String(format: "%.1fms", Double(nanoseconds) / 1e6) }
        return String(format: "%.3fs", Double(nanoseconds) / 1e9)
    }

    /// The short name of a catalog callback (`sceneDidBecomeActive`), an app-defined name as written; escaped.
    static func callbackName(_ event: String) -> String {
        if let callback = Callback(named: event) { return "\(callback)" }
        return TerminalText.escape(event)
    }
}
