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
    /// JSON inputs are told apart by the keys of their first object: `lifeline`/`seq` (trace
    /// format v1), `traceEvents`/`ph` (Trace Event Format), `eventMessage`/`eventType`/`machTimestamp`
    /// (the unified log). Anything that does not start with `{` or `[` is console text.
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
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return .text }
        // The first object (or, for an array, its first element): up to its first newline or 4 KiB.
        let window = prefix[start..<min(prefix.count, start + 4096)]
        func has(_ key: String) -> Bool { contains(window, Array("\"\(key)\"".utf8)) }
        if has("traceEvents") { return .chrome }
        if has("eventMessage") || has("eventType") || has("machTimestamp") || has("formatString") { return .oslog }
        if first == UInt8(ascii: "[") || has("ph") && has("ts") { return .chrome }
        if first == UInt8(ascii: "{"), !has("lifeline"), !has("seq"), has("ph") { return .chrome }
        return .native
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
