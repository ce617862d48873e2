/// Columns text takes on a terminal or in a monospaced excerpt, as `wcwidth` counts them without
/// needing a locale.
///
/// Counted per character (grapheme cluster), by its first scalar: East Asian Wide and Fullwidth
/// characters (Unicode's EastAsianWidth.txt, W and F) and emoji shown as emoji (Emoji_Presentation,
/// or any character followed by the emoji variation selector U+FE0F) take two columns; a
/// character that is only a format or combining mark (a zero-width space, a lone accent) takes
/// none; everything else, one. Combining accents and joined emoji sequences are inside their
/// cluster, so `e\u{301}` is one column and a family emoji two.
///
/// ```swift
/// DisplayWidth.of("名前")        // 4
/// DisplayWidth.of("e\u{301}")   // 1
/// DisplayWidth.of("🙂 ok")      // 5
/// ```
package enum DisplayWidth {
    /// Columns `text` takes.
    package static func of(_ text: some StringProtocol) -> Int {
        // ASCII is one column a byte (controls are escaped before anything is measured).
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// Columns one character takes.
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x80 { return 1 }
        if scalars.contains("\u{FE0F}") || first.properties.isEmojiPresentation || isWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .format, .nonspacingMark, .enclosingMark: return 0
        default: return 1
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks of EastAsianWidth.txt (Unicode 15.1) that are not
    /// emoji; the emoji among W are recognised by their Emoji_Presentation property.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F,  // Hangul Jamo initial consonants
            0x2329...0x232A,  // angle brackets
            0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
            0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed CJK
            0x3400...0x4DBF,  // CJK Unified Ideographs Extension A
            0x4E00...0x9FFF,  // CJK Unified Ideographs
            0xA000...0xA4CF,  // Yi
            0xA960...0xA97F,  // Hangul Jamo Extended-A
            0xAC00...0xD7A3,  // Hangul syllables
            0xF900...0xFAFF,  // CJK compatibility ideographs
            0xFE10...0xFE19,  // vertical forms
            0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
            0xFF00...0xFF60,  // fullwidth forms
            0xFFE0...0xFFE6,  // fullwidth signs
            0x16FE0...0x16FE4, 0x17000...0x18CFF,  // Tangut, Khitan
            0x1AFF0...0x1B2FF,  // Kana supplement and extensions, Nushu
            0x1F200...0x1F2FF,  // enclosed ideographic supplement
            0x20000...0x2FFFD, 0x30000...0x3FFFD:  // CJK extensions B and beyond
            return true
        default:
            return false
        }
    }
}
