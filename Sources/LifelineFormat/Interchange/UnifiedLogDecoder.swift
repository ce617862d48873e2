/// Reads the unified log as `log show` / `log stream` print it with `--style ndjson` (one entry per
/// line, after `log stream`'s "Filtering the log data…" line) or `--style json` (one array) into
/// launches (docs/interchange.md#unified-log).
///
/// - A `logEvent` entry counts when its `eventMessage` names a callback (read like a console line:
///   `SceneDelegate - sceneDidBecomeActive(_:)`, `<UIWindowScene: 0x…>` for the scene) or an app
///   event; other messages are skipped and counted.
/// - A `signpostEvent` entry is a span: `signpostName` names the event, `signpostType`
///   `begin`/`end`/`event` gives the phase, and `signpostID` is kept in attrs.
/// - `processID` is the launch (a new pid starts a new one, as does the app launching again),
///   `threadID` the thread (hex, as `log` prints it), `timestamp` the time (microseconds), or
///   `machTimestamp` (mach ticks) when the entry has no `timestamp`.
/// - `--subsystem` / `--category` keep only entries of those subsystems or categories; other
///   event types (activities, state dumps, time syncs, losses) are skipped and counted.
public enum UnifiedLogDecoder {
    public static func decode(
        _ bytes: [UInt8], options: InterchangeOptions = InterchangeOptions(), progress: ((Int) -> Void)? = nil
    ) -> DecodedTrace {
        defer { progress?(bytes.count) }
        var assembler = LaunchAssembler(shape: .oslog, options: options)
        let lineCount = LineCount.of(bytes)
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        if start < bytes.count, bytes[start] == UInt8(ascii: "[") {
            var reader = JSONReader(bytes)
            do throws(TraceFormatError) {
                guard let entries = try reader.read().array else { return assembler.finish(lineCount: lineCount) }
                for entry in entries { add(entry, line: entry.object?.line ?? 1, &assembler) }
            } catch {
                assembler.result.fatal = TraceDiagnostic(error)
            }
            return assembler.finish(lineCount: lineCount)
        }
        var decoder = InterchangeLineDecoder(shape: .oslog, options: options)
        var number = 0
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            if number & 0x3FFF == 0 { progress?(index) }
            var end = index
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            number += 1
            decoder.add(bytes[index..<end], number: number)
            index = end + 1
        }
        return decoder.finish(lineCount: lineCount)
    }

    /// Reads one line of `--style ndjson` (without its newline) into the assembler: an entry, or
    /// `log stream`'s header and `log show`'s summary, which are skipped and counted.
    static func add(_ line: ArraySlice<UInt8>, number: Int, _ assembler: inout LaunchAssembler) {
        guard let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
        guard line[first] == UInt8(ascii: "{") else {
            // `log stream` starts with "Filtering the log data using …"; `log show` may end with a summary.
            assembler.result.ignored += 1
            return
        }
        var reader = JSONReader(Array(line), firstLine: number)
        do throws(TraceFormatError) {
            let object = try reader.readObject(keeping: Self.keys)
            guard reader.atEnd() else {
                throw TraceFormatError(.syntax, "unexpected text after the JSON value", line: number, column: 1)
            }
            add(.object(object), line: number, &assembler)
        } catch {
            assembler.result.diagnostics.append(TraceDiagnostic(error))
            assembler.result.malformed += 1
        }
    }

    /// The members an entry is read for.
    static let keys: [[UInt8]] = [
        "eventType", "eventMessage", "timestamp", "machTimestamp", "processID", "threadID", "processImagePath", "subsystem",
        "category", "signpostName", "signpostType", "signpostID",
    ].map { Array($0.utf8) }

    private static func add(_ entry: JSONValue, line: Int, _ assembler: inout LaunchAssembler) {
        guard let object = entry.object, let type = object["eventType"]?.string else {
            assembler.result.ignored += 1
            return
        }
        let options = assembler.options
        if !options.subsystems.isEmpty, !options.subsystems.contains(object["subsystem"]?.string ?? "") {
            assembler.result.ignored += 1
            return
        }
        if !options.categories.isEmpty, !options.categories.contains(object["category"]?.string ?? "") {
            assembler.result.ignored += 1
            return
        }
        var fields = ConsoleTextDecoder.LineFields()
        if let text = object["timestamp"]?.string {
            guard let time = ConsoleTextDecoder.timestamp(text) else {
                assembler.result.diagnostics.append(
                    TraceDiagnostic(.warning, line: line, column: object.column, "cannot read timestamp '\(text)' (entry skipped)"))
                assembler.result.malformed += 1
                return
            }
            fields.time = time
            fields.wallClock = true
        } else if let ticks = object["machTimestamp"]?.integer {
            fields.time = ticks
        }
        fields.pid = object["processID"]?.integer
        if let thread = object["threadID"]?.integer, thread >= 0 { fields.thread = "0x" + String(thread, radix: 16) }
        if let path = object["processImagePath"]?.string, let name = path.split(separator: "/").last { fields.process = String(name) }
        let message = Array((object["eventMessage"]?.string ?? "").utf8)[...]
        switch type {
        case "logEvent":
            assembler.add(message: message, fields: fields, session: nil, scene: nil, line: line)
        case "signpostEvent":
            guard let name = object["signpostName"]?.string, !name.isEmpty else {
                assembler.result.ignored += 1
                return
            }
            let phase: Phase
            switch object["signpostType"]?.string {
            case "begin": phase = .begin
            case "end": phase = .end
            case "event": phase = .instant
            default:
                assembler.result.ignored += 1
                return
            }
            // The signpost's name: a callback in any spelling, or what the app called the interval.
            var recognized = ConsoleTextDecoder.recognize(Array(name.utf8)[...]) ?? ConsoleTextDecoder.Recognized(name: EventName(name))
            if recognized.name.callback == nil { recognized.name = EventName(name) }
            if let id = object["signpostID"] {
                recognized.attrs["signpostID"] = .string(id.integer.map { String($0) } ?? id.string ?? id.jsonText)
            }
            assembler.add(recognized, phase: phase, message: message, fields: fields, session: nil, scene: nil, line: line)
        default:
            assembler.result.ignored += 1
        }
    }
}
