/// Reads Trace Event Format JSON (the object form with `traceEvents`, or the bare array) into launches.
///
/// A file ``ChromeTraceEncoder`` wrote comes back exactly: each process's `process_name` args hold
/// its launch record and each slice's args the `seq`, `session`, `scene`, `thread` and `attrs` of the
/// begin and end events, so importing an export gives the same events. Derived tracks (scene state,
/// findings, phases: categories `state`, `violation` and `launch`) are left out.
///
/// A trace another tool wrote becomes one launch per `pid` (named by its `process_name`), events
/// in time order: `X` a begin and an end, `B`/`E` and async `b`/`e` begins and ends, `i`/`I`/`n`
/// instants; the event name normalises through the callback catalog (`sceneDidBecomeActive`
/// is the callback, `db.open` an app event), the thread is the `thread_name` of its `tid`, and args
/// that are not objects become attrs (`session` and `scene` args, when present, name those).
/// Metadata, counters, flows and the like are counted as ignored.
public enum ChromeTraceDecoder {
    /// Decodes a whole trace. The events are read one at a time as the array is read (the
    /// document is never built as a whole), whether `traceEvents` comes before or after the other
    /// members of the object form; what is held is each process's events, until the end.
    public static func decode(_ bytes: [UInt8]) -> DecodedTrace {
        var result = DecodedTrace(shape: .chrome)
        result.lineCount = LineCount.of(bytes)
        var reader = JSONReader(bytes)
        reader.allowsUnclosedTopLevelArray = true
        var builder = Builder()
        // Set when the document is not a trace: reported once it is known to parse.
        var notATrace: Diagnostic?
        do throws(TraceFormatError) {
            let readEvents = { (reader: inout JSONReader) throws(TraceFormatError) in
                try reader.forEachElement { (reader: inout JSONReader) throws(TraceFormatError) in
                    builder.add(try reader.readValue(), &result)
                }
            }
            switch reader.peek() {
            case UInt8(ascii: "["):
                try readEvents(&reader)
            case UInt8(ascii: "{"):
                // The first `traceEvents` member is the one read, as a built object's subscript would find it.
                var events: Bool?
                let start = try reader.forEachMember { (reader: inout JSONReader, key: String) throws(TraceFormatError) in
                    guard key == "traceEvents", events == nil else { return try reader.skipValue() }
                    events = reader.peek() == UInt8(ascii: "[")
                    if events == true { try readEvents(&reader) } else { try reader.skipValue() }
                }
                if events != true {
                    notATrace = Diagnostic(.error, line: start.line, column: start.column, "expected a \"traceEvents\" array")
                }
            default:
                _ = try reader.readValue()
                notATrace = Diagnostic(.error, line: 1, column: 1, "expected a JSON object or array of trace events")
            }
            guard reader.atEnd() else {
                throw TraceFormatError(
                    .syntax, "unexpected text after the JSON value", line: reader.location.line, column: reader.location.column)
            }
        } catch {
            notATrace = error.diagnostic
        }
        if let notATrace {
            // A document that does not parse, or is not a trace, yields nothing but its error.
            var failed = DecodedTrace(shape: .chrome)
            failed.lineCount = result.lineCount
            failed.fatal = notATrace
            return failed
        }
        result.launches = builder.launches()
        return result
    }

    /// One process being read.
    private struct Process {
        var record: LaunchRecord
        var line: Int
        var fromLifeline = false
        var namesSessions = true
        var threads: [Int64: String] = [:]
        var pending: [Pending] = []
        /// Per `tid`, the `B` events not yet ended.
        var openSlices: [Int64: [EventRecord]] = [:]
    }

    /// An event before ordering: its time, its place in the file, and a key that sorts ends before
    /// begins at the same time (a slice that ends where the next begins).
    private struct Pending {
        var event: EventRecord
        var line: Int
        var order: Int
        var tid: Int64
        var sortRank: Int
        var seqGiven: Bool
    }

    /// Where a pending event goes: by `first` (its seq, or its time), then `rank`, then file order.
    private struct SortKey: Comparable {
        var first: Int64
        var rank: Int
        var order: Int
        var index: Int

