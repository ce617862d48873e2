/// A recursive-descent JSON reader that keeps where every object starts.
///
/// It reads one document (`read()`), one value after another on the same bytes (`readValue()`, for
/// `log show --style ndjson`'s one object per line), or a large document piece by piece without
/// building it: ``forEachElement(_:)`` and ``forEachMember(_:)`` hand over one element or member at
/// a time (a Chrome trace's `traceEvents`), ``readObject(selecting:into:)`` checks a whole object
/// and notes where the members it is asked for are (a unified-log entry), and ``skipValue()``
/// checks a value and passes over it.
///
/// Whatever is skipped is checked as strictly as what is built — the grammar, each string's
/// escapes and control characters, UTF-8, the nesting limit — with the same located errors, so a
/// document is refused at the same place however it is read. Skipping is fast because string
/// contents, most of a unified log's bytes, are scanned eight bytes at a time (``JSONScan``).
///
/// Errors are ``TraceFormatError``s located by line and UTF-8 column, and nesting deeper than
/// ``maximumDepth`` is an error rather than a deep recursion.
///
/// ```swift
/// var reader = JSONReader(Array(#"{"traceEvents":[]}"#.utf8))
/// let value = try reader.read()
/// ```
public struct JSONReader {
    /// Deeper nesting than this is refused: no trace format needs it, and a hostile file could exhaust the stack.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private(set) var index = 0
    private var line: Int
    private var lineStart = 0
    /// How many arrays and objects enclose the next value (inside ``forEachElement(_:)`` and ``forEachMember(_:)``).
    private var depth = 0
    /// Whether the Trace Event Format's array form may end without its `]` (the format allows it).
    public var allowsUnclosedTopLevelArray = false
    /// Set when the top-level array ended at the end of the input without its `]`.
    public private(set) var topLevelArrayWasUnclosed = false

    public init(_ bytes: [UInt8], firstLine: Int = 1) {
        self.bytes = bytes
        self.line = firstLine
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
    }

    /// Reads the one value the bytes hold; anything after it but whitespace is an error.
    public mutating func read() throws(TraceFormatError) -> JSONValue {
        let value = try readValue()
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected text after the JSON value") }
        return value
    }

    /// Whether only whitespace is left.
    public mutating func atEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    /// The next byte that is not whitespace (nil at the end), passing over the whitespace.
    public mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// Reads the next value, leaving the index after it.
    public mutating func readValue() throws(TraceFormatError) -> JSONValue {
        try value(depth: depth)
    }

    /// Checks the next value as ``readValue()`` would, without building it, and passes over it.
    public mutating func skipValue() throws(TraceFormatError) {
        try skipValue(depth: depth)
    }

    // MARK: - Reading piece by piece

