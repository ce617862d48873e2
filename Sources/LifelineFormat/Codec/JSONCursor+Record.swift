// MARK: - Trace records

extension JSONCursor {
    /// Scans a whole line as a v1 record: one object, nothing after it.
    mutating func scanRecord(scratch: inout [UInt8]) throws(TraceFormatError) -> ScannedLine {
        var line = ScannedLine()
        var seen: UInt32 = 0
        var offsets = FieldOffsets()
        var type: ScannedString?

        skipWhitespace()
        guard index < end else { throw failure(.syntax, "empty line", at: index) }
        guard bytes[index] == UInt8(ascii: "{") else {
            throw failure(.syntax, "expected '{' at the start of a record", at: index)
        }
        let recordStart = index
        index += 1
        if !consume(UInt8(ascii: "}")) {
            repeat {
                skipWhitespace()
                guard index < end, bytes[index] == UInt8(ascii: "\"") else {
                    throw failure(.syntax, "expected a field name in quotes", at: index)
                }
                let keyOffset = index
                let field: TraceField?
                if index + 9 <= end, let known = TraceField.match(word: bytes.loadUnaligned(fromByteOffset: index + 1, as: UInt64.self)) {
                    // A known key of up to seven plain bytes: past it and its quotes without scanning it.
                    index += known.length + 2
                    field = known.field
                } else {
                    let key = try scanString(scratch: &scratch)
                    field =
                        key.isDecoded
                        ? scratch.withUnsafeBytes {
                            TraceField.match(UnsafeRawBufferPointer(rebasing: $0[key.start..<(key.start + key.count)]))
                        }
                        : TraceField.match(UnsafeRawBufferPointer(rebasing: bytes[key.start..<(key.start + key.count)]))
                }
                try expect(UInt8(ascii: ":"), "expected ':' after field name")
                skipWhitespace()
                guard let field else {
                    try skipValue(depth: 1, scratch: &scratch)
                    continue
                }
                if seen & field.bit != 0 { throw failure(.invalidValue, "duplicate field \"\(field.key)\"", at: keyOffset) }
                seen |= field.bit
                offsets[field] = index
                try scanField(field, into: &line, type: &type, scratch: &scratch)
            } while try separator(close: UInt8(ascii: "}"))
        }
        skipWhitespace()
        if index < end { throw failure(.syntax, "unexpected characters after the record", at: index) }
        try classify(&line, seen: seen, type: type, offsets: offsets, recordStart: recordStart, scratch: scratch)
        return line
    }

    /// Where the values that `classify` may report on started, for diagnostics found after the scan.
    ///
    /// Stored properties rather than an array: this runs per line, and an array is an allocation.
    struct FieldOffsets {
        private var type = 0
        private var lifeline = 0
        private var started = 0
        private var event = 0

        subscript(field: TraceField) -> Int {
            get {
                switch field {
                case .type: return type
                case .lifeline: return lifeline
                case .started: return started
                case .event: return event
                default: return 0
                }
            }
            set {
                switch field {
                case .type: type = newValue
                case .lifeline: lifeline = newValue
                case .started: started = newValue
                case .event: event = newValue
                default: break
                }
            }
        }
    }

    private mutating func scanField(
        _ field: TraceField, into line: inout ScannedLine, type: inout ScannedString?, scratch: inout [UInt8]
    ) throws(TraceFormatError) {
        switch field {
        case .lifeline: line.version = try scanInteger(for: "lifeline")
        case .pid: line.pid = try scanInteger(for: "pid")
        case .part: line.part = try scanInteger(for: "part")
        case .seq:
            line.seqOffset = index
            line.seq = try scanInteger(for: "seq")
        case .t:
            line.tOffset = index
            line.t = try scanInteger(for: "t")
        case .type: type = try requiredString(for: "type", scratch: &scratch)
        case .event:
            line.eventOffset = index
            line.event = try requiredString(for: "event", scratch: &scratch)
        case .launch: line.launch = try optionalString(for: "launch", scratch: &scratch)
        case .app: line.app = try optionalString(for: "app", scratch: &scratch)
        case .appVersion: line.appVersion = try optionalString(for: "appVersion", scratch: &scratch)
        case .platform: line.platform = try optionalString(for: "platform", scratch: &scratch)
        case .os: line.os = try optionalString(for: "os", scratch: &scratch)
        case .device: line.device = try optionalString(for: "device", scratch: &scratch)
        case .started: line.started = try optionalString(for: "started", scratch: &scratch)
        case .session: line.session = try optionalString(for: "session", scratch: &scratch)
        case .scene: line.scene = try optionalString(for: "scene", scratch: &scratch)
        case .thread: line.thread = try optionalString(for: "thread", scratch: &scratch)
        case .phase:
            let start = index
            line.phaseOffset = index
            let value = try requiredString(for: "phase", scratch: &scratch)
            guard let phase = Phase(matching: value, bytes: bytes, scratch: scratch) else {
                throw failure(
                    .invalidValue,
                    "unknown phase '\(text(value, scratch))' (expected 'begin', 'end' or 'instant')", at: start)
            }
            line.phase = phase
        case .lifecycle:
            let start = index
            guard let value = try optionalString(for: "lifecycle", scratch: &scratch) else { return }
            guard let lifecycle = Lifecycle(rawValue: text(value, scratch)) else {
                throw failure(
                    .invalidValue, "unknown lifecycle '\(text(value, scratch))' (expected 'scene' or 'app')",
                    at: start)
            }
            line.lifecycle = lifecycle
        case .attrs: line.attrs = try scanAttributes(scratch: &scratch)
        case .records: line.records = try scanRecords(scratch: &scratch)
        case .excerpt: line.excerpt = try optionalBool(for: "excerpt")
        case .prewarm: line.prewarm = try optionalBool(for: "prewarm")
        case .taskRole: line.taskRole = try optionalString(for: "taskRole", scratch: &scratch)
        case .processStart: line.processStart = consumeNull() ? nil : try scanInteger(for: "processStart", signed: true)
        case .moduleLoad: line.moduleLoad = consumeNull() ? nil : try scanInteger(for: "moduleLoad", signed: true)
        }
    }

