import LifelineCore

/// A position in one line of JSON bytes, with the scanning primitives the
/// trace scanner is built from. Every failure carries its byte column.
struct JSONCursor {
    let bytes: UnsafeRawBufferPointer
    let end: Int
    let lineNumber: Int
    var index = 0

    init(_ bytes: UnsafeRawBufferPointer, lineNumber: Int) {
        self.bytes = bytes
        self.end = bytes.count
        self.lineNumber = lineNumber
    }

    func failure(_ code: TraceFormatError.Code, _ message: String, at offset: Int) -> TraceFormatError {
        TraceFormatError(code, message, line: lineNumber, column: offset + 1)
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < end {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D, 0x0A: index += 1
            default: return
            }
        }
    }

    /// Consumes `byte` (after optional whitespace) or fails with `message`.
    @inline(__always)
    mutating func expect(_ byte: UInt8, _ message: @autoclosure () -> String) throws(TraceFormatError) {
        skipWhitespace()
        guard index < end, bytes[index] == byte else { throw failure(.syntax, message(), at: index) }
        index += 1
    }

    /// After a member of an object or array: `true` on `,`, `false` on `close`.
    @inline(__always)
    mutating func separator(close: UInt8) throws(TraceFormatError) -> Bool {
        skipWhitespace()
        guard index < end else {
            throw failure(
                .syntax, "expected ',' or '\(Character(Unicode.Scalar(close)))' (the line is cut short)",
                at: index)
        }
        let byte = bytes[index]
        if byte == UInt8(ascii: ",") {
            index += 1
            return true
        }
        if byte == close {
            index += 1
            return false
        }
        throw failure(.syntax, "expected ',' or '\(Character(Unicode.Scalar(close)))'", at: index)
    }

    /// Whether the next non-space byte is `byte`; consumes it if so.
    @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        if index < end && bytes[index] == byte {
            index += 1
            return true
        }
        return false
    }

    // MARK: - Strings

    /// Scans a JSON string at the cursor (which is on the opening quote).
    ///
    /// Plain strings come back as a range of the line; strings with escapes
    /// are decoded into `scratch`.
    mutating func scanString(scratch: inout [UInt8]) throws(TraceFormatError) -> ScannedString {
        let open = index
        index += 1
        let contentStart = index
        // Eight bytes at a time while none of them needs a look (most strings are plain ASCII);
        // the first that does is the lowest byte the word's mask flags. Most often it is the
        // closing quote; anything else goes on byte by byte below.
        while index + 8 <= end {
            let flags = Self.lookFlags(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            if flags == 0 {
                index += 8
                continue
            }
            index += flags.trailingZeroBitCount >> 3
            if bytes[index] == UInt8(ascii: "\"") {
                let count = index - contentStart
                index += 1
                return ScannedString(start: contentStart, count: count, isDecoded: false)
            }
            break
        }
        var nonASCII = false
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let count = index - contentStart
                index += 1
                if nonASCII {
                    try validateUTF8(
                        UnsafeRawBufferPointer(rebasing: bytes[contentStart..<(contentStart + count)]),
                        at: contentStart)
                }
                return ScannedString(start: contentStart, count: count, isDecoded: false)
            }
            if byte == UInt8(ascii: "\\") {
                return try scanEscapedString(contentStart: contentStart, open: open, scratch: &scratch)
            }
            if byte < 0x20 { throw controlCharacter(byte) }
            if byte >= 0x80 { nonASCII = true }
            index += 1
        }
        throw failure(.syntax, "unterminated string", at: open)
    }

    /// Whether any of eight bytes is a quote, a backslash, a control character or not ASCII.
    @inline(__always)
    static func needsLook(_ word: UInt64) -> Bool { lookFlags(word) != 0 }

    /// The high bit of each of eight bytes (little-endian) that may be a quote, a backslash, a
    /// control character or not ASCII; zero when none is.
    ///
    /// Exact for the whole word and for its lowest flagged byte, which is the first byte that
    /// needs a look: a byte's high bit is set in `(x - 0x01…) & ~x & 0x80…` only if it or a byte
    /// below it is zero (a borrow runs upwards only from a zero byte), and in `(w - 0x20…) & ~w &
    /// 0x80…` only if it or a byte below it is below 0x20 (with `w`'s high bits flagged apart).
    /// Bytes above the lowest flagged one may be flagged wrongly, which no caller relies on.
    @inline(__always)
    static func lookFlags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let zeroInQuote = (quote &- ones) & ~quote
        let zeroInBackslash = (backslash &- ones) & ~backslash
        let control = (word &- ones &* 0x20) & ~word
        return (word | zeroInQuote | zeroInBackslash | control) & highs
    }

    /// The high bit of the lowest byte of `word` that is a quote, and maybe of some above it
    /// (see ``lookFlags(_:)``); zero when no byte is.
    @inline(__always)
    static func quoteFlags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22)
        return (quote &- ones) & ~quote & (ones &* 0x80)
    }

    private func controlCharacter(_ byte: UInt8) -> TraceFormatError {
        let hex = String(byte, radix: 16, uppercase: true)
        return failure(
            .syntax, "control character in string (write it as \\u\(String(repeating: "0", count: 4 - hex.count))\(hex))",
            at: index)
    }

    private mutating func scanEscapedString(
        contentStart: Int, open: Int, scratch: inout [UInt8]
    ) throws(TraceFormatError) -> ScannedString {
        let decodedStart = scratch.count
        scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[contentStart..<index]))
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let count = scratch.count - decodedStart
                try scratch.withTypedBytes { (buffer: UnsafeRawBufferPointer) throws(TraceFormatError) in
                    let decoded = UnsafeRawBufferPointer(rebasing: buffer[decodedStart..<(decodedStart + count)])
                    if decoded.contains(where: { $0 >= 0x80 }) { try validateUTF8(decoded, at: contentStart) }
                }
                return ScannedString(start: decodedStart, count: count, isDecoded: true)
            case UInt8(ascii: "\\"):
                guard index + 1 < end else { throw failure(.syntax, "unterminated string", at: open) }
                let escape = bytes[index + 1]
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"):
                    try scanUnicodeEscape(into: &scratch)
                    continue
                default:
                    throw failure(.syntax, "invalid escape '\\\(Character(Unicode.Scalar(escape)))'", at: index)
                }
                index += 2
            default:
                if byte < 0x20 { throw controlCharacter(byte) }
                scratch.append(byte)
                index += 1
            }
        }
        throw failure(.syntax, "unterminated string", at: open)
    }

    /// Decodes `\uXXXX` (and a following low surrogate) at the cursor into UTF-8.
    private mutating func scanUnicodeEscape(into scratch: inout [UInt8]) throws(TraceFormatError) {
        let escapeStart = index
        let high = try hexQuad(at: index + 2)
        index += 6
        var scalarValue = UInt32(high)
        if (0xD800...0xDBFF).contains(high) {
            guard index + 1 < end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure(.syntax, "unpaired surrogate in '\\u' escape", at: escapeStart)
            }
            let low = try hexQuad(at: index + 2)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw failure(.syntax, "unpaired surrogate in '\\u' escape", at: escapeStart)
            }
            index += 6
            scalarValue = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(high) {
            throw failure(.syntax, "unpaired surrogate in '\\u' escape", at: escapeStart)
        }
        guard let scalar = Unicode.Scalar(scalarValue) else {
            throw failure(.syntax, "invalid '\\u' escape", at: escapeStart)
        }
        scratch.append(contentsOf: UTF8.encode(scalar)!)
    }

    private func hexQuad(at offset: Int) throws(TraceFormatError) -> UInt16 {
        guard offset + 4 <= end else { throw failure(.syntax, "expected four hex digits after '\\u'", at: offset - 2) }
        var value: UInt16 = 0
        for position in offset..<(offset + 4) {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure(.syntax, "expected four hex digits after '\\u'", at: offset - 2)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Rejects ill-formed UTF-8 (overlong forms, surrogates, values past U+10FFFF, truncation).
    func validateUTF8(_ buffer: UnsafeRawBufferPointer, at offset: Int) throws(TraceFormatError) {
        if let position = UTF8Validation.firstInvalidOffset(in: buffer) {
            throw failure(.encoding, "invalid UTF-8", at: offset + position)
        }
    }

    // MARK: - Numbers and literals

    /// Scans a JSON number; returns whether it was written as an integer.
    @discardableResult
    mutating func scanNumber() throws(TraceFormatError) -> Bool {
        let start = index
        if index < end && bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < end, isDigit(bytes[index]) else { throw failure(.syntax, "invalid number", at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < end && isDigit(bytes[index]) { throw failure(.syntax, "leading zeros are not allowed", at: start) }
        } else {
            while index < end && isDigit(bytes[index]) { index += 1 }
        }
        var integer = true
        if index < end && bytes[index] == UInt8(ascii: ".") {
            integer = false
            index += 1
            guard index < end, isDigit(bytes[index]) else { throw failure(.syntax, "invalid number", at: start) }
            while index < end && isDigit(bytes[index]) { index += 1 }
        }
        if index < end && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            integer = false
            index += 1
            if index < end && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard index < end, isDigit(bytes[index]) else { throw failure(.syntax, "invalid number", at: start) }
            while index < end && isDigit(bytes[index]) { index += 1 }
        }
        return integer
    }

    /// Scans a JSON number that is an attribute's value; returns whether it was written as an integer.
    ///
    /// JSON's grammar has no bound on a number, but an attribute holds a 64-bit integer or
    /// float, and a number beyond the float's range (`1e309`) would become infinity, which a
    /// trace file cannot hold: the encoder would write it back as text, so it is an error
    /// here rather than a value that changes type on its next round trip.
    @discardableResult
    mutating func scanAttributeNumber() throws(TraceFormatError) -> Bool {
        let start = index
        let integer = try scanNumber()
        var integerDigits = 0
        var hasExponent = false
        var inIntegerPart = true
        for byte in bytes[start..<index] {
            switch byte {
            case UInt8(ascii: "."): inIntegerPart = false
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inIntegerPart = false; hasExponent = true
            default: if inIntegerPart && isDigit(byte) { integerDigits += 1 }
            }
        }
        // Without an exponent, up to 308 integer digits are always below Double.greatestFiniteMagnitude.
        guard hasExponent || integerDigits > 308 else { return integer }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if let value = Double(text), value.isFinite { return integer }
        throw failure(
            .invalidValue, "number '\(text.prefix(40))\(text.count > 40 ? "..." : "")' is out of range (a 64-bit float)", at: start)
    }

    /// Scans a non-negative integer for `field`, failing with a field-specific message.
    mutating func scanInteger(for field: StaticString) throws(TraceFormatError) -> Int64 {
        let start = index
        guard index < end else { throw failure(.invalidValue, "expected integer for \"\(field)\"", at: start) }
        let first = bytes[index]
        guard first == UInt8(ascii: "-") || isDigit(first) else {
            throw failure(.invalidValue, "expected integer for \"\(field)\"", at: start)
        }
        var negative = false
        if first == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        // Eighteen digits cannot overflow an Int64; only a longer number is summed with checks.
        var value: Int64 = 0
        var overflow = false
        let digitsStart = index
        while index < end, isDigit(bytes[index]) {
            value = value &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0"))
            index += 1
        }
        if index - digitsStart > 18 {
            value = 0
            for position in digitsStart..<index {
                let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(Int64(bytes[position] &- UInt8(ascii: "0")))
                overflow = overflow || o1 || o2
                value = sum
            }
        }
        if index == digitsStart { throw failure(.syntax, "invalid number", at: start) }
        if bytes[digitsStart] == UInt8(ascii: "0") && index - digitsStart > 1 {
            throw failure(.syntax, "leading zeros are not allowed", at: start)
        }
        if index < end {
            let next = bytes[index]
            if next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
                throw failure(.invalidValue, "expected integer for \"\(field)\"", at: start)
            }
        }
        if negative { throw failure(.invalidValue, "expected a non-negative integer for \"\(field)\"", at: start) }
        if overflow { throw failure(.invalidValue, "integer out of range for \"\(field)\"", at: start) }
        return value
    }

    /// Consumes `true`, `false` or `null` if the cursor is on one.
    mutating func scanLiteral() throws(TraceFormatError) -> Literal {
        let start = index
        func matches(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard start + count <= end else { return false }
            return word.matches(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)]))
        }
        if matches("true") {
            index += 4
            return .true
        }
        if matches("false") {
            index += 5
            return .false
        }
        if matches("null") {
            index += 4
            return .null
        }
        throw failure(.syntax, "expected a value", at: start)
    }

    enum Literal { case `true`, `false`, null }

    /// Whether the cursor is on `null`; consumes it if so.
    mutating func consumeNull() -> Bool {
        guard index + 4 <= end, StaticString("null").matches(UnsafeRawBufferPointer(rebasing: bytes[index..<(index + 4)]))
        else { return false }
        index += 4
        return true
    }

    /// Skips any JSON value (for fields this version does not define).
    mutating func skipValue(depth: Int, scratch: inout [UInt8]) throws(TraceFormatError) {
        skipWhitespace()
        guard index < end else { throw failure(.syntax, "expected a value (the line is cut short)", at: index) }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            let mark = scratch.count
            _ = try scanString(scratch: &scratch)
            scratch.removeSubrange(mark...)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
        case UInt8(ascii: "{"):
            guard depth < TraceLineScanner.maximumDepth else { throw failure(.syntax, "nesting too deep", at: index) }
            index += 1
            if consume(UInt8(ascii: "}")) { return }
            repeat {
                skipWhitespace()
                guard index < end, bytes[index] == UInt8(ascii: "\"") else {
                    throw failure(.syntax, "expected a field name in quotes", at: index)
                }
                let mark = scratch.count
                _ = try scanString(scratch: &scratch)
                scratch.removeSubrange(mark...)
                try expect(UInt8(ascii: ":"), "expected ':' after field name")
                try skipValue(depth: depth + 1, scratch: &scratch)
            } while try separator(close: UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            guard depth < TraceLineScanner.maximumDepth else { throw failure(.syntax, "nesting too deep", at: index) }
            index += 1
            if consume(UInt8(ascii: "]")) { return }
            repeat {
                try skipValue(depth: depth + 1, scratch: &scratch)
            } while try separator(close: UInt8(ascii: "]"))
        default:
            _ = try scanLiteral()
        }
    }
}
