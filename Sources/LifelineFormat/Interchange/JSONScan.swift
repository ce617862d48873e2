/// Scans of JSON text that look at eight bytes at a time (SWAR: one 64-bit word, no branches per
/// byte), for the bytes ``JSONReader`` spends most of its time passing over: the contents of
/// strings (a unified-log entry's backtraces and paths) and the lines of a whole file.
///
/// Each word test is exact for the lowest matching byte: the borrow of `word - 0x0101…` can only
/// set a false high bit *above* a byte that truly matches, so the first match is
/// `mask.trailingZeroBitCount / 8` of the little-endian word.
enum JSONScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first byte at or after `start` that ends a plain run of string contents:
    /// `"`, `\`, a control character (below 0x20) and, when `stopsAtNonASCII`, a byte of 0x80 or more
    /// (the start of a multi-byte UTF-8 sequence, to be validated). `bytes.count` when there is none.
    static func stringSpecial(in bytes: [UInt8], from start: Int, stopsAtNonASCII: Bool) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var index = start
            if let base = buffer.baseAddress {
                let raw = UnsafeRawPointer(base)
                let nonASCII: UInt64 = stopsAtNonASCII ? highs : 0
                while index + 8 <= count {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    let quote = word ^ (ones &* 0x22)
                    let backslash = word ^ (ones &* 0x5C)
                    let found =
                        ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
                        | (word & nonASCII)
                    let mask = found & highs
                    if mask != 0 { return index + mask.trailingZeroBitCount / 8 }
                    index += 8
                }
            }
            while index < count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || (stopsAtNonASCII && byte >= 0x80) {
                    return index
                }
                index += 1
            }
            return count
        }
    }

    /// The length of the well-formed UTF-8 sequence starting at `index` (a byte of 0x80 or more), or
    /// nil when it is not one: a stray continuation byte, an overlong form, a surrogate, a scalar
    /// above U+10FFFF or a sequence cut short. The same sequences `String(validating:)` refuses.
    static func utf8SequenceLength(in bytes: [UInt8], at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        let second = bytes[index + 1]
        guard second >= low, second <= high else { return nil }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// The index of the first newline byte (0x0A) at or after `start`, or `bytes.count`.
    static func newline(in bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var index = start
            if let base = buffer.baseAddress {
                let raw = UnsafeRawPointer(base)
                while index + 8 <= count {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ (ones &* 0x0A)
                    let mask = (word &- ones) & ~word & highs
                    if mask != 0 { return index + mask.trailingZeroBitCount / 8 }
                    index += 8
                }
            }
            while index < count, buffer[index] != 0x0A { index += 1 }
            return index
        }
    }

    /// The number of newline bytes (0x0A) in `bytes`.
    static func newlineCount(in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var total = 0
            var index = 0
            if let base = buffer.baseAddress {
                let raw = UnsafeRawPointer(base)
                let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                while index + 8 <= count {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ (ones &* 0x0A)
                    // Exact per byte (no borrow between bytes): the high bit is set where the byte is zero.
                    let zero = ~(((word & low7) &+ low7) | word | low7)
                    total += zero.nonzeroBitCount
                    index += 8
                }
            }
            while index < count {
                if buffer[index] == 0x0A { total += 1 }
                index += 1
            }
            return total
        }
    }
}
