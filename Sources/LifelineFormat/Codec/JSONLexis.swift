/// JSON's lexical grammar (RFC 8259), said once for the format module's two readers: ``JSONCursor``
/// (a trace line, scanned in place) and ``JSONReader`` (a whole document of another tool's JSON).
/// What a string may hold and how its escapes decode, what a number looks like, and the word-at-a-time
/// tests both use to pass over plain bytes. Each reader keeps its own walk (one over a line's raw
/// bytes, one over an array with line counting); what is JSON, and what each error says, is here.
///
/// The SWAR tests (eight bytes in one 64-bit word, no branch per byte) are exact for the lowest
/// matching byte: the borrow of `word - 0x0101…` can only set a false high bit *above* a byte that
/// truly matches, so the first match is `mask.trailingZeroBitCount / 8` of the little-endian word.
enum JSONLexis {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    // MARK: - Strings

    /// The high bit of each of eight bytes (little-endian) that may end a plain run of string
    /// contents: `"`, `\`, a control character (below 0x20) and, with `nonASCII`, a byte of 0x80 or
    /// more (the start of a multi-byte UTF-8 sequence, to be validated); zero when none does.
    ///
    /// Exact for the whole word and for its lowest flagged byte: a byte's high bit is set in
    /// `(x - 0x01…) & ~x & 0x80…` only if it or a byte below it is zero (a borrow runs upwards only
    /// from a zero byte), and in `(w - 0x20…) & ~w & 0x80…` only if it or a byte below it is below
    /// 0x20. Bytes above the lowest flagged one may be flagged wrongly, which no caller relies on.
    @inline(__always)
    static func specialFlags(_ word: UInt64, nonASCII: Bool) -> UInt64 {
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let zeroInQuote = (quote &- ones) & ~quote
        let zeroInBackslash = (backslash &- ones) & ~backslash
        let control = (word &- ones &* 0x20) & ~word
        return ((nonASCII ? word : 0) | zeroInQuote | zeroInBackslash | control) & highs
    }

    /// The high bit of the lowest byte of `word` that is a quote, and maybe of some above it; zero
    /// when no byte is.
    @inline(__always)
    static func quoteFlags(_ word: UInt64) -> UInt64 {
        let quote = word ^ (ones &* 0x22)
        return (quote &- ones) & ~quote & highs
    }

    /// The index of the first byte at or after `start` that ends a plain run of string contents
    /// (see ``specialFlags(_:nonASCII:)``), or `bytes.count` when there is none.
    @inline(__always)
    static func stringSpecial(in bytes: UnsafeRawBufferPointer, from start: Int, nonASCII: Bool) -> Int {
        let count = bytes.count
        var index = start
        while index + 8 <= count {
            let flags = specialFlags(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)), nonASCII: nonASCII)
            if flags != 0 { return index + flags.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || (nonASCII && byte >= 0x80) { return index }
            index += 1
        }
        return count
    }

    /// What a string's escape at `bytes[index]` (a backslash) stands for.
    enum Escape {
        /// The byte it decodes to (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`), two bytes long.
        case byte(UInt8)
        /// A `\uXXXX` escape, or two of them for a character beyond the Basic Multilingual Plane.
        case scalar(Unicode.Scalar, length: Int)
    }

    /// An escape that is not JSON, with what to say and where (an offset into the bytes).
    struct EscapeError: Error {
        var message: String
        var offset: Int
        /// The bytes end inside the escape: the string is unterminated, which a reader locates at its opening quote.
        var isUnterminated = false
    }

    /// Decodes the escape at `index`, a backslash; the string's end must not come before it ends.
    static func escape(in bytes: UnsafeRawBufferPointer, at index: Int) -> Result<Escape, EscapeError> {
        guard index + 1 < bytes.count else {
            return .failure(EscapeError(message: "unterminated string", offset: index, isUnterminated: true))
        }
        let escape = bytes[index + 1]
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return .success(.byte(escape))
        case UInt8(ascii: "b"): return .success(.byte(0x08))
        case UInt8(ascii: "f"): return .success(.byte(0x0C))
        case UInt8(ascii: "n"): return .success(.byte(0x0A))
        case UInt8(ascii: "r"): return .success(.byte(0x0D))
        case UInt8(ascii: "t"): return .success(.byte(0x09))
        case UInt8(ascii: "u"): break
        default:
            let shown = escape < 0x80 && escape >= 0x20 ? "'\\\(Character(Unicode.Scalar(escape)))'" : "'\\' before byte \(escape)"
            return .failure(EscapeError(message: "invalid escape \(shown)", offset: index))
        }
        let unpaired = EscapeError(message: "unpaired surrogate in '\\u' escape", offset: index)
        guard let high = hexQuad(in: bytes, at: index + 2) else {
            return .failure(EscapeError(message: "expected four hex digits after '\\u'", offset: index))
        }
        switch high {
        case 0xD800...0xDBFF:
            let next = index + 6
            guard next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u") else {
                return .failure(unpaired)
            }
            guard let low = hexQuad(in: bytes, at: next + 2) else {
                return .failure(EscapeError(message: "expected four hex digits after '\\u'", offset: next))
            }
            guard (0xDC00...0xDFFF).contains(low) else { return .failure(unpaired) }
            let value = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            return .success(.scalar(Unicode.Scalar(value)!, length: 12))
        case 0xDC00...0xDFFF:
            return .failure(unpaired)
        default:
            return .success(.scalar(Unicode.Scalar(UInt32(high))!, length: 6))
        }
    }

    /// The four hex digits at `offset`, or nil when there are not four.
    private static func hexQuad(in bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt16? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for position in offset..<(offset + 4) {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// The message for a control character in a string, with the escape to write instead.
    static func controlCharacterMessage(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "control character in string (write it as \\u\(String(repeating: "0", count: 4 - hex.count))\(hex))"
    }

    // MARK: - Numbers

    /// A number that is not JSON (a leading zero, a `.` or an exponent without digits), at its start.
    struct NumberError: Error {
        var message: String
        var offset: Int
    }

    /// Passes over the number at `start` (`-`, digits, an optional fraction and exponent); returns
    /// where it ends and whether it was written as an integer.
    @inline(__always)
    static func number(in bytes: UnsafeRawBufferPointer, at start: Int) -> Result<(end: Int, isInteger: Bool), NumberError> {
        let end = bytes.count
        var index = start
        @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
        let invalid = NumberError(message: "invalid number", offset: start)
        if index < end && bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < end, isDigit(bytes[index]) else { return .failure(invalid) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < end && isDigit(bytes[index]) {
                return .failure(NumberError(message: "leading zeros are not allowed", offset: start))
            }
        } else {
            while index < end && isDigit(bytes[index]) { index += 1 }
        }
        var integer = true
        if index < end && bytes[index] == UInt8(ascii: ".") {
            integer = false
            index += 1
            guard index < end, isDigit(bytes[index]) else { return .failure(invalid) }
            while index < end && isDigit(bytes[index]) { index += 1 }
        }
        if index < end && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            integer = false
            index += 1
            if index < end && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard index < end, isDigit(bytes[index]) else { return .failure(invalid) }
            while index < end && isDigit(bytes[index]) { index += 1 }
        }
        return .success((index, integer))
    }
}
