import LifelineSupport
import Testing

@testable import LifelineFormat

/// The word-at-a-time scans against a byte-at-a-time reading of the same bytes.
@Suite("JSON scans eight bytes at a time")
struct JSONScanTests {
    static func isSpecial(_ byte: UInt8, nonASCII: Bool) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || (nonASCII && byte >= 0x80)
    }

    @Test func scansFindWhatAByteLoopFindsFromEveryOffset() {
        var random = SplitMix64(seed: 11)
        // Mostly plain bytes, with every kind of byte a scan stops at, and neighbours of each (0x1F/0x20, 0x7F/0x80, 0x21/0x23, 0x5B/0x5D, 0x09/0x0B).
        let rare: [UInt8] = [0x22, 0x5C, 0x0A, 0x00, 0x1F, 0x20, 0x7F, 0x80, 0xFF, 0xC3, 0x21, 0x23, 0x5B, 0x5D, 0x09, 0x0B, 0xA2, 0xDC]
        for _ in 0..<300 {
            let count = Int(random.next() % 70)
            let bytes = (0..<count).map { _ in random.next() % 12 == 0 ? rare[Int(random.next() % UInt64(rare.count))] : UInt8(ascii: "a") }
            for start in 0...count {
                for nonASCII in [false, true] {
                    let expected = bytes[start...].firstIndex { Self.isSpecial($0, nonASCII: nonASCII) } ?? count
                    #expect(JSONScan.stringSpecial(in: bytes, from: start, stopsAtNonASCII: nonASCII) == expected, "\(bytes) from \(start)")
                }
                #expect(JSONScan.newline(in: bytes, from: start) == (bytes[start...].firstIndex(of: 0x0A) ?? count))
            }
            #expect(JSONScan.newlineCount(in: bytes) == bytes.filter { $0 == 0x0A }.count)
        }
    }

    @Test func aSequenceIsWellFormedExactlyWhenStringValidatingAcceptsIt() {
        var wrong: [[UInt8]] = []
        for lead in UInt8(0x80)...0xFF {
            for second in UInt8(0)...0xFF {
                for third: UInt8 in [0x80, 0xBF, 0x41, 0xC0] {
                    for fourth: UInt8 in [0x80, 0x41] {
                        // A continuation byte after it, so that exactly one length can be well formed.
                        let bytes = [lead, second, third, fourth, 0x80]
                        let expected = (2...4).first { String(validating: bytes[0..<$0], as: UTF8.self) != nil }
                        if JSONScan.utf8SequenceLength(in: bytes, at: 0) != expected { wrong.append(bytes) }
                        // Cut short by the end of the input, it is not.
                        if let expected, JSONScan.utf8SequenceLength(in: Array(bytes[0..<(expected - 1)]), at: 0) != nil {
                            wrong.append(Array(bytes[0..<(expected - 1)]))
                        }
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }
}
