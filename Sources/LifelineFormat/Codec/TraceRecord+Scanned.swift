// MARK: - Owned records from scanned lines

extension TraceRecord {
    /// Builds the owned record for a line the scanner accepted.
    public init(_ scanned: ScannedLine, line: UnsafeRawBufferPointer, scanner: TraceLineScanner) {
        func text(_ string: ScannedString?) -> String? { string.map { scanner.string($0, in: line) } }
        switch scanned.kind {
        case .launch:
            self = .launch(LaunchRecord(scanned, line: line, scanner: scanner))
        case .event:
            let name = scanned.callback.map(EventName.init) ?? EventName(scanner.string(scanned.event, in: line))
            let attrs = scanned.attrs.map { AttributesDecoder.decode(UnsafeRawBufferPointer(rebasing: line[$0])) } ?? [:]
            self = .event(
                EventRecord(
                    seq: scanned.seq, t: scanned.t, event: name, phase: scanned.phase, session: text(scanned.session),
                    scene: text(scanned.scene), thread: text(scanned.thread), attrs: attrs))
        }
    }

    /// Parses one line of trace format v1 (without its line terminator).
    ///
    /// ```swift
    /// let record = try TraceRecord(parsing: #"{"seq":1,"t":0,"event":"didFinishLaunching"}"#, lineNumber: 2)
    /// ```
    public init(parsing line: String, lineNumber: Int = 1) throws(TraceFormatError) {
        var utf8 = Array(line.utf8)
        self = try utf8.withTypedMutableBytes { (buffer: UnsafeMutableRawBufferPointer) throws(TraceFormatError) in
            var scanner = TraceLineScanner()
            let bytes = UnsafeRawBufferPointer(buffer)
            let scanned = try scanner.scan(bytes, lineNumber: lineNumber)
            return TraceRecord(scanned, line: bytes, scanner: scanner)
        }
    }
}

/// Decodes an `attrs` object the scanner has already validated.
enum AttributesDecoder {
    static func decode(_ object: UnsafeRawBufferPointer) -> Attributes {
        // Validated input cannot fail; an error here would be a scanner bug.
        do {
            return try decodeChecked(object)
        } catch {
            assertionFailure("attrs were validated by the scanner: \(error)")
            return [:]
        }
    }

    /// Decodes a JSON object of attributes, reporting malformed input instead of trusting it.
    static func decodeChecked(_ object: UnsafeRawBufferPointer) throws(TraceFormatError) -> Attributes {
        var cursor = JSONCursor(object, lineNumber: 0)
        var scratch: [UInt8] = []
        var result: Attributes = [:]
        cursor.skipWhitespace()
        try cursor.expect(UInt8(ascii: "{"), "expected '{' to start the attributes")
        cursor.skipWhitespace()
        if cursor.consume(UInt8(ascii: "}")) { return result }
        repeat {
            cursor.skipWhitespace()
            guard cursor.index < object.count, object[cursor.index] == UInt8(ascii: "\"") else {
                throw cursor.failure(.syntax, "expected an attribute name in quotes", at: cursor.index)
            }
            let key = cursor.text(try cursor.scanString(scratch: &scratch), scratch)
            cursor.skipWhitespace()
            try cursor.expect(UInt8(ascii: ":"), "expected ':' after an attribute name")
            cursor.skipWhitespace()
            guard cursor.index < object.count else {
                throw cursor.failure(.syntax, "expected a value (the attributes are cut short)", at: cursor.index)
            }
            if let value = try decodeValue(&cursor, scratch: &scratch) { result[key] = value }
            cursor.skipWhitespace()
        } while try cursor.separator(close: UInt8(ascii: "}"))
        return result
    }

    private static func decodeValue(_ cursor: inout JSONCursor, scratch: inout [UInt8]) throws(TraceFormatError) -> AttributeValue? {
        switch cursor.bytes[cursor.index] {
        case UInt8(ascii: "\""):
            return .string(cursor.text(try cursor.scanString(scratch: &scratch), scratch))
        case UInt8(ascii: "["):
            cursor.index += 1
            var strings: [String] = []
            if cursor.consume(UInt8(ascii: "]")) { return .strings(strings) }
            repeat {
                cursor.skipWhitespace()
                strings.append(cursor.text(try cursor.scanString(scratch: &scratch), scratch))
            } while try cursor.separator(close: UInt8(ascii: "]"))
            return .strings(strings)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = cursor.index
            let integer = try cursor.scanAttributeNumber()
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: cursor.bytes[start..<cursor.index]), as: UTF8.self)
            if integer, let value = Int64(text) { return .int(value) }
            return .double(Double(text) ?? .nan)
        default:
            switch try cursor.scanLiteral() {
            case .true: return .bool(true)
            case .false: return .bool(false)
            case .null: return nil
            }
        }
    }
}

extension AttributeValue {
    /// Decodes an `attrs` JSON object, as the database stores it in `event.attrs`.
    ///
    /// ```swift
    /// let attrs = try AttributeValue.decodeObject(#"{"sessions":["S1"],"bytes":4096}"#)
    /// ```
    public static func decodeObject(_ json: String) throws(TraceFormatError) -> Attributes {
        var utf8 = Array(json.utf8)
        return try utf8.withTypedMutableBytes { (buffer: UnsafeMutableRawBufferPointer) throws(TraceFormatError) in
            try AttributesDecoder.decodeChecked(UnsafeRawBufferPointer(buffer))
        }
    }
}

extension LaunchRecord {
    /// Builds the launch record of a launch line the scanner accepted.
    public init(_ scanned: ScannedLine, line: UnsafeRawBufferPointer, scanner: TraceLineScanner) {
        func text(_ string: ScannedString?) -> String? { string.map { scanner.string($0, in: line) } }
        self.init(
            version: Int(scanned.version), launch: text(scanned.launch), pid: scanned.pid, app: text(scanned.app),
            appVersion: text(scanned.appVersion),
            platform: text(scanned.platform), os: text(scanned.os), device: text(scanned.device),
            lifecycle: scanned.lifecycle, started: text(scanned.started), part: scanned.part, records: scanned.records,
            excerpt: scanned.excerpt, processStart: scanned.processStart, moduleLoad: scanned.moduleLoad, prewarm: scanned.prewarm,
            taskRole: text(scanned.taskRole))
    }
}
