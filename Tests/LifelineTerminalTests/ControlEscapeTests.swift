import LifelineTerminal
import Testing

@Suite("control characters in query results")
struct ControlEscapeTests {
    static let hostile = "a\u{1B}]0;title\u{07}b\rc\r\nd\te\nf\u{7F}\u{9B}\u{202E}g"

    @Test("off a terminal, sqlite3 3.53's escapes: C0 but tab, line feed and CR LF; nothing else")
    func stream() {
        #expect(ControlEscape.ascii.apply(Self.hostile) == "a^[]0;title^Gb^Mc\r\nd\te\nf\u{7F}\u{9B}\u{202E}g")
        #expect(ControlEscape.symbol.apply(Self.hostile) == "a␛]0;title␇b␍c\r\nd\te\nf\u{7F}\u{9B}\u{202E}g")
        #expect(ControlEscape.off.apply(Self.hostile) == Self.hostile)
    }

    @Test("on a terminal, DEL, C1 and bidirectional controls too; off leaves the bytes")
    func terminal() {
        #expect(ControlEscape.ascii.apply(Self.hostile, for: .terminal) == "a^[]0;title^Gb^Mc\r\nd\te\nf^?\\u{9b}\\u{202e}g")
        #expect(ControlEscape.symbol.apply(Self.hostile, for: .terminal) == "a␛]0;title␇b␍c\r\nd\te\nf␡\\u{9b}\\u{202e}g")
        #expect(ControlEscape.off.apply(Self.hostile, for: .terminal) == Self.hostile)
    }

    @Test("bytes that are not UTF-8 pass a file untouched, and show as U+FFFD on a terminal")
    func invalidBytes() {
        let bytes: [UInt8] = [0x41, 0xFF, 0x9B, 0x1B]
        #expect(ControlEscape.ascii.apply(bytes) == [0x41, 0xFF, 0x9B, 0x5E, 0x5B])
        #expect(ControlEscape.ascii.apply(bytes, for: .terminal) == Array("A\u{FFFD}\u{FFFD}^[".utf8))
    }
}
