import LifelineFormat

/// A launch a check judged: how the findings name it, where its record is, what the record says
/// and how many events it had. `lifeline check --format json|jsonl` lists them, so a program that
/// tallies findings (by device, OS or app version) has every launch's facts, findings or not.
package struct CheckedLaunch: Sendable, Equatable {
    /// The launch as findings name it: its `launch` identifier, else `file:line` of its record.
    package var key: String
    /// The trace it belongs to, as the report names it.
    package var trace: String
    /// The file and line of its launch record (the first part's, for a launch a rotated file
    /// continues); no line for events before any launch record.
    package var file: String
    package var line: Int?
    package var record: LaunchRecord
    /// Its events, across rotated parts.
    package var events: Int
    /// Its kind, phases and ending (docs/launches.md).
    package var anatomy: LaunchAnatomy?

    /// `launches` with the endings settled that need the launches after them
    /// (``LaunchAnatomy/settleEndings(_:)``).
    package static func settlingEndings(_ launches: [CheckedLaunch]) -> [CheckedLaunch] {
        var settled = launches
        LaunchAnatomy.settleEndings(of: &settled, at: \.anatomy) {
            LaunchAnatomy.Place(trace: $0.trace, app: $0.record.app, appVersion: $0.record.appVersion, os: $0.record.os)
        }
        return settled
    }
}
