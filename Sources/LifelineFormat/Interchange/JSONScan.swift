/// Newlines in a whole file of JSON, found eight bytes at a time (SWAR, as ``JSONLexis`` passes
/// over string contents): where ``JSONReader``'s lines end, and how many a file has.
enum JSONScan {
    private static let ones = JSONLexis.ones
    private static let highs = JSONLexis.highs

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
