/// Makes text from a trace safe and measurable on a terminal.
///
/// A trace is input from an app, so a value printed from the database could
/// hold escape sequences that move the cursor, set the window title, hide text
/// or reorder it (bidirectional overrides). Every value the shell prints goes
/// through ``escape(_:)`` first:
///
/// ```swift
/// TerminalText.escape("a\u{1B}]0;pwned\u{07}b")   // "a\x1b]0;pwned\x07b"
/// TerminalText.escape("line\nnext")               // "line\nnext" (a backslash and an n)
/// ```
///
/// The REPL prints every value through it, and `lifeline check`'s text and GitHub formats
/// print explanations (which quote session and scene ids from the trace) through it.
///
/// Widths are what a terminal shows (``width(_:)``): a CJK character or an emoji takes two
/// columns, a combining accent none, so tables of app names and session ids in any script line up.
package enum TerminalText {
    /// Replaces C0 controls, DEL, C1 controls and bidirectional formatting characters with visible escapes.
    package static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                let hex = String(scalar.value, radix: 16)
                result += scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
            }
        }
        return result
    }

    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        // Bidirectional embeddings, overrides and isolates ("Trojan Source"), and the Arabic letter mark.
        case 0x202A...0x202E, 0x2066...0x2069, 0x061C: return true
        default: return false
        }
    }

    /// Columns `text` takes on a terminal, as `wcwidth` counts them without needing a locale.
    ///
    /// Counted per character (grapheme cluster), by its first scalar: East Asian Wide and Fullwidth
    /// characters (Unicode's EastAsianWidth.txt, W and F) and emoji shown as emoji (Emoji_Presentation,
    /// or any character followed by the emoji variation selector U+FE0F) take two columns; a
    /// character that is only a format or combining mark (a zero-width space, a lone accent) takes
    /// none; everything else, one. Combining accents and joined emoji sequences are inside their
    /// cluster, so `e\u{301}` is one column and a family emoji two.
    ///
    /// ```swift
    /// TerminalText.width("名前")        // 4
    /// TerminalText.width("e\u{301}")   // 1
    /// TerminalText.width("🙂 ok")      // 5
    /// ```
    package static func width(_ text: String) -> Int {
        // ASCII is one column a byte (controls are escaped before anything is measured).
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    /// Columns one character takes (see ``width(_:)``).
    package static func width(of character: Character) -> Int {
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

    /// Cuts `text` to `width` columns, ending in an ellipsis when it was longer.
    ///
    /// A wide character that would straddle the last column is left out, so the result may be a
    /// column narrower than `width`; ``pad(_:to:right:)`` makes up the difference.
    package static func truncate(_ text: String, to width: Int) -> String {
        guard self.width(text) > width else { return text }
        guard width > 1 else { return width == 1 ? "…" : "" }
        var result = ""
        var used = 0
        for character in text {
            let columns = self.width(of: character)
            guard used + columns <= width - 1 else { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    /// Pads `text` with spaces to `width` columns, on the right (left-aligned) or on the left.
    package static func pad(_ text: String, to width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - self.width(text)))
        return right ? padding + text : text + padding
    }

    /// `text` without the spaces at its end (a padded last column, an empty last cell).
    package static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}
