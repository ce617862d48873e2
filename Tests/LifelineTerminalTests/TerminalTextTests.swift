import LifelineTerminal
import Testing

@Suite("escaping values for the terminal")
struct TerminalTextTests {
    @Test(
        "control characters, DEL, C1 and bidirectional overrides are shown, not obeyed",
        arguments: [
            ("plain text, unchanged", "plain text, unchanged"),
            ("\u{1B}[2J", "\\x1b[2J"),
            ("\u{1B}]0;title\u{07}", "\\x1b]0;title\\x07"),
            ("a\u{0}b", "a\\x00b"),
            ("tab\there", "tab\\there"),
            ("two\nlines\r", "two\\nlines\\r"),
            ("del\u{7F}", "del\\x7f"),
            ("csi\u{9B}31m", "csi\\u{9b}31m"),
            ("\u{202E}txt.exe", "\\u{202e}txt.exe"),
            ("isolate\u{2066}x\u{2069}", "isolate\\u{2066}x\\u{2069}"),
            ("accents é, emoji 🙂, CJK 漢字", "accents é, emoji 🙂, CJK 漢字"),
        ])
    func escapes(_ input: String, _ expected: String) {
        #expect(TerminalText.escape(input) == expected)
    }

    @Test("no escaped value contains a control character")
    func escapedIsClean() {
        let everything = String(String.UnicodeScalarView((0...0x2100).compactMap(Unicode.Scalar.init)))
        let escaped = TerminalText.escape(everything)
        #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("truncation ends in an ellipsis and keeps the width")
    func truncation() {
        #expect(TerminalText.truncate("abcdef", to: 4) == "abc…")
        #expect(TerminalText.truncate("abc", to: 4) == "abc")
        #expect(TerminalText.pad("7", to: 3, right: true) == "  7")
    }

    @Test(
        "widths are the columns a terminal shows",
        arguments: [
            ("plain", 5), ("名前", 4), ("ｱｲ", 2), ("한국어", 6), ("e\u{301}", 1), ("🙂", 2), ("❤\u{FE0F}", 2),
            ("👨\u{200D}👩\u{200D}👧", 2), ("a\u{200B}b", 2), ("Ωmega", 5), ("〜x", 3),
        ])
    func widths(_ text: String, _ columns: Int) {
        #expect(TerminalText.width(text) == columns)
    }

    @Test("truncation and padding count columns: a wide character never straddles the cut")
    func wideTruncation() {
        #expect(TerminalText.truncate("名前のない", to: 6) == "名前…")
        #expect(TerminalText.truncate("名前のない", to: 5) == "名前…")
        #expect(TerminalText.width(TerminalText.truncate("名前のない", to: 6)) == 5)
        #expect(TerminalText.pad(TerminalText.truncate("名前のない", to: 6), to: 6) == "名前… ")
        #expect(TerminalText.pad("名前", to: 6, right: true) == "  名前")
        #expect(TerminalText.truncate("e\u{301}e\u{301}e\u{301}", to: 3) == "e\u{301}e\u{301}e\u{301}")
    }
}
