/// Writes launches as Trace Event Format JSON (the object form) that Perfetto UI and
/// `chrome://tracing` open (docs/interchange.md#export).
///
/// - One process per launch (`pid` 1, 2, ... in export order; the recorded pid is in its args),
///   named after the app, the device and the launch id by a `process_name` metadata event whose
///   args also carry the whole launch record, so the file imports back into the same launch.
/// - One thread track for the app and one per scene session, named by `thread_name` events, and
///   beside each a `… state` track with the scene (or, for the legacy life cycle, the app) state as
///   slices: `unattached`, `foregroundInactive`, `foregroundActive`, `background`.
/// - A begin/end callback pair is an `X` slice with its duration; an instant callback or app event
///   is an `i` instant on its track; a begin without its end is a `B` (Perfetto shows it as not
///   ended), an end without its begin an instant whose args say `"phase":"end"`.
/// - `args` carry `seq`, `session`, `scene`, `thread`, `attrs` and `file`/`line` (an `X` also the
///   end's `end_seq`, `end_thread`, `end_attrs`, `end_line`).
/// - Timestamps are microseconds with three decimals: nanoseconds exactly.
/// - ``TraceAnnotation``s (violations) are instants in category `violation` on their session's track.
/// - With the launches' anatomies (docs/launches.md), a `launch` track first in each process, named
///   after the launch's kind and ending, holds its phases as `X` slices in category `launch`, each
///   with the kind, ending and their reasons (and the slow reason) in args. Perfetto refuses
///   negative timestamps: a phase that began before the trace's time 0 (pre-main, from the process
///   start) is drawn from 0, its real start in `start_ns`.
///
/// One trace event per line, so an error reading it back points at the event.
public enum ChromeTraceEncoder {
    /// The `otherData.format` value that marks a file this encoder wrote.
    public static let formatMarker = "lifeline-chrome-1"

    /// The whole document.
    public static func encode(_ launches: [InterchangeLaunch], annotations: [TraceAnnotation] = []) -> [UInt8] {
        encode(launches, annotations: annotations, anatomies: [])
    }

