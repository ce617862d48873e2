/// Writes trace format v1 records as NDJSON lines.
///
/// Output is deterministic: fields in a fixed order, `phase` omitted when it is
/// `instant`, absent optionals omitted, and `attrs` keys sorted. Each call
/// appends one whole line, terminator included.
///
/// ```swift
/// var line: [UInt8] = []
/// TraceEncoder.append(.event(EventRecord(seq: 1, t: 0, event: EventName(.didFinishLaunching))), to: &line)
/// ```
public enum TraceEncoder {
    /// Appends one record as a line.
    public static func append(_ record: TraceRecord, to output: inout [UInt8]) {
        switch record {
        case .launch(let launch): append(launch, to: &output)
        case .event(let event): append(event, to: &output)
        }
    }

    /// Appends a launch record as a line.
    public static func append(_ launch: LaunchRecord, to output: inout [UInt8]) {
        raw(#"{"lifeline":"#, &output)
        integer(Int64(launch.version), &output)
        raw(#","type":"launch""#, &output)
        if let value = launch.launch { field("launch", value, &output) }
        if let value = launch.pid {
            raw(#","pid":"#, &output)
            integer(value, &output)
        }
        if let value = launch.app { field("app", value, &output) }
        if let value = launch.appVersion { field("appVersion", value, &output) }
        if let value = launch.platform { field("platform", value, &output) }
        if let value = launch.os { field("os", value, &output) }
        if let value = launch.device { field("device", value, &output) }
        if let value = launch.lifecycle { field("lifecycle", value.rawValue, &output) }
        if let value = launch.started { field("started", value, &output) }
        if let value = launch.part {
            raw(#","part":"#, &output)
            integer(value, &output)
        }
        if let value = launch.records {
            raw(#","records":["#, &output)
            for (index, callback) in value.elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                string(callback.name, &output)
            }
            output.append(UInt8(ascii: "]"))
        }
        if let value = launch.excerpt { raw(value ? #","excerpt":true"# : #","excerpt":false"#, &output) }
        if let value = launch.processStart {
            raw(#","processStart":"#, &output)
            integer(value, &output)
        }
        if let value = launch.moduleLoad {
            raw(#","moduleLoad":"#, &output)
            integer(value, &output)
        }
        if let value = launch.prewarm { raw(value ? #","prewarm":true"# : #","prewarm":false"#, &output) }
        if let value = launch.taskRole {
            raw(#","taskRole":"#, &output)
            string(value, &output)
        }
        raw("}\n", &output)
    }

    /// Appends an event record as a line.
    public static func append(_ event: EventRecord, to output: inout [UInt8]) {
        raw(#"{"seq":"#, &output)
        integer(event.seq, &output)
        raw(#","t":"#, &output)
        integer(event.t, &output)
        field("event", event.event.name, &output)
        if event.phase != .instant { field("phase", event.phase.rawValue, &output) }
        if let value = event.session { field("session", value, &output) }
        if let value = event.scene { field("scene", value, &output) }
        if let value = event.thread { field("thread", value, &output) }
        if !event.attrs.isEmpty {
            raw(#","attrs":"#, &output)
            attributes(event.attrs, &output)
        }
        raw("}\n", &output)
    }

    /// Appends an `attrs` object with its keys sorted.
    public static func attributes(_ attrs: Attributes, _ output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        var first = true
        for key in attrs.keys.sorted() {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            string(key, &output)
            output.append(UInt8(ascii: ":"))
            switch attrs[key]! {
            case .string(let value): string(value, &output)
            case .int(let value): integer(value, &output)
            case .double(let value):
                // JSON has no NaN or infinity: write those as strings rather than produce an invalid line.
                if value.isFinite { raw(String(value), &output) } else { string(String(value), &output) }
            case .bool(let value): raw(value ? "true" : "false", &output)
            case .strings(let values):
                output.append(UInt8(ascii: "["))
                for (index, value) in values.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    string(value, &output)
                }
                output.append(UInt8(ascii: "]"))
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    // MARK: - Primitives

    @inline(__always)
    private static func raw(_ text: StaticString, _ output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    private static func raw(_ text: String, _ output: inout [UInt8]) {
        output.append(contentsOf: text.utf8)
    }

    @inline(__always)
    private static func field(_ name: StaticString, _ value: String, _ output: inout [UInt8]) {
        output.append(UInt8(ascii: ","))
        output.append(UInt8(ascii: "\""))
        raw(name, &output)
        output.append(UInt8(ascii: "\""))
        output.append(UInt8(ascii: ":"))
        string(value, &output)
    }

    /// Appends a decimal integer without going through `String`.
    public static func integer(_ value: Int64, _ output: inout [UInt8]) {
        if value < 0 {
            output.append(UInt8(ascii: "-"))
            appendMagnitude(value.magnitude, &output)
        } else {
            appendMagnitude(UInt64(value), &output)
        }
    }

    private static func appendMagnitude(_ value: UInt64, _ output: inout [UInt8]) {
        if value < 10 {
            output.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var count = 0
        var remaining = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while remaining > 0 {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
                count += 1
            }
            output.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// Appends a JSON string literal, escaping quotes, backslashes and control characters.
    public static func string(_ value: String, _ output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: bytes[runStart..<index])
                output.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case 0x09: output.append(UInt8(ascii: "t"))
                default:
                    output.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                    output.append(hexDigit(byte >> 4))
                    output.append(hexDigit(byte & 0x0F))
                }
                runStart = index + 1
            }
            output.append(contentsOf: bytes[runStart..<bytes.count])
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