    /// Reads `true`, `false` or `null` (`nil`) for a boolean field.
    private mutating func optionalBool(for field: StaticString) throws(TraceFormatError) -> Bool? {
        guard index < end, bytes[index] == UInt8(ascii: "t") || bytes[index] == UInt8(ascii: "f") || bytes[index] == UInt8(ascii: "n")
        else { throw failure(.invalidValue, "expected true, false or null for \"\(field)\"", at: index) }
        switch try scanLiteral() {
        case .true: return true
        case .false: return false
        case .null: return nil
        }
    }

    /// Reads `records`: an array of callback names (any alias), or `null`.
    ///
    /// A name outside the catalog is an error at its string: an app-defined event cannot be
    /// declared (a trace shows the ones it has), and a misspelt callback would silently make
    /// every rule that needs the real one not applicable.
    private mutating func scanRecords(scratch: inout [UInt8]) throws(TraceFormatError) -> CallbackSet? {
        if consumeNull() { return nil }
        guard index < end, bytes[index] == UInt8(ascii: "[") else {
            throw failure(.invalidValue, "expected an array of callback names for \"records\"", at: index)
        }
        index += 1
        var records = CallbackSet()
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return records }
        let mark = scratch.count
        defer { scratch.removeSubrange(mark...) }
        repeat {
            skipWhitespace()
            let start = index
            guard index < end, bytes[index] == UInt8(ascii: "\"") else {
                throw failure(.invalidValue, "expected a callback name in quotes in \"records\"", at: index)
            }
            let name = try scanString(scratch: &scratch)
            let callback =
                name.isDecoded
                ? scratch.withUnsafeBytes { Callback(utf8: UnsafeRawBufferPointer(rebasing: $0[name.start..<(name.start + name.count)])) }
                : Callback(utf8: UnsafeRawBufferPointer(rebasing: bytes[name.start..<(name.start + name.count)]))
            guard let callback else {
                throw failure(
                    .invalidValue,
                    "unknown callback '\(text(name, scratch))' in \"records\" (`lifeline callbacks` lists them)", at: start)
            }
            records.insert(callback)
            skipWhitespace()
        } while try separator(close: UInt8(ascii: "]"))
        return records
    }

    private mutating func requiredString(
        for field: StaticString, scratch: inout [UInt8]
    ) throws(TraceFormatError) -> ScannedString {
        guard index < end, bytes[index] == UInt8(ascii: "\"") else {
            throw failure(.invalidValue, "expected string for \"\(field)\"", at: index)
        }
        return try scanString(scratch: &scratch)
    }

    /// A string, or `nil` for `null`.
    private mutating func optionalString(
        for field: StaticString, scratch: inout [UInt8]
    ) throws(TraceFormatError) -> ScannedString? {
        if consumeNull() { return nil }
        return try requiredString(for: field, scratch: &scratch)
    }

    func text(_ string: ScannedString, _ scratch: [UInt8]) -> String {
        if string.isDecoded { return String(decoding: scratch[string.start..<(string.start + string.count)], as: UTF8.self) }
        return String(
            decoding: UnsafeRawBufferPointer(rebasing: bytes[string.start..<(string.start + string.count)]),
            as: UTF8.self)
    }

    /// Validates an `attrs` object and returns its byte range (or `nil` for `null`).
    private mutating func scanAttributes(scratch: inout [UInt8]) throws(TraceFormatError) -> Range<Int>? {
        if consumeNull() { return nil }
        guard index < end, bytes[index] == UInt8(ascii: "{") else {
            throw failure(.invalidValue, "expected an object for \"attrs\"", at: index)
        }
        let start = index
        index += 1
        if consume(UInt8(ascii: "}")) { return start..<index }
        let mark = scratch.count
        defer { scratch.removeSubrange(mark...) }
        repeat {
            skipWhitespace()
            guard index < end, bytes[index] == UInt8(ascii: "\"") else {
                throw failure(.syntax, "expected an attribute name in quotes", at: index)
            }
            let key = try scanString(scratch: &scratch)
            try expect(UInt8(ascii: ":"), "expected ':' after attribute name")
            skipWhitespace()
            let valueStart = index
            guard index < end else { throw failure(.syntax, "expected a value (the line is cut short)", at: index) }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                _ = try scanString(scratch: &scratch)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try scanAttributeNumber()
            case UInt8(ascii: "["):
                index += 1
                if consume(UInt8(ascii: "]")) { break }
                repeat {
                    skipWhitespace()
                    guard index < end, bytes[index] == UInt8(ascii: "\"") else {
                        throw attributeTypeError(key, scratch, at: valueStart)
                    }
                    _ = try scanString(scratch: &scratch)
                } while try separator(close: UInt8(ascii: "]"))
            case UInt8(ascii: "{"):
                throw attributeTypeError(key, scratch, at: valueStart)
            default:
                _ = try scanLiteral()
            }
        } while try separator(close: UInt8(ascii: "}"))
        return start..<index
    }

    private func attributeTypeError(_ key: ScannedString, _ scratch: [UInt8], at offset: Int) -> TraceFormatError {
        failure(
            .invalidValue,
            "attribute \"\(text(key, scratch))\" must be a string, number, boolean or array of strings", at: offset)
    }

    /// Decides whether the line is a launch or an event record and checks required fields.
    private func classify(
        _ line: inout ScannedLine, seen: UInt32, type: ScannedString?, offsets: FieldOffsets, recordStart: Int,
        scratch: [UInt8]
    ) throws(TraceFormatError) {
        func has(_ field: TraceField) -> Bool { seen & field.bit != 0 }
        if let type {
            switch text(type, scratch) {
            case "launch": line.kind = .launch
            case "event": line.kind = .event
            case let other:
                throw failure(
                    .invalidValue, "unknown record type '\(other)' (expected 'launch' or 'event')",
                    at: offsets[.type])
            }
        } else if has(.lifeline) {
            throw failure(.missingField, "missing required field \"type\" in launch record", at: recordStart)
        } else {
            line.kind = .event
        }

        switch line.kind {
        case .launch:
            guard has(.lifeline) else {
                throw failure(.missingField, "missing required field \"lifeline\" (the format version)", at: recordStart)
            }
            if line.version > Int64(LaunchRecord.currentVersion) {
                throw failure(
                    .unsupportedVersion,
                    "unsupported trace format version \(line.version) (this reader supports version \(LaunchRecord.currentVersion))",
                    at: offsets[.lifeline])
            }
            if line.version < 1 {
                throw failure(.invalidValue, "invalid trace format version \(line.version)", at: offsets[.lifeline])
            }
            if let started = line.started {
                switch Result(catching: { () throws(Timestamp.Failure) in try Timestamp.nanoseconds(text(started, scratch)) }) {
                case .success:
                    break
                case .failure(.malformed):
                    throw failure(
                        .invalidValue,
                        "expected an RFC 3339 time for \"started\" (like 2026-11-21T10:00:00.000Z)",
                        at: offsets[.started])
                case .failure(.outOfRange):
                    throw failure(
                        .invalidValue,
                        "\"started\" is outside the times a trace can hold (\(Timestamp.representable))",
                        at: offsets[.started])
                }
            }
        case .event:
            if !has(.seq) { throw failure(.missingField, "missing required field \"seq\"", at: recordStart) }
            if !has(.t) { throw failure(.missingField, "missing required field \"t\"", at: recordStart) }
            if !has(.event) { throw failure(.missingField, "missing required field \"event\"", at: recordStart) }
            if line.event.count == 0 { throw failure(.invalidValue, "empty event name", at: offsets[.event]) }
            line.callback =
                line.event.isDecoded
                ? scratch.withUnsafeBytes {
                    Callback(utf8: UnsafeRawBufferPointer(rebasing: $0[line.event.start..<(line.event.start + line.event.count)]))
                }
                : Callback(utf8: UnsafeRawBufferPointer(rebasing: bytes[line.event.start..<(line.event.start + line.event.count)]))
        }
    }
}

extension Phase {
    init?(matching string: ScannedString, bytes: UnsafeRawBufferPointer, scratch: [UInt8]) {
        func check(_ buffer: UnsafeRawBufferPointer) -> Phase? {
            if StaticString("begin").matches(buffer) { return .begin }
            if StaticString("end").matches(buffer) { return .end }
            if StaticString("instant").matches(buffer) { return .instant }
            return nil
        }
        let range = string.start..<(string.start + string.count)
        let phase =
            string.isDecoded
            ? scratch.withUnsafeBytes { check(UnsafeRawBufferPointer(rebasing: $0[range])) }
            : check(UnsafeRawBufferPointer(rebasing: bytes[range]))
        guard let phase else { return nil }
        self = phase
    }
}
