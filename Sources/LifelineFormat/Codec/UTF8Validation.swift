/// Well-formed UTF-8, checked once for both JSON readers.
///
/// `String(validating:as:)` does the same but needs macOS 15 / iOS 18, past the package's
/// platforms; `String(decoding:as:)` repairs instead of refusing, and a trace's bytes must be
/// refused where they are wrong, with the offset of the first bad byte.
enum UTF8Validation {
    /// The offset of the first byte of the first ill-formed sequence (an overlong form, a
    /// surrogate, a value past U+10FFFF, a truncated sequence), or `nil` when all of `buffer` is
    /// well-formed.
    @inline(__always)
    static func firstInvalidOffset(in buffer: UnsafeRawBufferPointer) -> Int? {
        var position = 0
        let count = buffer.count
        while position < count {
            if buffer[position] < 0x80 {
                position += 1
                continue
            }
            guard let length = sequenceLength(in: buffer, at: position) else { return position }
            position += length
        }
        return nil
    }

    /// The length of the well-formed sequence that starts at `position` (a byte of 0x80 or more),
    /// or nil when it is not one: a stray continuation byte, an overlong form, a surrogate, a scalar
    /// above U+10FFFF or a sequence cut short.
    @inline(__always)
    static func sequenceLength(in buffer: UnsafeRawBufferPointer, at position: Int) -> Int? {
        let lead = buffer[position]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: return nil
        }
        guard position + length <= buffer.count else { return nil }
        let second = buffer[position + 1]
        guard second >= lower && second <= upper else { return nil }
        for next in (position + 2)..<(position + length) where buffer[next] & 0xC0 != 0x80 { return nil }
        return length
    }
}
