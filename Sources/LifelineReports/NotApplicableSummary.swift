import LifelineFormat
import LifelineRules

/// The rules not applicable to a trace for one kind of reason, said once: how many rules, which
/// callbacks they want (with how many rules want each) and what to do about it. The text, GitHub and
/// JUnit reports show these; JSON, JSON Lines, SARIF and HTML keep one entry per rule
/// (``NotApplicableGroup``).
///
/// ```
/// device.log:2: not applicable: 15 rules need callbacks this trace does not record: 'willConnectTo' (7 rules),
///   'didFinishLaunching' (5), 'configurationForConnecting' (3), ...; to judge them, record or log those callbacks,
///   or name what the trace records with --records (each rule: --format json)
/// ```
package struct NotApplicableSummary: Sendable, Hashable {
    /// The first launch's place.
    package var file: String
    package var line: Int?
    package var trace: String
    /// Whether the reason is that the trace begins after its launch did (an excerpt).
    package var beforeTheTrace: Bool
    /// The rules, in order of first appearance.
    package var rules: [String]
    /// The callbacks the rules want, each with how many of the rules want it: most wanted first.
    package var callbacks: [Wanted]
    /// The most launches of the trace any one of the rules was not applicable to.
    package var launches: Int

    /// A callback and how many of the rules want it.
    package struct Wanted: Sendable, Hashable {
        package var callback: Callback
        package var rules: Int
    }

    /// `file:line` of the first launch.
    package var location: String { line.map { "\(file):\($0)" } ?? file }

    /// The callbacks and their counts: `'willConnectTo' (7 rules), 'didFinishLaunching' (5)`.
    package var wanted: String {
        var text = callbacks.prefix(Self.named).enumerated().map { index, entry in
            "'\(entry.callback)' (\(entry.rules)\(index == 0 ? (entry.rules == 1 ? " rule" : " rules") : ""))"
        }.joined(separator: ", ")
        if callbacks.count > Self.named { text += " and \(callbacks.count - Self.named) more" }
        return text
    }

    /// How many callbacks the line names; JSON names them all.
    static let named = 5

    /// The reason, without the place.
    package var reason: String {
        let count = rules.count == 1 ? "1 rule needs" : "\(rules.count) rules need"
        let launchCount = launches > 1 ? " (\(launches) launches)" : ""
        if beforeTheTrace {
            return
                "\(count) what may have come before the trace began (it starts after its launch did)\(launchCount)"
                + (callbacks.isEmpty ? "; " : ": \(wanted); ")
                + "nothing before its first line is taken to have happened or not"
        }
        return
            "\(count) callbacks this trace does not record\(launchCount): \(wanted); to judge them, record or log those callbacks, "
            + "or name what the trace records with --records (each rule: --format json)"
    }

    /// `device.log:2: not applicable: 15 rules need callbacks …`.
    package var headline: String { "\(location): not applicable: \(reason)" }

    /// One summary per trace and kind of reason, in order of first appearance.
    package static func summaries(_ groups: [NotApplicableGroup]) -> [NotApplicableSummary] {
        var summaries: [NotApplicableSummary] = []
        var wanted: [[Callback: Int]] = []
        var index: [String: Int] = [:]
        for group in groups {
            let key = group.trace + (group.first.beforeTheTrace ? "\u{0}before" : "")
            let position: Int
            if let known = index[key] {
                position = known
            } else {
                position = summaries.count
                index[key] = position
                summaries.append(
                    NotApplicableSummary(
                        file: group.first.file, line: group.first.line, trace: group.trace, beforeTheTrace: group.first.beforeTheTrace,
                        rules: [], callbacks: [], launches: 0))
                wanted.append([:])
            }
            if !summaries[position].rules.contains(group.ruleID) {
                summaries[position].rules.append(group.ruleID)
                for callback in Set(group.first.unrecorded) { wanted[position][callback, default: 0] += 1 }
            }
            summaries[position].launches = max(summaries[position].launches, group.launches)
        }
        for position in summaries.indices {
            summaries[position].callbacks = wanted[position].map { Wanted(callback: $0.key, rules: $0.value) }.sorted {
                $0.rules != $1.rules ? $0.rules > $1.rules : $0.callback.rawValue < $1.callback.rawValue
            }
        }
        return summaries
    }
}