    /// The whole document, with each launch's anatomy (`anatomies[i]` for `launches[i]`; none: no launch tracks).
    package static func encode(
        _ launches: [InterchangeLaunch], annotations: [TraceAnnotation], anatomies: [LaunchAnatomy]
    ) -> [UInt8] {
        var output: [UInt8] = []
        output.append(contentsOf: #"{"displayTimeUnit":"ns","otherData":{"producer":"lifeline "#.utf8)
        output.append(contentsOf: LifelineVersion.current.utf8)
        output.append(contentsOf: #"","format":""#.utf8)
        output.append(contentsOf: formatMarker.utf8)
        output.append(contentsOf: "\"},\"traceEvents\":[\n".utf8)
        var writer = EventWriter(output: output)
        for (index, launch) in launches.enumerated() {
            encode(
                launch, pid: Int64(index + 1), annotations: annotations.filter { $0.launch == index },
                anatomy: index < anatomies.count ? anatomies[index] : nil, into: &writer)
        }
        output = writer.output
        output.append(contentsOf: "\n]}\n".utf8)
        return output
    }

    /// The state a callback leaves its scene (or, for app-level callbacks, the app) in; nil for one that changes none.
    public static func state(after callback: Callback) -> String? {
        switch callback {
        case .willConnectTo: return "unattached"
        case .sceneWillEnterForeground, .applicationWillEnterForeground: return "foregroundInactive"
        case .sceneDidBecomeActive, .applicationDidBecomeActive: return "foregroundActive"
        case .sceneWillResignActive, .applicationWillResignActive: return "foregroundInactive"
        case .sceneDidEnterBackground, .applicationDidEnterBackground: return "background"
        default: return nil
        }
    }

    // MARK: - One launch

    private struct Track {
        var tid: Int64
        var stateTid: Int64
        var state: (name: String, t: Int64, seq: Int64)?
    }

    private struct EventWriter {
        var output: [UInt8]
        var first = true

        mutating func begin() {
            if !first { output.append(contentsOf: ",\n".utf8) }
            first = false
        }
    }

    private static func encode(
        _ launch: InterchangeLaunch, pid: Int64, annotations: [TraceAnnotation], anatomy: LaunchAnatomy?, into writer: inout EventWriter
    ) {
        let record = launch.record
        var name = record.app ?? "app"
        if let device = record.device { name += " on \(device)" }
        if let id = record.launch { name += " launch \(id.prefix(8))" }
        var launchArgs: Attributes = ["version": .int(Int64(record.version))]
        if let value = record.launch { launchArgs["launch"] = .string(value) }
        if let value = record.pid { launchArgs["pid"] = .int(value) }
        if let value = record.app { launchArgs["app"] = .string(value) }
        if let value = record.appVersion { launchArgs["appVersion"] = .string(value) }
        if let value = record.platform { launchArgs["platform"] = .string(value) }
        if let value = record.os { launchArgs["os"] = .string(value) }
        if let value = record.device { launchArgs["device"] = .string(value) }
        if let value = record.lifecycle { launchArgs["lifecycle"] = .string(value.rawValue) }
        if let value = record.started { launchArgs["started"] = .string(value) }
        if let value = record.part { launchArgs["part"] = .int(value) }
        if !launch.namesSessions { launchArgs["namesSessions"] = .bool(false) }
        // Args hold scalars: the recorded callbacks as their names joined by commas.
        if let value = record.records { launchArgs["records"] = .string(value.map(\.name).joined(separator: ",")) }
        if let value = record.excerpt { launchArgs["excerpt"] = .bool(value) }
        if let value = record.processStart { launchArgs["processStart"] = .int(value) }
        if let value = record.moduleLoad { launchArgs["moduleLoad"] = .int(value) }
        if let value = record.prewarm { launchArgs["prewarm"] = .bool(value) }
        if let value = record.taskRole { launchArgs["taskRole"] = .string(value) }
        writer.begin()
        writer.output.append(contentsOf: #"{"ph":"M","name":"process_name","pid":"#.utf8)
        TraceEncoder.integer(pid, &writer.output)
        writer.output.append(contentsOf: #","tid":0,"args":{"name":"#.utf8)
        TraceEncoder.string(name, &writer.output)
        writer.output.append(contentsOf: #","lifeline":"#.utf8)
        TraceEncoder.attributes(launchArgs, &writer.output)
        writer.output.append(contentsOf: "}}".utf8)
        metadata("process_sort_index", pid: pid, tid: 0, key: "sort_index", value: .int(pid), into: &writer)
        if let anatomy { phases(of: anatomy, pid: pid, into: &writer) }

        // Tracks: the app's first, then sessions in the order they appear.
        var tracks: [String?: Track] = [:]
        var nextTid: Int64 = 1
        func track(_ key: String?) -> Track {
            if let existing = tracks[key] { return existing }
            let created = Track(tid: nextTid, stateTid: nextTid + 1)
            nextTid += 2
            tracks[key] = created
            let label = key.map { "session \($0)" } ?? "app"
            metadata("thread_name", pid: pid, tid: created.tid, key: "name", value: .string(label), into: &writer)
            metadata("thread_sort_index", pid: pid, tid: created.tid, key: "sort_index", value: .int(created.tid), into: &writer)
            metadata("thread_name", pid: pid, tid: created.stateTid, key: "name", value: .string("\(label) state"), into: &writer)
            metadata(
                "thread_sort_index", pid: pid, tid: created.stateTid, key: "sort_index", value: .int(created.stateTid), into: &writer)
            return created
        }
        _ = track(nil)

        // Pair each end with the latest open begin of the same name, session and scene.
        var open: [SpanKey: [Int]] = [:]
        var endOf: [Int: Int] = [:]
        var matchedEnds = Set<Int>()
        for (index, event) in launch.events.enumerated() {
            let key = SpanKey(event: event.event.name, session: event.session, scene: event.scene)
            switch event.phase {
            case .begin: open[key, default: []].append(index)
            case .end:
                if let begin = open[key]?.popLast() {
                    endOf[begin] = index
                    matchedEnds.insert(index)
                }
            case .instant: break
            }
        }
        let lastT = launch.events.map(\.t).max() ?? 0

        for (index, event) in launch.events.enumerated() {
            let key = trackKey(event)
            var current = track(key)
            if event.phase == .end && matchedEnds.contains(index) {
                // Drawn with its begin; the state it leads to starts here.
            } else {
                writer.begin()
                let phase: String
                if event.phase == .begin {
                    phase = endOf[index] == nil ? "B" : "X"
                } else {
                    phase = "i"
                }
                writer.output.append(contentsOf: #"{"ph":""#.utf8)
                writer.output.append(contentsOf: phase.utf8)
                writer.output.append(contentsOf: #"","name":"#.utf8)
                TraceEncoder.string(event.event.name, &writer.output)
                writer.output.append(contentsOf: (event.event.isAppDefined ? #","cat":"app""# : #","cat":"callback""#).utf8)
                if phase == "i" { writer.output.append(contentsOf: #","s":"t""#.utf8) }
                ids(pid: pid, tid: current.tid, t: event.t, into: &writer)
                if let end = endOf[index] {
                    writer.output.append(contentsOf: #","dur":"#.utf8)
                    let (duration, overflow) = launch.events[end].t.subtractingReportingOverflow(event.t)
                    writer.output.append(contentsOf: DecimalTime.microseconds(overflow ? 0 : max(duration, 0)).utf8)
                }
                writer.output.append(contentsOf: #","args":{"seq":"#.utf8)
                TraceEncoder.integer(event.seq, &writer.output)
                if event.phase == .end { writer.output.append(contentsOf: #","phase":"end""#.utf8) }
                optionalString("session", event.session, into: &writer)
                optionalString("scene", event.scene, into: &writer)
                optionalString("thread", event.thread, into: &writer)
                if !event.attrs.isEmpty {
                    writer.output.append(contentsOf: #","attrs":"#.utf8)
                    TraceEncoder.attributes(event.attrs, &writer.output)
                }
                location(launch, index, prefix: "", into: &writer)
                if let end = endOf[index] {
                    let endEvent = launch.events[end]
                    writer.output.append(contentsOf: #","end_seq":"#.utf8)
                    TraceEncoder.integer(endEvent.seq, &writer.output)
                    optionalString("end_thread", endEvent.thread, into: &writer)
                    if !endEvent.attrs.isEmpty {
                        writer.output.append(contentsOf: #","end_attrs":"#.utf8)
                        TraceEncoder.attributes(endEvent.attrs, &writer.output)
                    }
                    location(launch, end, prefix: "end_", into: &writer)
                }
                writer.output.append(contentsOf: "}}".utf8)
            }
            // The state band: a change takes effect when its callback returns (its end, or the instant).
            if event.phase != .begin, let callback = event.event.callback {
                let next = callback == .sceneDidDisconnect ? nil : state(after: callback)
                if next != nil || callback == .sceneDidDisconnect {
                    if let previous = current.state {
                        stateSlice(previous, until: event.t, pid: pid, tid: current.stateTid, into: &writer)
                    }
                    current.state = next.map { ($0, event.t, event.seq) }
                    tracks[key] = current
                }
            }
        }
        for key in tracks.keys.sorted(by: { ($0 ?? "") < ($1 ?? "") }) {
            guard let track = tracks[key], let state = track.state else { continue }
            stateSlice(state, until: lastT, pid: pid, tid: track.stateTid, into: &writer)
        }
        for annotation in annotations {
            let current = track(annotation.session)
            writer.begin()
            writer.output.append(contentsOf: #"{"ph":"i","s":"t","name":"#.utf8)
            TraceEncoder.string(annotation.name, &writer.output)
            writer.output.append(contentsOf: #","cat":"violation""#.utf8)
            ids(pid: pid, tid: current.tid, t: annotation.t, into: &writer)
            writer.output.append(contentsOf: #","args":"#.utf8)
            TraceEncoder.attributes(annotation.args, &writer.output)
            writer.output.append(UInt8(ascii: "}"))
        }
    }

    /// The track an event belongs on: its session's, else its scene's, else the app's.
    public static func trackKey(_ event: EventRecord) -> String? {
        event.session ?? event.scene
    }

    /// The launch track: the launch's phases as slices, its kind and ending in the track's name.
    private static func phases(of anatomy: LaunchAnatomy, pid: Int64, into writer: inout EventWriter) {
        // The process's own tid 0 (sessions' tracks count from 1), sorted first.
        let label = "launch: \(anatomy.kind.rawValue), ended \(anatomy.ending.rawValue)" + (anatomy.slowReason == nil ? "" : ", slow")
        let tid: Int64 = 0
        metadata("thread_name", pid: pid, tid: tid, key: "name", value: .string(label), into: &writer)
        metadata("thread_sort_index", pid: pid, tid: tid, key: "sort_index", value: .int(0), into: &writer)
        var args: Attributes = [
            "kind": .string(anatomy.kind.rawValue), "reason": .string(anatomy.reason), "ending": .string(anatomy.ending.rawValue),
            "ending_reason": .string(anatomy.endingReason),
        ]
        if let slow = anatomy.slowReason { args["slow_reason"] = .string(slow) }
        for phase in anatomy.phases {
            var phaseArgs = args
            let start = max(phase.start, 0)
            if start != phase.start { phaseArgs["start_ns"] = .int(phase.start) }
            phaseArgs["duration_ns"] = .int(phase.duration)
            launchSlice(phase.name, start: start, end: phase.end, args: phaseArgs, pid: pid, tid: tid, into: &writer)
        }
        // Each resume from the background (a hot start), from coming back to active again.
        for resume in anatomy.resumes {
            var resumeArgs: Attributes = [
                "in_background_ns": .int(resume.inBackground), "reconnected": .bool(resume.reconnected),
            ]
            if let scene = resume.scene { resumeArgs["scene"] = .string(scene) }
            if let toActive = resume.toActive { resumeArgs["to_active_ns"] = .int(toActive) }
            let start = max(resume.foreground, 0)
            launchSlice(
                "resume: " + (resume.scene.map { "scene \($0)" } ?? "the app"), start: start, end: resume.active ?? start,
                args: resumeArgs, pid: pid, tid: tid, into: &writer)
        }
    }

    /// One slice of the launch track (category `launch`, which the decoder leaves out on import).
    private static func launchSlice(
        _ name: String, start: Int64, end: Int64, args: Attributes, pid: Int64, tid: Int64, into writer: inout EventWriter
    ) {
        writer.begin()
        writer.output.append(contentsOf: #"{"ph":"X","name":"#.utf8)
        TraceEncoder.string(name, &writer.output)
        writer.output.append(contentsOf: #","cat":"launch""#.utf8)
        ids(pid: pid, tid: tid, t: start, into: &writer)
        writer.output.append(contentsOf: #","dur":"#.utf8)
        writer.output.append(contentsOf: DecimalTime.microseconds(max(end.saturatingSubtracting(start), 0)).utf8)
        writer.output.append(contentsOf: #","args":"#.utf8)
        TraceEncoder.attributes(args, &writer.output)
        writer.output.append(UInt8(ascii: "}"))
    }

    private static func stateSlice(
        _ state: (name: String, t: Int64, seq: Int64), until end: Int64, pid: Int64, tid: Int64, into writer: inout EventWriter
    ) {
        writer.begin()
        writer.output.append(contentsOf: #"{"ph":"X","name":"#.utf8)
        TraceEncoder.string(state.name, &writer.output)
        writer.output.append(contentsOf: #","cat":"state""#.utf8)
        ids(pid: pid, tid: tid, t: state.t, into: &writer)
        writer.output.append(contentsOf: #","dur":"#.utf8)
        let (duration, overflow) = end.subtractingReportingOverflow(state.t)
        writer.output.append(contentsOf: DecimalTime.microseconds(overflow ? 0 : max(duration, 0)).utf8)
        writer.output.append(contentsOf: #","args":{"since_seq":"#.utf8)
        TraceEncoder.integer(state.seq, &writer.output)
        writer.output.append(contentsOf: "}}".utf8)
    }

    private static func ids(pid: Int64, tid: Int64, t: Int64, into writer: inout EventWriter) {
        writer.output.append(contentsOf: #","pid":"#.utf8)
        TraceEncoder.integer(pid, &writer.output)
        writer.output.append(contentsOf: #","tid":"#.utf8)
        TraceEncoder.integer(tid, &writer.output)
        writer.output.append(contentsOf: #","ts":"#.utf8)
        writer.output.append(contentsOf: DecimalTime.microseconds(t).utf8)
    }

    private static func optionalString(_ key: StaticString, _ value: String?, into writer: inout EventWriter) {
        guard let value else { return }
        writer.output.append(contentsOf: #",""#.utf8)
        writer.output.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        writer.output.append(contentsOf: #"":"#.utf8)
        TraceEncoder.string(value, &writer.output)
    }

    private static func location(_ launch: InterchangeLaunch, _ index: Int, prefix: String, into writer: inout EventWriter) {
        guard index < launch.lines.count, launch.lines[index] > 0 else { return }
        if prefix.isEmpty, let file = launch.file {
            writer.output.append(contentsOf: #","file":"#.utf8)
            TraceEncoder.string(file, &writer.output)
        }
        writer.output.append(contentsOf: #",""#.utf8)
        writer.output.append(contentsOf: prefix.utf8)
        writer.output.append(contentsOf: #"line":"#.utf8)
        TraceEncoder.integer(Int64(launch.lines[index]), &writer.output)
    }

    private static func metadata(
        _ name: String, pid: Int64, tid: Int64, key: String, value: AttributeValue, into writer: inout EventWriter
    ) {
        writer.begin()
        writer.output.append(contentsOf: #"{"ph":"M","name":"#.utf8)
        TraceEncoder.string(name, &writer.output)
        writer.output.append(contentsOf: #","pid":"#.utf8)
        TraceEncoder.integer(pid, &writer.output)
        writer.output.append(contentsOf: #","tid":"#.utf8)
        TraceEncoder.integer(tid, &writer.output)
        writer.output.append(contentsOf: #","args":"#.utf8)
        TraceEncoder.attributes([key: value], &writer.output)
        writer.output.append(UInt8(ascii: "}"))
    }

    private struct SpanKey: Hashable {
        var event: String
        var session: String?
        var scene: String?
    }
}
