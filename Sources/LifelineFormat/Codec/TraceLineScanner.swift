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
    case lifeline, type, launch, pid, app, appVersion, platform, os, device, lifecycle, started, part, records, excerpt
    case processStart, moduleLoad, prewarm, taskRole
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
        case .excerpt: return "excerpt"
        case .appVersion: return "appVersion"
        case .processStart: return "processStart"
        case .moduleLoad: return "moduleLoad"
        case .prewarm: return "prewarm"
        case .taskRole: return "taskRole"
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
        case 7:
            return pick(bytes, .session) ?? pick(bytes, .started) ?? pick(bytes, .records) ?? pick(bytes, .excerpt)
                ?? pick(bytes, .prewarm)
        case 8: return pick(bytes, .lifeline) ?? pick(bytes, .platform) ?? pick(bytes, .taskRole)
        case 9: return pick(bytes, .lifecycle)
        case 10: return pick(bytes, .appVersion) ?? pick(bytes, .moduleLoad)
        case 12: return pick(bytes, .processStart)
        default: return nil
        }
    }

    /// Matches a key from the eight bytes after its opening quote (little-endian), without
    /// scanning it as a string: the key must be one of at most seven bytes and its closing quote
    /// among the eight. Returns the field and the key's length in bytes.
    ///
    /// Every key of an event record qualifies. Anything else returns nil and goes through
    /// `scanString` and ``match(_:)``: a longer key, a key with an escape (its backslash matches
    /// no field here), an unknown key, one too close to the end of the line.
    @inline(__always)
    static func match(word: UInt64) -> (field: TraceField, length: Int)? {
        let quotes = JSONLexis.quoteFlags(word)
        guard quotes != 0 else { return nil }
        let length = quotes.trailingZeroBitCount >> 3
        // The key's bytes, the quote and what follows it cleared (length is at most 7).
        let key = word & ((1 &<< (UInt64(length) &* 8)) &- 1)
        let field: TraceField?
        // Each constant is the key's UTF-8 bytes read as a little-endian integer (`"seq"` is
        // 0x71_65_73); `TraceLineScannerTests` checks every one against `key`.
        switch length {
        case 1: field = key == 0x74 ? .t : nil
        case 2: field = key == 0x73_6F ? .os : nil
        case 3:
            switch key {
            case 0x71_65_73: field = .seq
            case 0x64_69_70: field = .pid
            case 0x70_70_61: field = .app
            default: field = nil
            }
        case 4:
            switch key {
            case 0x65_70_79_74: field = .type
            case 0x74_72_61_70: field = .part
            default: field = nil
            }
        case 5:
            switch key {
            case 0x74_6E_65_76_65: field = .event
            case 0x65_73_61_68_70: field = .phase
            case 0x65_6E_65_63_73: field = .scene
            case 0x73_72_74_74_61: field = .attrs
            default: field = nil
            }
        case 6:
            switch key {
            case 0x64_61_65_72_68_74: field = .thread
            case 0x68_63_6E_75_61_6C: field = .launch
            case 0x65_63_69_76_65_64: field = .device
            default: field = nil
            }
        case 7:
            switch key {
            case 0x6E_6F_69_73_73_65_73: field = .session
            case 0x64_65_74_72_61_74_73: field = .started
            case 0x73_64_72_6F_63_65_72: field = .records
            case 0x74_70_72_65_63_78_65: field = .excerpt
            case 0x6D_72_61_77_65_72_70: field = .prewarm
            default: field = nil
            }
        default: field = nil
        }
        guard let field else { return nil }
        return (field, length)
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
