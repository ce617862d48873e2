/// Reads one line of trace format v1 without building intermediate JSON values.
///
/// The scanner validates the whole line (any well-formed JSON is accepted for
/// unknown fields, which are skipped) and reports the first problem with its
/// 1-based line and byte column. Field values come back as byte ranges in a
/// ``ScannedLine``; strings with escapes are decoded into the scanner's scratch
/// space. Reuse one scanner for a whole file: it allocates only when a decoded
/// string outgrows its scratch space.
///
/// ```swift
/// var scanner = TraceLineScanner()
/// let scanned = try scanner.scan(lineBytes, lineNumber: 14)
/// let session = scanned.session.map { scanner.string($0, in: lineBytes) }
/// ```
public struct TraceLineScanner: Sendable {
    /// Decoded (unescaped) strings of the current line.
    public private(set) var scratch: [UInt8] = []

    /// Nesting deeper than this in an unknown field is rejected rather than risk the stack.
    static let maximumDepth = 64

    public init() { scratch.reserveCapacity(256) }

    /// Whether a line holds only spaces and tabs; trace files may contain such lines and readers skip them.
    public static func isBlank(_ line: UnsafeRawBufferPointer) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Scans one line (without its line terminator).
    public mutating func scan(_ line: UnsafeRawBufferPointer, lineNumber: Int) throws(TraceFormatError) -> ScannedLine {
        scratch.removeAll(keepingCapacity: true)
        var cursor = JSONCursor(line, lineNumber: lineNumber)
        return try cursor.scanRecord(scratch: &scratch)
    }

    /// The bytes of a scanned string. Valid until the next call to ``scan(_:lineNumber:)``.
    public func withBytes<R>(
        _ string: ScannedString, in line: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> R
    ) rethrows -> R {
        if string.isDecoded {
            return try scratch.withUnsafeBytes { buffer in
                try body(UnsafeRawBufferPointer(rebasing: buffer[string.start..<(string.start + string.count)]))
            }
        }
        return try body(UnsafeRawBufferPointer(rebasing: line[string.start..<(string.start + string.count)]))
    }

    /// A scanned string as a Swift `String`.
    public func string(_ string: ScannedString, in line: UnsafeRawBufferPointer) -> String {
        withBytes(string, in: line) { String(decoding: $0, as: UTF8.self) }
    }
}

// MARK: - Field names

/// The fields trace format v1 defines. Everything else is skipped.
enum TraceField: UInt8, CaseIterable {
    case lifeline, type, launch, pid, app, platform, os, device, lifecycle, started, part, records
    case seq, t, event, phase, session, scene, thread, attrs

    var key: StaticString {
        switch self {
        case .lifeline: return "lifeline"
        case .type: return "type"
        case .launch: return "launch"
        case .pid: return "pid"
        case .app: return "app"
        case .platform: return "platform"
        case .os: return "os"
        case .device: return "device"
        case .lifecycle: return "lifecycle"
        case .started: return "started"
        case .part: return "part"
        case .records: return "records"
        case .seq: return "seq"
        case .t: return "t"
        case .event: return "event"
        case .phase: return "phase"
        case .session: return "session"
        case .scene: return "scene"
        case .thread: return "thread"
        case .attrs: return "attrs"
        }
    }

    var bit: UInt32 { 1 << UInt32(rawValue) }

    /// Matches a key's bytes against the known field names.
    static func match(_ bytes: UnsafeRawBufferPointer) -> TraceField? {
        // Dispatch on length first: most keys differ in length. No allocation: this runs per key.
        switch bytes.count {
        case 1: return bytes[0] == UInt8(ascii: "t") ? .t : nil
        case 2: return pick(bytes, .os)
        case 3: return pick(bytes, .seq) ?? pick(bytes, .pid) ?? pick(bytes, .app)
        case 4: return pick(bytes, .type) ?? pick(bytes, .part)
        case 5: return pick(bytes, .event) ?? pick(bytes, .phase) ?? pick(bytes, .scene) ?? pick(bytes, .attrs)
        case 6: return pick(bytes, .thread) ?? pick(bytes, .launch) ?? pick(bytes, .device)
        case 7: return pick(bytes, .session) ?? pick(bytes, .started) ?? pick(bytes, .records)
        case 8: return pick(bytes, .lifeline) ?? pick(bytes, .platform)
        case 9: return pick(bytes, .lifecycle)
        default: return nil
        }
    }

    @inline(__always)
    private static func pick(_ bytes: UnsafeRawBufferPointer, _ field: TraceField) -> TraceField? {
        field.key.matches(bytes) ? field : nil
    }
}

extension StaticString {
    func matches(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard utf8CodeUnitCount == bytes.count else { return false }
        let start = utf8Start
        for index in 0..<bytes.count where start[index] != bytes[index] { return false }
        return true
    }
}
