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
            let flags = JSONLexis.specialFlags(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self), nonASCII: true)
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

    private func controlCharacter(_ byte: UInt8) -> TraceFormatError {
        failure(.syntax, JSONLexis.controlCharacterMessage(byte), at: index)
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
                switch JSONLexis.escape(in: bytes, at: index) {
                case .success(.byte(let decoded)):
                    scratch.append(decoded)
                    index += 2
                case .success(.scalar(let scalar, let length)):
                    scratch.append(contentsOf: UTF8.encode(scalar)!)
                    index += length
                case .failure(let error):
                    throw failure(.syntax, error.message, at: error.isUnterminated ? open : error.offset)
                }
            default:
                if byte < 0x20 { throw controlCharacter(byte) }
                scratch.append(byte)
                index += 1
            }
        }
        throw failure(.syntax, "unterminated string", at: open)
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
        switch JSONLexis.number(in: bytes, at: index) {
        case .success(let number):
            index = number.end
            return number.isInteger
        case .failure(let error):
            throw failure(.syntax, error.message, at: error.offset)
        }
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

    /// Scans a non-negative integer for `field` (any integer when `signed`), failing with a field-specific message.
    mutating func scanInteger(for field: StaticString, signed: Bool = false) throws(TraceFormatError) -> Int64 {
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
        if negative && !signed { throw failure(.invalidValue, "expected a non-negative integer for \"\(field)\"", at: start) }
        if overflow { throw failure(.invalidValue, "integer out of range for \"\(field)\"", at: start) }
        return negative ? -value : value
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
