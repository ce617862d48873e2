import LifelineFormat

/// A rule that was not judged on a launch because it needs callbacks the launch's trace does not record.
///
/// A trace that logs only some callbacks (its launch record's `records`) cannot show that a
/// callback it never logs did or did not happen; a rule that needs one is *not applicable* to
/// that launch, which reports say with the reason, rather than violated or satisfied.
///
/// ```
/// traces/partial-device-log.ndjson:1: not applicable[scene.connect-once]: needs 'willConnectTo',
///   which this trace does not record
/// ```
public struct Inapplicability: Sendable, Hashable {
    public var ruleID: String
    /// The launch: its trace and identifier.
    public var slice: SliceKey
    /// The file and line of the launch record (nil when the records came without lines: a checker
    /// fed records in memory).
    public var file: String
    public var line: Int?
    /// The callbacks the rule needs that the launch does not record, in catalog order.
    public var unrecorded: [Callback]
    /// Whether the rule is a state machine, which needs only one of its callbacks recorded.
    public var isMachine: Bool
    /// Whether the trace does not show how the launch began (a log that starts mid-run), and
    /// ``unrecorded`` are the callbacks that may have come before its first line.
    public var beforeTheTrace: Bool

    public init(
        ruleID: String, slice: SliceKey, file: String, line: Int?, unrecorded: [Callback], isMachine: Bool,
        beforeTheTrace: Bool = false
    ) {
        self.ruleID = ruleID
        self.slice = slice
        self.file = file
        self.line = line
        self.unrecorded = unrecorded
        self.isMachine = isMachine
        self.beforeTheTrace = beforeTheTrace
    }

    /// `needs 'willConnectTo', which this trace does not record`.
    public var reason: String {
        let names = unrecorded.map { "'\($0)'" }
        if isMachine {
            return "names only callbacks this trace does not record (\(names.joined(separator: ", ")))"
        }
        let list: String
        switch names.count {
        case 0: list = "nothing"
        case 1: list = names[0]
        default: list = names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        }
        if beforeTheTrace {
            let which = names.isEmpty ? "what it needs" : (names.count == 1 ? list : "any of " + list)
            return "the trace begins after the launch did, and \(which) may have come before its first line"
        }
        return "needs \(list), which this trace does not record"
    }

    /// `file:line`, the launch record's location.
    public var location: String { line.map { "\(file):\($0)" } ?? file }

    /// `traces/a.ndjson:1: not applicable[scene.connect-once]: needs 'willConnectTo', which this trace does not record`.
    public var headline: String { "\(location): not applicable[\(ruleID)]: \(reason)" }
}
