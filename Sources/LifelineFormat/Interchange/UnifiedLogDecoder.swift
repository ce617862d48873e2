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
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        if start < bytes.count, bytes[start] == UInt8(ascii: "[") {
            // One entry at a time: the array is never built.
            var reader = JSONReader(bytes)
            var entry = EntryReader()
            do throws(TraceFormatError) {
                try reader.forEachElement { (reader: inout JSONReader) throws(TraceFormatError) in
                    guard reader.peek() == UInt8(ascii: "{") else {
                        try reader.skipValue()
                        assembler.result.ignored += 1
                        return
                    }
                    let start = try reader.readObject(selecting: Self.keys, into: &entry.spans)
                    entry.add(reader, start: start, line: start.line, &assembler)
                }
                guard reader.atEnd() else {
                    throw TraceFormatError(
                        .syntax, "unexpected text after the JSON value", line: reader.location.line, column: reader.location.column)
                }
            } catch {
                // A document that does not parse yields nothing but its error.
                var failed = LaunchAssembler(shape: .oslog, options: options)
                failed.result.fatal = error.diagnostic
                return failed.finish(lineCount: LineCount.of(bytes))
            }
            return assembler.finish(lineCount: LineCount.of(bytes))
        }
        var decoder = InterchangeLineDecoder(shape: .oslog, options: options)
        var number = 0
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            if number & 0x3FFF == 0 { progress?(index) }
            let end = JSONScan.newline(in: bytes, from: index)
            number += 1
            decoder.add(bytes[index..<end], number: number)
            index = end + 1
        }
        // The lines split above are the file's lines (a last one without its newline counts), so they need
        // no second pass to count; only a file of nothing but a byte order mark holds one line none was split from.
        return decoder.finish(lineCount: number == 0 && !bytes.isEmpty ? 1 : number)
    }

    /// Reads one line of `--style ndjson` (without its newline) into the assembler: an entry, or
    /// `log stream`'s header and `log show`'s summary, which are skipped and counted.
    ///
    /// `entry` keeps what is worth keeping from entry to entry (``EntryReader``).
    static func add(_ line: ArraySlice<UInt8>, number: Int, _ entry: inout EntryReader, _ assembler: inout LaunchAssembler) {
        guard let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
        guard line[first] == UInt8(ascii: "{") else {
            // `log stream` starts with "Filtering the log data using …"; `log show` may end with a summary.
            assembler.result.ignored += 1
            return
        }
        var reader = JSONReader(Array(line), firstLine: number)
        do throws(TraceFormatError) {
            let start = try reader.readObject(selecting: Self.keys, into: &entry.spans)
            guard reader.atEnd() else {
                throw TraceFormatError(.syntax, "unexpected text after the JSON value", line: number, column: 1)
            }
            entry.add(reader, start: start, line: number, &assembler)
        } catch {
            assembler.result.diagnostics.append(error.diagnostic)
            assembler.result.malformed += 1
        }
    }

    /// The members an entry is read for, in the order of ``Member``.
    static let keys: [[UInt8]] = Member.allCases.map { Array("\($0)".utf8) }

    /// A member the decoder reads; its name is the member's key.
    enum Member: Int, CaseIterable {
        case eventType, eventMessage, timestamp, machTimestamp, processID, threadID, processImagePath, subsystem, category
        case signpostName, signpostType, signpostID
    }

    /// Turns one entry's members into an event, keeping what is worth keeping from entry to entry:
    /// the buffer of where the members are, the minute of the last timestamp, the last app name.
    struct EntryReader {
        /// Where each ``Member`` of the entry just read lies (``JSONReader/readObject(selecting:into:)``).
        var spans: [JSONSpan?] = []
        private var timestamps = TimestampCache()
        /// The JSON text of the last `processImagePath`, and the app name it gives.
        private var imagePath: [UInt8] = []
        private var process: String?

        private static let logEvent = Array("logEvent".utf8)
        private static let signpostEvent = Array("signpostEvent".utf8)

        /// Adds the entry `reader` has just read (its members in ``spans``), which starts at `start` on `line`.
        mutating func add(_ reader: JSONReader, start: (line: Int, column: Int), line: Int, _ assembler: inout LaunchAssembler) {
            let spans = spans
            func string(_ member: Member) -> String? { spans[member.rawValue].flatMap(reader.string(in:)) }
            func value(_ member: Member) -> JSONValue? { spans[member.rawValue].flatMap(reader.value(in:)) }
            guard let typeRange = spans[Member.eventType.rawValue], let type = reader.stringBytes(in: typeRange) else {
                assembler.result.ignored += 1
                return
            }
            let options = assembler.options
            if !options.subsystems.isEmpty, !options.subsystems.contains(string(.subsystem) ?? "") {
                assembler.result.ignored += 1
                return
            }
            if !options.categories.isEmpty, !options.categories.contains(string(.category) ?? "") {
                assembler.result.ignored += 1
                return
            }
            var fields = ConsoleTextDecoder.LineFields()
            if let span = spans[Member.timestamp.rawValue], let text = reader.stringBytes(in: span) {
                guard let time = timestamps.nanoseconds(text) else {
                    let shown = String(decoding: text, as: UTF8.self)
                    assembler.result.diagnostics.append(
                        Diagnostic(.warning, line: line, column: start.column, "cannot read timestamp '\(shown)' (entry skipped)"))
                    assembler.result.malformed += 1
                    return
                }
                fields.time = time
                fields.wallClock = true
            } else if let ticks = value(.machTimestamp)?.integer {
                fields.time = ticks
            }
            fields.pid = value(.processID)?.integer
            if let thread = value(.threadID)?.integer, thread >= 0 { fields.thread = "0x" + String(thread, radix: 16) }
            if let span = spans[Member.processImagePath.rawValue] {
                // Entries come in runs of the same process: its name is read once per run.
                let text = reader.text(of: span)
                if !text.elementsEqual(imagePath) {
                    imagePath = Array(text)
                    process = reader.stringBytes(in: span)?.split(separator: UInt8(ascii: "/")).last.map {
                        String(decoding: $0, as: UTF8.self)
                    }
                }
                fields.process = process
            }
            let message = spans[Member.eventMessage.rawValue].flatMap(reader.stringBytes(in:)) ?? []
            if type.elementsEqual(Self.logEvent) {
                assembler.add(message: message, fields: fields, session: nil, scene: nil, line: line)
                return
            }
            guard type.elementsEqual(Self.signpostEvent) else {
                assembler.result.ignored += 1
                return
            }
            guard let name = string(.signpostName), !name.isEmpty else {
                assembler.result.ignored += 1
                return
            }
            let phase: Phase
            switch string(.signpostType) {
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
            if let id = value(.signpostID) {
                recognized.attrs["signpostID"] = .string(id.integer.map { String($0) } ?? id.string ?? id.jsonText)
            }
            assembler.add(recognized, phase: phase, message: message, fields: fields, session: nil, scene: nil, line: line)
        }
    }
}
