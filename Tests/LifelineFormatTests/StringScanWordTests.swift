import Foundation
import LifelineSupport
import Testing

@testable import LifelineFormat

/// The scanner skips plain string bytes eight at a time: the word test must agree with looking at
/// each byte, and strings must scan the same wherever their quote, escape or bad byte falls.
@Suite("Scanning strings eight bytes at a time")
struct StringScanWordTests {
    static func needsLookByte(_ byte: UInt8) -> Bool { byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 }

    @Test func theWordTestAgreesWithEachByte() {
        var random = SplitMix64(seed: 0x5CA7)
        let interesting: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF]
        for round in 0..<200_000 {
            var bytes = (0..<8).map { _ in UInt8(0x20 + random.next() % 0x5F) }
            // Mostly plain words with one or two chosen bytes somewhere, some wholly random.
            if round % 3 == 0 {
                bytes[Int(random.next() % 8)] = interesting[Int(random.next() % UInt64(interesting.count))]
            } else if round % 3 == 1 {
                bytes = (0..<8).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            #expect((JSONLexis.specialFlags(word, nonASCII: true) != 0) == bytes.contains(where: Self.needsLookByte), "\(bytes)")
            // The scanner jumps to the lowest flagged byte: it must be the first that needs a look,
            // and the quote test's lowest flagged byte the first quote.
            let first = bytes.firstIndex(where: Self.needsLookByte) ?? 8
            #expect(JSONLexis.specialFlags(word, nonASCII: true).trailingZeroBitCount >> 3 == first, "\(bytes)")
            let firstQuote = bytes.firstIndex(of: 0x22) ?? 8
            #expect(JSONLexis.quoteFlags(word).trailingZeroBitCount >> 3 == firstQuote, "\(bytes)")
        }
    }

    @Test func stringsScanTheSameWhereverTheirSpecialBytesFall() throws {
        for length in 1..<40 {
            let plain = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x61 + $0 % 26))) })
            let line = #"{"seq":1,"t":2,"event":"\#(plain)"}"#
            let record = try TraceRecord(parsing: line)
            guard case .event(let event) = record else { Issue.record("not an event"); continue }
            #expect(event.event.name == plain)
            for position in 0..<length {
                var characters = Array(plain)
                characters[position] = "é"
                let accented = String(characters)
                guard case .event(let decoded) = try TraceRecord(parsing: #"{"seq":1,"t":2,"event":"\#(accented)"}"#) else { continue }
                #expect(decoded.event.name == accented)
                characters[position] = "\\"
                let escaped = String(characters).replacingOccurrences(of: "\\", with: "\\\\")
                guard case .event(let unescaped) = try TraceRecord(parsing: #"{"seq":1,"t":2,"event":"\#(escaped)"}"#) else { continue }
                #expect(unescaped.event.name == String(characters))
                characters[position] = "\t"
                let tab = String(characters)
                #expect(throws: TraceFormatError.self) { try TraceRecord(parsing: #"{"seq":1,"t":2,"event":"\#(tab)"}"#) }
                do throws(TraceFormatError) {
                    _ = try TraceRecord(parsing: #"{"seq":1,"t":2,"event":"\#(tab)"}"#)
                } catch {
                    // The column of the tab itself: after `{"seq":1,"t":2,"event":"`, 24 bytes.
                    #expect(error.column == 25 + position)
                }
            }
        }
    }
}
