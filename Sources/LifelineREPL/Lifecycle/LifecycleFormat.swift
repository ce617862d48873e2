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

    /// A catalog callback's short name shortened as a person would on a narrow screen: level 1 drops
    /// the delegate's prefix, which the lane already says (`sceneDidBecomeActive` is `didBecomeActive`,
    /// `applicationWillTerminate` `willTerminate`); level 2 also says `Fg`, `Bg` and `config`
    /// (`willEnterFg`, `configForConnecting`). App-defined events keep their names.
    static func abbreviated(_ name: String, level: Int) -> String {
        guard level > 0, Callback(named: name) != nil else { return name }
        var short = name
        for prefix in ["windowScene", "application", "scene"] where short.hasPrefix(prefix) {
            let rest = short.dropFirst(prefix.count)
            if let first = rest.first, first.isUppercase { short = first.lowercased() + rest.dropFirst() }
            break
        }
        guard level > 1 else { return short }
        for (word, abbreviation) in [("Foreground", "Fg"), ("Background", "Bg"), ("configuration", "config"), ("Configuration", "Config")] {
            short = short.replacingOccurrences(of: word, with: abbreviation)
        }
        return short
    }
}
