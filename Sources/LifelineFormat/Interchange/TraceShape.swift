/// The shape of an input `lifeline import` reads: Lifeline's own NDJSON, or one it decodes
/// (docs/interchange.md).
public enum TraceShape: String, CaseIterable, Sendable, Hashable {
    /// Trace format v1 (docs/trace-format.md).
    case native
    /// Console text: what `print(#function)` and hand-written lifecycle lines leave in Xcode's
    /// console, `xcrun simctl launch --console` or a device log (``ConsoleTextDecoder``).
    case text
    /// The unified log as `log show` / `log stream` print it with `--style ndjson` or `--style json`
    /// (``UnifiedLogDecoder``).
    case oslog
    /// Trace Event Format JSON, as `lifeline export --format chrome` and other tools write it (``ChromeTraceDecoder``).
    case chrome

    /// What the shape is called in messages (`console text`, `unified log`).
    public var title: String {
        switch self {
        case .native: return "Lifeline trace"
        case .text: return "console text"
        case .oslog: return "unified log"
        case .chrome: return "Chrome trace JSON"
        }
    }

    /// Why an input of this shape with `lines` lines yielded no launch, for `check` and `import` to
    /// report: a Lifeline trace without a launch record, or a log in which no line names a callback.
    public func noLaunches(lines: Int) -> String {
        guard self != .native else {
            return "no launch record: not a Lifeline trace (each launch starts with {\"lifeline\":1,\"type\":\"launch\",…})"
        }
        let which =
            switch lines {
            case 0: "it is empty"
            case 1: "its one line names no UIKit callback or app event"
            default: "none of its \(lines) lines names a UIKit callback or an app event"
            }
        return "no lifecycle events: read as \(title), \(which) (--from names the shape, --pattern the lines' layout; docs/interchange.md)"
    }

    /// Decides the shape from the first bytes of an input (the importer passes up to 64 KiB).
    ///
    /// An input is JSON when it starts with a JSON value: `{` or `[` and what follows parses as JSON,
    /// up to the end of that value (then only blanks to the end of its line) or to the end of the bytes
    /// given (a value longer than 64 KiB, a Chrome trace array left unclosed). Console lines often start
    /// with `[` too (`[Networking] …`, `[SceneConfiguration] …`, Flutter's `[ +350 ms] flutter: …`,
    /// `[        ] …`): they do not parse, or a value (`[        ]`) is followed by text, and they are
    /// console text. JSON inputs are told apart by the keys of their first object: `lifeline`/`seq`
    /// (trace format v1), `traceEvents`/`ph` (Trace Event Format), `eventMessage`/`eventType`/`machTimestamp`
    /// (the unified log). Anything else is console text.
    public static func detect(_ prefix: [UInt8]) -> TraceShape {
        var start = prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < prefix.count, [0x20, 0x09, 0x0A, 0x0D].contains(prefix[start]) { start += 1 }
        // `log stream --style ndjson` prints one line of its own before the entries.
        if prefix[start...].starts(with: Array("Filtering the log data".utf8)), let newline = prefix[start...].firstIndex(of: 0x0A) {
            start = newline + 1
            while start < prefix.count, [0x20, 0x09, 0x0A, 0x0D].contains(prefix[start]) { start += 1 }
            if start < prefix.count, prefix[start] == UInt8(ascii: "{") { return .oslog }
        }
        guard start < prefix.count else { return .native }
        let first = prefix[start]
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "["), startsWithJSON(prefix, at: start) else { return .text }
        // The first object (or, for an array, its first element): up to its first newline or 4 KiB.
        let window = prefix[start..<min(prefix.count, start + 4096)]
        func has(_ key: String) -> Bool { contains(window, Array("\"\(key)\"".utf8)) }
        if has("traceEvents") { return .chrome }
        if has("eventMessage") || has("eventType") || has("machTimestamp") || has("formatString") { return .oslog }
        if first == UInt8(ascii: "[") || has("ph") && has("ts") { return .chrome }
        if first == UInt8(ascii: "{"), !has("lifeline"), !has("seq"), has("ph") { return .chrome }
        return .native
    }

    /// Whether `prefix` holds a JSON value at `start`: one that parses to its end with nothing but
    /// blanks after it on its line (a Chrome trace array may end unclosed, as the format allows), one
    /// that parses until a full detection window runs out (a value longer than 64 KiB), or one that
    /// starts unmistakably as JSON and breaks later (an object's first key and its colon, an array's
    /// first element and the comma or bracket after it): a broken JSON document, whose error the
    /// decoder then reports where it is, rather than console text that names no callback.
    static func startsWithJSON(_ prefix: [UInt8], at start: Int) -> Bool {
        let bytes = Array(prefix[start...])
        var reader = JSONReader(bytes)
        reader.allowsUnclosedTopLevelArray = true
        do throws(TraceFormatError) {
            try reader.skipValue()
        } catch {
            // Cut off where the window ends (inside a string, an escape or a literal), not refused: the
            // rest of the file was not read.
            if prefix.count >= detectionPrefix && reader.index + 8 >= bytes.count { return true }
            return opensLikeJSON(bytes, at: 0)
        }
        var index = reader.index
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
        return index == bytes.count || bytes[index] == 0x0A
    }

    /// Whether the object or array at `index` starts as only JSON does: `{"key":` or `{}`, `[` and an
    /// element followed by `,` or `]` (`[12:34:56] …` and `[ +350 ms] …` do not).
    private static func opensLikeJSON(_ bytes: [UInt8], at start: Int, depth: Int = 0) -> Bool {
        guard depth < 8, start < bytes.count else { return false }
        var index = start + 1
        func skipBlanks() { while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 } }
        skipBlanks()
        guard index < bytes.count else { return false }
        if bytes[start] == UInt8(ascii: "{") {
            if bytes[index] == UInt8(ascii: "}") { return true }
            guard bytes[index] == UInt8(ascii: "\"") else { return false }
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] >= 0x20 {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
            index += 1
            skipBlanks()
            return index < bytes.count && bytes[index] == UInt8(ascii: ":")
        }
        let first = bytes[index]
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return opensLikeJSON(bytes, at: index, depth: depth + 1) }
        if first == UInt8(ascii: "]") { return true }
        // A scalar first element: it must parse, and a comma or the closing bracket follow it.
        var reader = JSONReader(Array(bytes[index...]))
        do throws(TraceFormatError) { try reader.skipValue() } catch { return false }
        index += reader.index
        skipBlanks()
        return index < bytes.count && (bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: "]"))
    }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let head = needle.first, haystack.count >= needle.count else { return false }
        var index = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while index <= last {
            if haystack[index] == head, haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