    /// Reads an array (the next value must start with `[`), calling `body` at each element, which
    /// must read or skip exactly that one value. The errors are those ``readValue()`` gives for the
    /// same bytes, at the same places; at the top level the array may end unclosed when
    /// ``allowsUnclosedTopLevelArray`` is set.
    public mutating func forEachElement(_ body: (inout JSONReader) throws(TraceFormatError) -> Void) throws(TraceFormatError) {
        try enter(UInt8(ascii: "["))
        let lenient = depth == 0 && allowsUnclosedTopLevelArray
        index += 1
        depth += 1
        defer { depth -= 1 }
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            if lenient && atEnd() {
                topLevelArrayWasUnclosed = true
                return
            }
            try body(&self)
            skipWhitespace()
            if lenient && index == bytes.count {
                topLevelArrayWasUnclosed = true
                return
            }
            guard index < bytes.count else { throw failure("unexpected end of input, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw failure("expected ',' or ']'") }
            index += 1
            return
        }
    }

    /// Reads an object (the next value must start with `{`), calling `body` with each member's key,
    /// which must read or skip exactly that member's value. Returns where the object starts. The
    /// errors are those ``readValue()`` gives for the same bytes, at the same places.
    @discardableResult
    public mutating func forEachMember(
        _ body: (inout JSONReader, String) throws(TraceFormatError) -> Void
    ) throws(TraceFormatError) -> (line: Int, column: Int) {
        try enter(UInt8(ascii: "{"))
        let start = location
        index += 1
        depth += 1
        defer { depth -= 1 }
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return start
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a string key") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':' after an object key") }
            index += 1
            try body(&self, key)
            if try endOfMember() { return start }
        }
    }

    /// Reads an object (the next value must start with `{`), checking every member as ``readValue()``
    /// would but building none: `spans[i]` is set to where the value of the first member named
    /// `keys[i]` lies (nil when there is none), for ``string(in:)``, ``stringBytes(in:)`` and
    /// ``value(in:)`` to read. Returns where the object starts. A unified-log entry has twenty-odd
    /// members, of which the importer reads a dozen, and most of its bytes are in the others.
    @discardableResult
    public mutating func readObject(
        selecting keys: [[UInt8]], into spans: inout [JSONSpan?]
    ) throws(TraceFormatError) -> (line: Int, column: Int) {
        spans.removeAll(keepingCapacity: true)
        spans.append(contentsOf: repeatElement(nil, count: keys.count))
        try enter(UInt8(ascii: "{"))
        let start = location
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return start
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a string key") }
            let slot = try selectedKey(keys)
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':' after an object key") }
            index += 1
            skipWhitespace()
            let valueStart = index
            let valueLine = line
            let valueLineStart = lineStart
            try skipValue(depth: depth + 1)
            if let slot, spans[slot] == nil {
                spans[slot] = JSONSpan(range: valueStart..<index, line: valueLine, lineStart: valueLineStart)
            }
            if try endOfMember() { return start }
        }
    }

    /// The string at `span` (a value ``readObject(selecting:into:)`` found), or nil if it is another kind of value.
    public func string(in span: JSONSpan) -> String? {
        guard let contents = stringBytes(in: span) else { return nil }
        return String(decoding: contents, as: UTF8.self)
    }

    /// The UTF-8 of the string at `span` (a value ``readObject(selecting:into:)`` found), escapes
    /// decoded: the file's own bytes when it has none. Nil if it is another kind of value.
    public func stringBytes(in span: JSONSpan) -> ArraySlice<UInt8>? {
        let range = span.range
        guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "\"") else { return nil }
        let contents = (range.lowerBound + 1)..<(range.upperBound - 1)
        if stringSpecial(from: contents.lowerBound, nonASCII: false) == contents.upperBound {
            return bytes[contents]
        }
        var copy = self
        copy.index = range.lowerBound
        guard let text = try? copy.string() else { return nil }
        return Array(text.utf8)[...]
    }

    /// The JSON text of the value at `span`, as the file has it (quotes and escapes included).
    public func text(of span: JSONSpan) -> ArraySlice<UInt8> { bytes[span.range] }

    /// The value at `span` (one ``readObject(selecting:into:)`` found), built, its objects located as ``readValue()`` locates them.
    public func value(in span: JSONSpan) -> JSONValue? {
        var copy = self
        copy.index = span.range.lowerBound
        copy.line = span.line
        copy.lineStart = span.lineStart
        copy.depth = 0
        return try? copy.value(depth: 0)
    }

    /// Checks what ``value(depth:)`` checks before a container, and that the next value is one starting with `opening`.
    private mutating func enter(_ opening: UInt8) throws(TraceFormatError) {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of input, expected a JSON value") }
        guard depth < Self.maximumDepth else { throw failure("JSON nested deeper than \(Self.maximumDepth) levels") }
        guard bytes[index] == opening else { throw failure("expected '\(Character(Unicode.Scalar(opening)))'") }
    }

    /// After an object's member: passes over `,` (more follow: false) or `}` (that was the last: true), or throws.
    private mutating func endOfMember() throws(TraceFormatError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of input, expected ',' or '}'") }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            return false
        }
        guard bytes[index] == UInt8(ascii: "}") else { throw failure("expected ',' or '}'") }
        index += 1
        return true
    }

    /// Reads an object key and returns its position in `keys`, if it is one of them. A key without
    /// escapes or multi-byte characters is compared in place; any other is read as ``string()`` reads it.
    private mutating func selectedKey(_ keys: [[UInt8]]) throws(TraceFormatError) -> Int? {
        let end = stringSpecial(from: index + 1, nonASCII: true)
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let raw = bytes[(index + 1)..<end]
            index = end + 1
            for (slot, key) in keys.enumerated() where key.count == raw.count && key.elementsEqual(raw) { return slot }
            return nil
        }
        let key = try string()
        for (slot, candidate) in keys.enumerated() where candidate.elementsEqual(key.utf8) { return slot }
        return nil
    }

    // MARK: - Skipping

    /// Checks and passes over one value without building it: the checks, and the errors and their
    /// places, are ``value(depth:)``'s.
    private mutating func skipValue(depth: Int) throws(TraceFormatError) {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of input, expected a JSON value") }
        guard depth < Self.maximumDepth else { throw failure("JSON nested deeper than \(Self.maximumDepth) levels") }
        switch bytes[index] {
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "{"):
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a string key") }
                try skipString()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':' after an object key") }
                index += 1
                try skipValue(depth: depth + 1)
                if try endOfMember() { return }
            }
        case UInt8(ascii: "["):
            let lenient = depth == 0 && allowsUnclosedTopLevelArray
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            }
            while true {
                if lenient && atEnd() {
                    topLevelArrayWasUnclosed = true
                    return
                }
                try skipValue(depth: depth + 1)
                skipWhitespace()
                if lenient && index == bytes.count {
                    topLevelArrayWasUnclosed = true
                    return
                }
                guard index < bytes.count else { throw failure("unexpected end of input, expected ',' or ']'") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "]") else { throw failure("expected ',' or ']'") }
                index += 1
                return
            }
        case UInt8(ascii: "t"): _ = try literal("true", .bool(true))
        case UInt8(ascii: "f"): _ = try literal("false", .bool(false))
        case UInt8(ascii: "n"): _ = try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanNumber()
        default: throw failure("expected a JSON value")
        }
    }

    /// Checks and passes over a string as ``string()`` reads it (escapes, control characters, and
    /// UTF-8, reported at the string's start once it is known to end), without building it.
    private mutating func skipString() throws(TraceFormatError) {
        index += 1
        let start = index
        var wellFormed = true
        while true {
            index = stringSpecial(from: index, nonASCII: true)
            guard index < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard wellFormed else { throw encodingFailure(at: start) }
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                _ = try escape()
            } else if byte < 0x20 {
                throw failure(JSONLexis.controlCharacterMessage(byte))
            } else if let length = bytes.withUnsafeBytes({ UTF8Validation.sequenceLength(in: $0, at: index) }) {
                index += length
            } else {
                wellFormed = false
                index += 1
            }
        }
    }

    // MARK: - Building

    /// The 1-based line and column of the next byte.
    public var location: (line: Int, column: Int) { (line, index - lineStart + 1) }

    private func failure(_ message: String, code: TraceFormatError.Code = .syntax) -> TraceFormatError {
        TraceFormatError(code, message, line: line, column: index - lineStart + 1)
    }

    private func encodingFailure(at offset: Int) -> TraceFormatError {
        TraceFormatError(.encoding, "string is not valid UTF-8", line: line, column: offset - lineStart + 1)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(TraceFormatError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of input, expected a JSON value") }
        guard depth < Self.maximumDepth else { throw failure("JSON nested deeper than \(Self.maximumDepth) levels") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object(try object(depth: depth))
        case UInt8(ascii: "["): return .array(try array(depth: depth))
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("expected a JSON value")
        }
    }

    private mutating func literal(_ word: StaticString, _ result: JSONValue) throws(TraceFormatError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected in
            index + count <= bytes.count && bytes[index..<(index + count)].elementsEqual(expected)
        }
        guard matches else { throw failure("expected a JSON value") }
        index += count
        return result
    }

    private mutating func object(depth: Int) throws(TraceFormatError) -> JSONObject {
        let start = location
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return JSONObject(members: members, line: start.line, column: start.column)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a string key") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':' after an object key") }
            index += 1
            members.append((key, try value(depth: depth + 1)))
            if try endOfMember() { return JSONObject(members: members, line: start.line, column: start.column) }
        }
    }

    private mutating func array(depth: Int) throws(TraceFormatError) -> [JSONValue] {
        index += 1
        var items: [JSONValue] = []
        let lenient = depth == 0 && allowsUnclosedTopLevelArray
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return items
        }
        while true {
            if lenient && atEnd() {
                topLevelArrayWasUnclosed = true
                return items
            }
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            if lenient && index == bytes.count {
                topLevelArrayWasUnclosed = true
                return items
            }
            guard index < bytes.count else { throw failure("unexpected end of input, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw failure("expected ',' or ']'") }
            index += 1
            return items
        }
    }

    private mutating func number() throws(TraceFormatError) -> String {
        let start = index
        try scanNumber()
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Passes over a number, checking its grammar.
    private mutating func scanNumber() throws(TraceFormatError) {
        let start = index
        switch bytes.withUnsafeBytes({ JSONLexis.number(in: $0, at: start) }) {
        case .success(let number): index = number.end
        case .failure(let error):
            index = error.offset
            throw failure(error.message)
        }
    }

    private mutating func string() throws(TraceFormatError) -> String {
        index += 1
        let start = index
        // Runs of plain bytes are found eight at a time; escapes are decoded into `scratch`.
        var scratch: [UInt8] = []
        var escaped = false
        var run = index
        while true {
            index = stringSpecial(from: index, nonASCII: false)
            guard index < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text: String
                if escaped {
                    scratch.append(contentsOf: bytes[run..<index])
                    text = try validated(scratch[...], at: start)
                } else {
                    text = try validated(bytes[start..<index], at: start)
                }
                index += 1
                return text
            }
            if byte < 0x20 { throw failure(JSONLexis.controlCharacterMessage(byte)) }
            if !escaped {
                escaped = true
                scratch.reserveCapacity(index - start + 16)
            }
            scratch.append(contentsOf: bytes[run..<index])
            switch try escape() {
            case .byte(let decoded): scratch.append(decoded)
            case .scalar(let scalar, _): scratch.append(contentsOf: UTF8.encode(scalar)!)
            }
            run = index
        }
    }

    /// Reads the escape at the index (a `\`) and passes over it.
    private mutating func escape() throws(TraceFormatError) -> JSONLexis.Escape {
        let start = index
        switch bytes.withUnsafeBytes({ JSONLexis.escape(in: $0, at: start) }) {
        case .success(let escape):
            switch escape {
            case .byte: index += 2
            case .scalar(_, let length): index += length
            }
            return escape
        case .failure(let error):
            index = error.isUnterminated ? bytes.count : error.offset
            throw failure(error.message)
        }
    }

    /// The first byte at or after `start` that ends a plain run of string contents (``JSONLexis``).
    private func stringSpecial(from start: Int, nonASCII: Bool) -> Int {
        bytes.withUnsafeBytes { JSONLexis.stringSpecial(in: $0, from: start, nonASCII: nonASCII) }
    }

    private func validated(_ slice: ArraySlice<UInt8>, at offset: Int) throws(TraceFormatError) -> String {
        guard slice.withUnsafeBytes({ UTF8Validation.firstInvalidOffset(in: $0) }) == nil else {
            throw encodingFailure(at: offset)
        }
        return String(decoding: slice, as: UTF8.self)
    }
}