        static func < (lhs: SortKey, rhs: SortKey) -> Bool {
            if lhs.first != rhs.first { return lhs.first < rhs.first }
            if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
            return lhs.order < rhs.order
        }
    }

    private struct Builder {
        var processes: [Int64: Process] = [:]
        var processOrder: [Int64] = []
        var counter = 0

        /// Takes the process out of `processes` (the caller puts it back), so that appending to its
        /// events changes the one copy instead of copying them all.
        mutating func takeProcess(_ pid: Int64, line: Int) -> Process {
            if let existing = processes.removeValue(forKey: pid) { return existing }
            processOrder.append(pid)
            return Process(record: LaunchRecord(pid: pid), line: line)
        }

        mutating func add(_ value: JSONValue, _ result: inout DecodedTrace) {
            guard let object = value.object else {
                result.ignored += 1
                return
            }
            guard let ph = object["ph"]?.string else {
                result.diagnostics.append(
                    Diagnostic(.warning, line: object.line, column: object.column, "trace event without \"ph\" (skipped)"))
                result.malformed += 1
                return
            }
            let pid = object["pid"]?.integer ?? 0
            let tid = object["tid"]?.integer ?? pid
            var process = takeProcess(pid, line: object.line)
            defer { processes[pid] = process }
            let args = object["args"]?.object
            if ph == "M" {
                switch object["name"]?.string {
                case "process_name":
                    if let lifeline = args?["lifeline"]?.object {
                        process.record = launchRecord(lifeline, pid: pid)
                        process.fromLifeline = true
                        if case .bool(false)? = lifeline["namesSessions"] { process.namesSessions = false }
                    } else if let name = args?["name"]?.string {
                        process.record.app = name
                    }
                    process.line = object.line
                case "thread_name":
                    if let name = args?["name"]?.string { process.threads[tid] = name }
                default: break
                }
                return
            }
            let category = object["cat"]?.string
            if process.fromLifeline, category == "state" || category == "violation" || category == "launch" { return }
            let phases: [Phase]
            switch ph {
            case "X": phases = [.begin, .end]
            case "B", "b": phases = [.begin]
            case "E", "e": phases = [.end]
            case "i", "I", "n", "R": phases = [args?["phase"]?.string == "end" ? .end : .instant]
            default:
                result.ignored += 1
                return
            }
            guard let tsText = number(object["ts"]), let t = DecimalTime.nanoseconds(microseconds: tsText) else {
                result.diagnostics.append(
                    Diagnostic(.warning, line: object.line, column: object.column, "trace event without a readable \"ts\" (skipped)"))
                result.malformed += 1
                return
            }
            var endT = t
            if ph == "X" {
                guard let durText = number(object["dur"]), let duration = DecimalTime.nanoseconds(microseconds: durText),
                    case (let sum, false) = t.addingReportingOverflow(duration)
                else {
                    result.diagnostics.append(
                        Diagnostic(
                            .warning, line: object.line, column: object.column, "\"X\" event without a readable \"dur\" (skipped)"))
                    result.malformed += 1
                    return
                }
                endT = sum
            }
            let name = EventName(object["name"]?.string ?? "")
            let threadName = process.threads[tid]
            for phase in phases {
                let isEnd = ph == "X" && phase == .end
                var event = EventRecord(seq: 0, t: isEnd ? endT : t, event: name, phase: phase)
                var seqGiven = false
                if process.fromLifeline, let args {
                    if let seq = args[isEnd ? "end_seq" : "seq"]?.integer {
                        event.seq = seq
                        seqGiven = true
                    }
                    event.session = args["session"]?.string
                    event.scene = args["scene"]?.string
                    event.thread = args[isEnd ? "end_thread" : "thread"]?.string
                    event.attrs = attributes(args[isEnd ? "end_attrs" : "attrs"]?.object)
                } else {
                    event.session = args?["session"]?.string
                    event.scene = args?["scene"]?.string
                    event.thread = args?["thread"]?.string ?? threadName ?? (object["tid"] == nil ? nil : "tid \(tid)")
                    if phase != .end, let args {
                        for member in args.members where !["session", "scene", "thread"].contains(member.key) {
                            if case .object = member.value { continue }
                            event.attrs[member.key] = member.value.attribute
                        }
                    }
                    if let category, phase != .end, !category.isEmpty, event.attrs["cat"] == nil { event.attrs["cat"] = .string(category) }
                }
                if !process.fromLifeline, ph == "B" || ph == "E" {
                    // Duration events nest per thread: an `E` ends the latest open `B` of its tid, and says
                    // no more than its time, so it takes the begin's name, session and scene.
                    if ph == "B" {
                        process.openSlices[tid, default: []].append(event)
                    } else if let begin = process.openSlices[tid]?.popLast() {
                        if object["name"]?.string == nil { event.event = begin.event }
                        event.session = event.session ?? begin.session
                        event.scene = event.scene ?? begin.scene
                    }
                }
                let rank = phase == .end ? 0 : 1
                process.pending.append(
                    Pending(event: event, line: object.line, order: counter, tid: tid, sortRank: rank, seqGiven: seqGiven))
                counter += 1
            }
        }

