/// Whether SQL typed so far ends with a complete statement, kept up to date as text arrives.
///
/// The shell reads SQL a line at a time and must know after each line whether
/// to run what it has gathered. `sqlite3_complete` answers that for a whole
/// text, but asked again after every line it rescans everything gathered so
/// far: a 200,000-line `INSERT` piped into `lifeline repl` took time that grew
/// with the square of its length. This scanner is `sqlite3_complete`'s state
/// machine (SQLite's `complete.c`: its eight states, its tokens, its rules for
/// strings, comments and `CREATE TRIGGER ... END;`) run one byte at a time, with
/// what a token split between two calls of ``consume(_:)`` needs carried over,
/// so each byte is scanned once. ``isComplete`` is `sqlite3_complete`'s answer
/// for everything consumed; the REPL fuzz target checks that on every input.
///
/// ```swift
/// var scanner = SQLCompletionScanner()
/// scanner.consume("SELECT 'a;")
/// scanner.isComplete          // false: the ';' is inside a string
/// scanner.consume("\n';")
/// scanner.isComplete          // true
/// ```
package struct SQLCompletionScanner: Sendable {
    /// `complete.c`'s tokens.
    private enum Token: Int {
        case semicolon, space, other, explain, create, temp, trigger, end
    }

    /// Inside which token the last byte consumed left the scanner.
    private enum Mode: Equatable, Sendable {
        /// Between tokens.
        case between
        /// A `-` that may open a `--` comment (the next byte decides).
        case dash
        /// A `/` that may open a `/*` comment.
        case slash
        case lineComment
        /// A `/* ... */` comment; `star`: the last byte was a `*` that may close it.
        case blockComment(star: Bool)
        /// A quoted string or identifier (`'`, `"`, `` ` ``) closed by this byte, or `[...]` (`]`).
        case quoted(close: UInt8)
        /// A keyword or identifier: its length, its first eight bytes and its last byte, lowercased
        /// (enough to tell the keywords that matter, the longest of which has nine bytes).
        case word(length: Int, prefix: UInt64, last: UInt8)
    }

    /// `complete.c`'s transitions: `transitions[state][token]`. States: 0 invalid, 1 start, 2 normal,
    /// 3 explain, 4 create, 5 trigger, 6 semicolon in a trigger, 7 `END` of a trigger.
    private static let transitions: [[UInt8]] = [
        [1, 0, 2, 3, 4, 2, 2, 2],
        [1, 1, 2, 3, 4, 2, 2, 2],
        [1, 2, 2, 2, 2, 2, 2, 2],
        [1, 3, 3, 2, 4, 2, 2, 2],
        [1, 4, 2, 2, 2, 4, 5, 2],
        [6, 5, 5, 5, 5, 5, 5, 5],
        [6, 6, 5, 5, 5, 5, 5, 7],
        [1, 7, 5, 5, 5, 5, 5, 5],
    ]

    private var state: UInt8 = 0
    private var mode = Mode.between
    private var hasContent = false
    /// `sqlite3_complete` reads a C string: its answer once a NUL byte arrived, which ends the text it sees.
    private var answerAtNUL: Bool?

    package init() {}

    /// Whether everything consumed ends with a complete statement (`sqlite3_complete`'s answer).
    package var isComplete: Bool {
        if let answerAtNUL { return answerAtNUL }
        switch mode {
        case .between, .lineComment: return state == 1
        // A pending '-' or '/' is an operator, a word is a token: neither is ';'.
        case .dash, .slash, .word, .blockComment, .quoted: return false
        }
    }

    /// Whether everything consumed is whitespace, `;` and closed comments only (``SQLScript/isBlank(_:)``).
    package var isBlank: Bool {
        guard !hasContent else { return false }
        switch mode {
        case .between, .lineComment: return true
        case .dash, .slash, .blockComment, .quoted, .word: return false
        }
    }

    /// Whether everything consumed is blank once the input ends: ``isBlank``, or comments only, the
    /// last one never closed (sqlite3 ignores a trailing unterminated `/*` at the end of a script).
    package var isBlankAtEnd: Bool {
        guard !hasContent else { return false }
        if case .blockComment = mode { return true }
        return isBlank
    }

    /// Scans `text` after what was consumed before.
    package mutating func consume(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes { consume(byte) }
        }
    }

    /// Scans one more byte.
    package mutating func consume(_ byte: UInt8) {
        if byte == 0, answerAtNUL == nil { answerAtNUL = isComplete }
        switch mode {
        case .between:
            start(byte)
        case .dash:
            if byte == UInt8(ascii: "-") {
                mode = .lineComment
            } else {
                apply(.other)
                start(byte)
            }
        case .slash:
            if byte == UInt8(ascii: "*") {
                mode = .blockComment(star: false)
            } else {
                apply(.other)
                start(byte)
            }
        case .lineComment:
            if byte == 0x0A { apply(.space) }
        case .blockComment(let star):
            if star && byte == UInt8(ascii: "/") {
                apply(.space)
            } else {
                mode = .blockComment(star: byte == UInt8(ascii: "*"))
            }
        case .quoted(let close):
            if byte == close { apply(.other) }
        case .word(let length, let prefix, let last):
            if Self.isIdentifierByte(byte) {
                let lowered = Self.lowercased(byte)
                mode = .word(
                    length: length + 1, prefix: length < 8 ? prefix | UInt64(lowered) << (8 * UInt64(length)) : prefix,
                    last: lowered)
            } else {
                apply(Self.keyword(length: length, prefix: prefix, last: last))
                start(byte)
            }
        }
    }

    /// A byte between tokens: a token of one byte, or the start of a longer one.
    private mutating func start(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: ";"): apply(.semicolon)
        case 0x20, 0x0D, 0x09, 0x0A, 0x0C: apply(.space)
        case UInt8(ascii: "-"): mode = .dash
        case UInt8(ascii: "/"): mode = .slash
        case UInt8(ascii: "["):
            hasContent = true
            mode = .quoted(close: UInt8(ascii: "]"))
        case UInt8(ascii: "`"), UInt8(ascii: "\""), UInt8(ascii: "'"):
            hasContent = true
            mode = .quoted(close: byte)
        default:
            hasContent = true
            if Self.isIdentifierByte(byte) {
                mode = .word(length: 1, prefix: UInt64(Self.lowercased(byte)), last: Self.lowercased(byte))
            } else {
                apply(.other)
            }
        }
    }

    private mutating func apply(_ token: Token) {
        if token != .space && token != .semicolon { hasContent = true }
        state = Self.transitions[Int(state)][token.rawValue]
        mode = .between
    }

    /// SQLite's `IdChar`: letters, digits, `_`, `$` and every byte of a multi-byte UTF-8 character.
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
            true
        default:
            false
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// A word's first eight bytes in one integer, the first byte lowest, as ``Mode/word(length:prefix:last:)`` keeps them.
    private static func packed(_ word: String) -> UInt64 {
        word.utf8.prefix(8).enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    private static let end = packed("end"), temp = packed("temp"), create = packed("create"),
        trigger = packed("trigger"), explain = packed("explain"), temporary = packed("temporary")

    /// The keywords `complete.c` tells apart (case aside); any other word is `other`.
    private static func keyword(length: Int, prefix: UInt64, last: UInt8) -> Token {
        switch length {
        case 3 where prefix == end: .end
        case 4 where prefix == temp: .temp
        case 6 where prefix == create: .create
        case 7 where prefix == trigger: .trigger
        case 7 where prefix == explain: .explain
        case 9 where prefix == temporary && last == UInt8(ascii: "y"): .temp
        default: .other
        }
    }
}
