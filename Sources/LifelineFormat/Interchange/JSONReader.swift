/// A recursive-descent JSON reader that keeps where every object starts.
///
/// It reads one document (`read()`) or one value after another on the same bytes (`readValue()`, for
/// `log show --style ndjson`'s one object per line). Errors are ``TraceFormatError``s located by line
/// and UTF-8 column, and nesting deeper than ``maximumDepth`` is an error rather than a deep recursion.
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

    /// Reads the next value, leaving the index after it.
    public mutating func readValue() throws(TraceFormatError) -> JSONValue {
        try value(depth: 0)
    }

    /// Reads an object keeping only the members named in `keys` (each key's UTF-8 bytes); the other
    /// values are checked and skipped without being built. A unified-log entry has twenty-odd
    /// members, of which the importer reads a dozen: this is most of its speed.
    public mutating func readObject(keeping keys: [[UInt8]]) throws(TraceFormatError) -> JSONObject {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { throw failure("expected '{'") }
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
            // A key without escapes is compared in place; one with escapes is decoded first.
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
            var key: String?
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                let raw = bytes[(index + 1)..<end]
                if keys.contains(where: { $0.elementsEqual(raw) }) { key = String(decoding: raw, as: UTF8.self) }
                index = end + 1
            } else {
                let decoded = try string()
                if keys.contains(where: { $0.elementsEqual(decoded.utf8) }) { key = decoded }
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':' after an object key") }
            index += 1
            if let key {
                members.append((key, try value(depth: 1)))
            } else {
                try skipValue(depth: 1)
            }
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw failure("expected ',' or '}'") }
            index += 1
            return JSONObject(members: members, line: start.line, column: start.column)
        }
    }

    /// Checks and passes over one value without building it.
    private mutating func skipValue(depth: Int) throws(TraceFormatError) {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of input, expected a JSON value") }
        guard depth < Self.maximumDepth else { throw failure("JSON nested deeper than \(Self.maximumDepth) levels") }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return
                }
                if byte < 0x20 { throw failure("control character in a string") }
                index += byte == UInt8(ascii: "\\") ? 2 : 1
            }
            throw failure("unterminated string")
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = bytes[index] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let isObject = close == UInt8(ascii: "}")
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == close {
                index += 1
                return
            }
            while true {
                if isObject {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a string key") }
                    try skipValue(depth: depth + 1)
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':' after an object key") }
                    index += 1
                }
                try skipValue(depth: depth + 1)
                skipWhitespace()
                guard index < bytes.count else {
                    throw failure("unexpected end of input, expected ',' or '\(Character(Unicode.Scalar(close)))'")
                }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == close else { throw failure("expected ',' or '\(Character(Unicode.Scalar(close)))'") }
                index += 1
                return
            }
        default:
            _ = try value(depth: depth)
        }
    }

    /// The 1-based line and column of the next byte.
    public var location: (line: Int, column: Int) { (line, index - lineStart + 1) }

    private func failure(_ message: String, code: TraceFormatError.Code = .syntax) -> TraceFormatError {
        TraceFormatError(code, message, line: line, column: index - lineStart + 1)
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
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw failure("expected ',' or '}'") }
            index += 1
            return JSONObject(members: members, line: start.line, column: start.column)
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
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - from
        }
        guard digits() > 0 else { throw failure("expected a digit") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("expected a digit after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("expected a digit in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func string() throws(TraceFormatError) -> String {
        index += 1
        let start = index
        // The common case: no escapes, one copy.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = try validated(bytes[start..<index], at: start)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("control character in a string") }
            index += 1
        }
        var scratch = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return try validated(scratch[...], at: start)
            }
            if byte < 0x20 { throw failure("control character in a string") }
            guard byte == UInt8(ascii: "\\") else {
                scratch.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hexQuad()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw failure("unpaired surrogate in \\u escape")
                    }
                    index += 2
                    let low = try hexQuad()
                    guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate in \\u escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw failure("unpaired surrogate in \\u escape")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
                scratch.append(contentsOf: String(Character(unicode)).utf8)
            default:
                throw failure("invalid escape in a string")
            }
        }
        throw failure("unterminated string")
    }

    private mutating func hexQuad() throws(TraceFormatError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func validated(_ slice: ArraySlice<UInt8>, at offset: Int) throws(TraceFormatError) -> String {
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw TraceFormatError(.encoding, "string is not valid UTF-8", line: line, column: offset - lineStart + 1)
        }
        return text
    }
}