        func launches() -> [InterchangeLaunch] {
            processOrder.compactMap { pid in
                guard let process = processes[pid], !process.pending.isEmpty || process.fromLifeline else { return nil }
                var launch = InterchangeLaunch(record: process.record, line: process.line, namesSessions: process.namesSessions)
                // Sorted by keys of plain integers: sorting the events themselves would copy them (and
                // their strings' references) at every swap.
                let pending = process.pending
                var keys: [SortKey]
                if process.fromLifeline && pending.allSatisfy(\.seqGiven) {
                    keys = pending.indices.map { SortKey(first: pending[$0].event.seq, rank: 0, order: pending[$0].order, index: $0) }
                    keys.sort()
                    for key in keys {
                        launch.events.append(pending[key.index].event)
                        launch.lines.append(pending[key.index].line)
                    }
                } else {
                    keys = pending.indices.map {
                        SortKey(first: pending[$0].event.t, rank: pending[$0].sortRank, order: pending[$0].order, index: $0)
                    }
                    keys.sort()
                    for key in keys { launch.append(pending[key.index].event, line: pending[key.index].line) }
                }
                if launch.record.lifecycle == nil { launch.record.lifecycle = LaunchInference.lifecycle(of: launch.events) }
                return launch
            }
        }

        private func number(_ value: JSONValue?) -> String? {
            switch value {
            case .number(let text)?, .string(let text)?: return text
            default: return nil
            }
        }

        private func attributes(_ object: JSONObject?) -> Attributes {
            guard let object else { return [:] }
            var attrs: Attributes = [:]
            for member in object.members { attrs[member.key] = member.value.attribute }
            return attrs
        }

        private func launchRecord(_ object: JSONObject, pid: Int64) -> LaunchRecord {
            LaunchRecord(
                version: Int(object["version"]?.integer ?? Int64(LaunchRecord.currentVersion)),
                launch: object["launch"]?.string, pid: object["pid"]?.integer, app: object["app"]?.string,
                appVersion: object["appVersion"]?.string, platform: object["platform"]?.string, os: object["os"]?.string,
                device: object["device"]?.string,
                lifecycle: object["lifecycle"]?.string.flatMap(Lifecycle.init(rawValue:)), started: object["started"]?.string,
                part: object["part"]?.integer, records: records(object["records"]?.string),
                excerpt: { if case .bool(let value) = object["excerpt"] { value } else { nil } }(),
                processStart: object["processStart"]?.integer, moduleLoad: object["moduleLoad"]?.integer,
                prewarm: { if case .bool(let value) = object["prewarm"] { value } else { nil } }(),
                taskRole: object["taskRole"]?.string)
        }

        /// The recorded callbacks an export wrote as names joined by commas; names that are not
        /// catalog callbacks are dropped (nil when the launch records every callback).
        private func records(_ names: String?) -> CallbackSet? {
            guard let names else { return nil }
            return CallbackSet(names.split(separator: ",").compactMap { Callback(named: String($0)) })
        }
    }
}

/// Counting lines of an input once.
enum LineCount {
    static func of(_ bytes: [UInt8]) -> Int {
        var count = JSONScan.newlineCount(in: bytes)
        if let last = bytes.last, last != 0x0A { count += 1 }
        return count
    }
}
