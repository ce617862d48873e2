/// How control characters in query results are shown: the sqlite3 shell's `.mode --escape`
/// (3.50 and later), which escapes them by default wherever the output goes.
///
/// ```swift
/// ControlEscape.ascii.apply("a\u{1B}]0;x\u{07}b")          // "a^[]0;x^Gb"
/// ControlEscape.symbol.apply("a\u{1B}b")                   // "a␛b"
/// ControlEscape.off.apply("a\u{1B}b")                      // unchanged
/// ControlEscape.ascii.apply("a\tb\r\nc\rd")                // "a\tb\r\nc^Md": tab, line feed and CR LF stay
/// ControlEscape.ascii.apply("a\u{7F}\u{9B}", for: .terminal)   // "a^?\u{9b}"
/// ```
///
/// Escaping keeps a value from driving the terminal it ends up on: through `less -R`, `tee`,
/// `cat out.csv` or a CI log viewer, an escape sequence in a trace could retitle the window,
/// plant a link or set the clipboard (OSC 0, 8, 52), or hide text behind a bare carriage return.
///
/// For a file or a pipe (``Destination/stream``) this is exactly sqlite3's rule: C0 controls but
/// tab, line feed and the CR of a CR LF, nothing else, so files and pipes get the bytes sqlite3
/// 3.53 writes. For a terminal (``Destination/terminal``) Lifeline escapes more: DEL, the C1
/// controls (U+0080–U+009F, which some terminals obey as escape sequences) and bidirectional
/// formatting characters, as ``TerminalText`` does, and bytes that are not UTF-8 show as U+FFFD.
package enum ControlEscape: String, CaseIterable, Sendable {
    /// `^[` for ESC: `^` and the character 64 above the control (sqlite3's default).
    case ascii
    /// `␛` for ESC: the Unicode control picture U+2400 + the control.
    case symbol
    /// The bytes as they are: the one way to export control characters byte for byte.
    case off

    /// Where the escaped text goes.
    package enum Destination: Sendable {
        /// A file or a pipe: sqlite3's escapes.
        case stream
        /// A terminal: sqlite3's escapes, and DEL, C1 and bidirectional controls.
        case terminal
    }

    /// `bytes` with control characters escaped for `destination`.
    package func apply(_ bytes: [UInt8], for destination: Destination = .stream) -> [UInt8] {
        switch destination {
        case .stream:
            guard self != .off, bytes.contains(where: { $0 < 0x20 }) else { return bytes }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 8)
            for (index, byte) in bytes.enumerated() {
                if byte >= 0x20 || Self.isLayout(byte, next: index + 1 < bytes.count ? bytes[index + 1] : nil) {
                    result.append(byte)
                } else {
                    result += escaped(byte)
                }
            }
            return result
        case .terminal:
            guard self != .off else { return bytes }
            let text = String(decoding: bytes, as: UTF8.self)
            let scalars = Array(text.unicodeScalars)
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 8)
            for (index, scalar) in scalars.enumerated() {
                let value = scalar.value
                if value < 0x20 {
                    let next = index + 1 < scalars.count && scalars[index + 1].value < 0x80 ? UInt8(scalars[index + 1].value) : nil
                    if Self.isLayout(UInt8(value), next: next) {
                        result.append(UInt8(value))
                    } else {
                        result += escaped(UInt8(value))
                    }
                } else if value == 0x7F {
                    result += self == .ascii ? Array("^?".utf8) : Array("\u{2421}".utf8)
                } else if TerminalText.needsEscape(scalar) {
                    result += Array(TerminalText.escape(String(scalar)).utf8)
                } else {
                    result += Array(String(scalar).utf8)
                }
            }
            return result
        }
    }

    /// `text` with control characters escaped for `destination`.
    package func apply(_ text: String, for destination: Destination = .stream) -> String {
        String(decoding: apply(Array(text.utf8), for: destination), as: UTF8.self)
    }

    /// Tab and line feed, and a carriage return right before a line feed, lay text out: sqlite3 keeps them.
    private static func isLayout(_ byte: UInt8, next: UInt8?) -> Bool {
        byte == 0x09 || byte == 0x0A || (byte == 0x0D && next == 0x0A)
    }

    private func escaped(_ control: UInt8) -> [UInt8] {
        switch self {
        case .ascii: [UInt8(ascii: "^"), control + 0x40]
        // U+2400 + control in UTF-8: E2 90 80+control.
        case .symbol: [0xE2, 0x90, 0x80 + control]
        case .off: [control]
        }
    }
}
