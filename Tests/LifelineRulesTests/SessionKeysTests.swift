import LifelineFormat
import LifelineSupport
import Testing

@testable import LifelineRules

/// The table of a trace's session identifiers.
@Suite("Session keys")
struct SessionKeysTests {
    @Test func anIdentifierKeepsItsKeyAsTheTableGrows() {
        var keys = SessionKeys()
        let identifiers = (0..<5_000).map { "3F2A\($0)-\(String(repeating: "x", count: $0 % 40))" } + [""]
        let first = identifiers.map { keys.key(of: $0) }
        #expect(first == (0..<Int32(identifiers.count)).map { $0 })
        #expect(identifiers.map { keys.key(of: $0) } == first)
        #expect(first.map { keys[$0] } == identifiers)
        #expect(keys.count == identifiers.count)
        keys.removeAll()
        #expect(keys.key(of: identifiers[9]) == 0)
        #expect(keys.count == 1)
    }

    /// As `String` keys of a dictionary: canonically equivalent spellings are one session, written as first named.
    @Test func identifiersBeyondASCIIAreOneSessionInEverySpelling() {
        var keys = SessionKeys()
        let composed = keys.key(of: "caf\u{E9}")
        #expect(keys.key(of: "cafe\u{301}") == composed)
        #expect(keys.key(of: "cafe") != composed)
        #expect(keys.key(of: "\u{212B}ngstr\u{F6}m") == keys.key(of: "A\u{30A}ngstro\u{308}m"))
        #expect(keys[composed] == "caf\u{E9}")
        #expect(keys[composed].unicodeScalars.count == 4)
        #expect(keys.count == 3)
        keys.removeAll()
        #expect(keys.key(of: "cafe\u{301}") == 0)
        #expect(keys[0].unicodeScalars.count == 5)
    }

    @Test func uuidsAreKeptAsTheyWereWrittenAndTellCaseApart() {
        var keys = SessionKeys()
        let identifiers = [
            "8F8B9E5E-1C2D-4E3F-9A0B-C1D2E3F4A5B6", "8f8b9e5e-1c2d-4e3f-9a0b-c1d2e3f4a5b6",
            "8F8B9E5E-1C2D-4E3F-9A0B-c1d2e3f4a5b6", "12345678-1234-1234-1234-123456789012",
            "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
            "8F8B9E5E1C2D-4E3F-9A0B-C1D2E3F4A5B6-", "8F8B9E5E-1C2D-4E3F-9A0B-C1D2E3F4A5BG",
            "8F8B9E5E-1C2D-4E3F-9A0B-C1D2E3F4A5B", "S1",
        ]
        let first = identifiers.map { keys.key(of: $0) }
        #expect(first == (0..<Int32(identifiers.count)).map { $0 })
        #expect(identifiers.reversed().map { keys.key(of: $0) } == first.reversed())
        #expect(first.map { keys[$0] } == identifiers)
        // Many UUIDs across the table's growth, each found again.
        var random = SplitMix64(seed: 11)
        let many = (0..<3_000).map { _ in
            let high = random.next()
            let low = random.next()
            func hex(_ value: UInt64, _ digits: Int) -> String {
                let text = String(value, radix: 16, uppercase: true)
                return String(repeating: "0", count: digits - text.count) + text
            }
            return hex(high >> 32, 8) + "-" + hex((high >> 16) & 0xFFFF, 4) + "-" + hex(high & 0xFFFF, 4) + "-"
                + hex(low >> 48, 4) + "-" + hex(low & 0xFFFF_FFFF_FFFF, 12)
        }
        let manyKeys = many.map { keys.key(of: $0) }
        #expect(many.map { keys.key(of: $0) } == manyKeys)
        #expect(manyKeys.map { keys[$0] } == many)
        #expect(keys.count == identifiers.count + Set(many).count)
    }
}
