import LifelineFormat
import LifelineRules

/// Gathers launches and their events, in trace order, into ``ReportTimelines``.
///
/// Fed the records a check read (a trace file's lines or a database's rows): a launch record
/// starts a launch, except a rotated file's copy of the current one (`part` 2, 3, …), which
/// continues it, as the checker does. Each launch's events are encoded as they arrive, so
/// memory holds compact JSON rather than event records.
///
/// ```swift
/// let collector = TimelineCollector(wanted: [EventLocation(file: "a.ndjson", line: 7)])
/// collector.beginLaunch(launch, file: "a.ndjson", line: 1)
/// collector.add(event, file: "a.ndjson", line: 2)
/// let timelines = collector.finish()
/// ```
package final class TimelineCollector {
    /// How many of the longest spans the summary lists.
    package static let slowestCount = 25

    private let wanted: Set<EventLocation>
    private var timelines = ReportTimelines()
    private var current: Open?

    /// The launch being gathered.
    private struct Open {
        var launch: ReportTimelines.Launch
        var strings: [String: Int] = [:]
        var stringList: [String] = []
        var files: [String: Int] = [:]
        var fileList: [String] = []
        var events = ScriptSafeJSON()
        var count = 0
        var first: Int64?
        var last: Int64 = 0
        var finishedLaunching: Int64?
        var active: Int64?
        /// The launch's kind, phases and ending as its callbacks come (docs/launches.md).
        var anatomy: LaunchAnatomy.Builder
        /// Open begin events by name, session and scene: their time and index.
        var open: [SpanKey: [(t: Int64, index: Int)]] = [:]
        /// What the events say about each scene session, for its lane's name.
        var sceneNames = SceneLaneNames()
    }

    private struct SpanKey: Hashable {
        var name: String
        var session: String?
        var scene: String?
    }

    /// `wanted`: the events findings name; their positions are kept in ``ReportTimelines/positions``.
    package init(wanted: Set<EventLocation> = []) {
        self.wanted = wanted
    }

    /// Starts a launch (or continues the current one, for a rotated file's copy of its record).
    package func beginLaunch(_ record: LaunchRecord, file: String, line: Int) {
        if let current, (record.part ?? 1) > 1, record.launch != nil, record.launch == current.launch.record.launch { return }
        endLaunch()
        current = Open(
            launch: ReportTimelines.Launch(
                record: record, file: file, line: line, events: 0, duration: 0, timeToActive: nil, json: ScriptSafeJSON()),
            anatomy: LaunchAnatomy.Builder(record: record))
    }

    /// Adds an event of the current launch; one before any launch record is ignored, as the checker skips it.
    package func add(_ event: EventRecord, file: String, line: Int) {
        guard var open = current else { return }
        current = nil
        let first = open.first ?? event.t
        open.first = first
        open.last = max(open.last, event.t)
        let index = open.count
        if open.count > 0 { open.events.byte(UInt8(ascii: ",")) }
        open.events.byte(UInt8(ascii: "["))
        open.events.int(event.seq)
        open.events.byte(UInt8(ascii: ","))
        open.events.int(event.t.saturatingSubtracting(first))
        open.events.byte(UInt8(ascii: ","))
        open.events.int(Self.kind(event))
        for string in [event.event.name as String?, event.session, event.scene, event.thread] {
            open.events.byte(UInt8(ascii: ","))
            open.events.int(string.map { Self.intern($0, &open.strings, &open.stringList) } ?? -1)
        }
        open.events.byte(UInt8(ascii: ","))
        open.events.int(Self.intern(file, &open.files, &open.fileList))
        open.events.byte(UInt8(ascii: ","))
        open.events.int(line)
        if !event.attrs.isEmpty {
            open.events.byte(UInt8(ascii: ","))
            open.events.attributes(event.attrs)
        }
        open.events.byte(UInt8(ascii: "]"))
        open.count += 1
        if let session = event.session { open.sceneNames.note(session: session, attrs: event.attrs) }

        let phase = event.phase
        // Callbacks, the recorder's marks and the app's spans: the anatomy the checker derives.
        open.anatomy.note(event)
        switch event.event.callback {
        case .didFinishLaunching? where open.finishedLaunching == nil && phase != .end:
            open.finishedLaunching = event.t
        case .sceneDidBecomeActive?, .applicationDidBecomeActive?:
            if open.active == nil && phase != .end { open.active = event.t }
        default:
            break
        }
        let key = SpanKey(name: event.event.name, session: event.session, scene: event.scene)
        switch phase {
        case .begin:
            open.open[key, default: []].append((event.t, index))
        case .end:
            if let begin = open.open[key]?.popLast() {
                note(
                    ReportTimelines.Span(
                        launch: timelines.launches.count, event: begin.index, name: event.event.name, session: event.session,
                        duration: event.t.saturatingSubtracting(begin.t)))
            }
        case .instant:
            break
        }
        let location = EventLocation(file: file, line: line)
        if wanted.contains(location) {
            timelines.positions[location] = ReportTimelines.Position(launch: timelines.launches.count, event: index)
        }
        current = open
    }

    /// Ends the last launch and returns everything gathered.
    package func finish() -> ReportTimelines {
        endLaunch()
        // A launch that stops in the foreground ended without a callback when its trace goes on.
        LaunchAnatomy.settleEndings(of: &timelines.launches, at: \.anatomy) {
            LaunchAnatomy.Place(trace: $0.file, app: $0.record.app, appVersion: $0.record.appVersion, os: $0.record.os)
        }
        return timelines
    }

    private func endLaunch() {
        guard var open = current else { return }
        current = nil
        var json = ScriptSafeJSON()
        json.raw("{\"t0\":")
        json.int(open.first ?? 0)
        json.raw(",\"s\":[")
        for (index, string) in open.stringList.enumerated() {
            if index > 0 { json.byte(UInt8(ascii: ",")) }
            json.string(string)
        }
        json.raw("],\"f\":[")
        for (index, file) in open.fileList.enumerated() {
            if index > 0 { json.byte(UInt8(ascii: ",")) }
            json.string(file)
        }
        json.raw("],\"e\":[")
        json.append(open.events)
        json.raw("],\"n\":[")
        var named = 0
        for lane in open.sceneNames.lanes {
            guard let name = lane.name, let session = open.strings[lane.session] else { continue }
            if named > 0 { json.byte(UInt8(ascii: ",")) }
            named += 1
            json.byte(UInt8(ascii: "["))
            json.int(session)
            json.byte(UInt8(ascii: ","))
            json.string(name)
            json.byte(UInt8(ascii: ","))
            if let role = lane.facts.role { json.string(role) } else { json.raw("null") }
            json.byte(UInt8(ascii: "]"))
        }
        json.raw("]}")
        open.launch.json = json
        open.launch.events = open.count
        open.launch.duration = open.last.saturatingSubtracting(open.first ?? open.last)
        open.launch.t0 = open.first ?? 0
        // Events that all carry one time (a log without timestamps) show order, not durations.
        open.launch.isTimed = open.count < 2 || open.launch.duration > 0
        if open.launch.isTimed, let start = open.finishedLaunching, let active = open.active, active >= start {
            open.launch.timeToActive = active.saturatingSubtracting(start)
        }
        open.launch.anatomy = open.anatomy.finish()
        timelines.launches.append(open.launch)
    }

    /// Keeps the span if it is among the longest so far.
    private func note(_ span: ReportTimelines.Span) {
        if timelines.slowest.count == Self.slowestCount, let shortest = timelines.slowest.last, shortest.duration >= span.duration {
            return
        }
        let position = timelines.slowest.firstIndex { $0.duration < span.duration } ?? timelines.slowest.count
        timelines.slowest.insert(span, at: position)
        if timelines.slowest.count > Self.slowestCount { timelines.slowest.removeLast() }
    }

    /// The phase (0 instant, 1 begin, 2 end), plus 4 for an app-defined event.
    private static func kind(_ event: EventRecord) -> Int {
        let phase =
            switch event.phase {
            case .instant: 0
            case .begin: 1
            case .end: 2
            }
        return phase + (event.event.isAppDefined ? 4 : 0)
    }

    private static func intern(_ string: String, _ table: inout [String: Int], _ list: inout [String]) -> Int {
        if let index = table[string] { return index }
        table[string] = list.count
        list.append(string)
        return list.count - 1
    }
}
