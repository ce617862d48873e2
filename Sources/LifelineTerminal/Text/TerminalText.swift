import LifelineSupport

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

    /// Columns `text` takes on a terminal (``DisplayWidth``: a CJK character or an emoji two, a
    /// combining accent none).
    package static func width(_ text: String) -> Int { DisplayWidth.of(text) }

    /// Columns one character takes (see ``width(_:)``).
    package static func width(of character: Character) -> Int { DisplayWidth.of(character) }

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
