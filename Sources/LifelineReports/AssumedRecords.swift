import LifelineFormat

/// A log's launches taken to record callbacks they do not show (``RecordsAssumption``), as reports
/// show it: where the first such launch starts, what was assumed and why, and for how many launches
/// of the trace.
///
/// ```
/// device.log:1: assumed: the log shows scene delegate methods (sceneWillEnterForeground, sceneDidBecomeActive),
///   so it records sceneWillResignActive, sceneDidEnterBackground, sceneDidDisconnect too (--records overrides)
/// ```
package struct AssumedRecords: Sendable, Hashable {
    /// The trace, as the report names it.
    package var file: String
    /// The line of the log that started the launch.
    package var line: Int
    package var assumption: RecordsAssumption
    /// How many launches of the trace were taken so (the first one's place is ``file``:``line``).
    package var launches = 1

    package init(file: String, line: Int, assumption: RecordsAssumption) {
        self.file = file
        self.line = line
        self.assumption = assumption
    }

    /// `file:line` of the first launch.
    package var location: String { line > 0 ? "\(file):\(line)" : file }

    package var headline: String {
        "\(location): assumed: \(assumption)" + (launches > 1 ? " (\(launches) launches)" : "")
    }

    /// One entry per trace and assumption, counting its launches, in order of first appearance.
    package static func grouped(_ entries: [AssumedRecords]) -> [AssumedRecords] {
        var groups: [AssumedRecords] = []
        var index: [String: Int] = [:]
        for entry in entries {
            let key = entry.file + "\u{0}" + entry.assumption.description
            if let position = index[key] {
                groups[position].launches += 1
            } else {
                index[key] = groups.count
                groups.append(entry)
            }
        }
        return groups
    }
}
