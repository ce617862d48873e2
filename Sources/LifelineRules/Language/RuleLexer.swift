import LifelineFormat

/// Splits rules text into tokens, with line and column on each.
///
/// Comments run from `#` or `//` to the end of the line. Names are made of
/// letters, digits, `_`, `.` and `-` (but `->` is an arrow), so rule ids like
/// `scene.connect-after-launch` and app events like `db.open` need no quotes.
struct RuleLexer {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "-": return true
        default: return scalar.value > 0x7F && scalar.properties.isAlphabetic
        }
    }

    /// All tokens, ending with an `.end` token; or the first lexical error.
    mutating func tokens() throws(RuleParseError) -> [RuleToken] {
        var result: [RuleToken] = []
        while true {
            let token = try next()
            result.append(token)
            if token.kind == .end { return result }
        }
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func advance() {
        if scalars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func next() throws(RuleParseError) -> RuleToken {
        skipTrivia()
        let start = SourceLocation(line: line, column: column)
        guard let scalar = peek() else { return RuleToken(kind: .end, text: "", location: start) }
        switch scalar {
        case "\"":
            return RuleToken(kind: .string, text: try string(start), location: start)
        case "0"..."9":
            var text = ""
            while let s = peek(), ("0"..."9").contains(s) || s == "." || ("a"..."z").contains(s) {
                if s == ".", !(peek(1).map { ("0"..."9").contains($0) } ?? false) { break }
                text.unicodeScalars.append(s)
                advance()
            }
            return RuleToken(kind: .number, text: text, location: start)
        case "-" where peek(1) == ">":
            advance()
            advance()
            return RuleToken(kind: .symbol, text: "->", location: start)
        case "!" where peek(1) == "=", "<" where peek(1) == "=", ">" where peek(1) == "=", "=" where peek(1) == "=":
            let text = String(scalar) + "="
            advance()
            advance()
            return RuleToken(kind: .symbol, text: text == "==" ? "=" : text, location: start)
        case "{", "}", "[", "]", "(", ")", ":", ",", "|", "=", "<", ">", "*", ";":
            advance()
            return RuleToken(kind: .symbol, text: String(scalar), location: start)
        default:
            guard Self.isNameScalar(scalar) else {
                throw RuleParseError(.unexpectedCharacter, at: start, "unexpected character '\(scalar.escaped(asASCII: true))'")
            }
            var text = ""
            while let s = peek(), Self.isNameScalar(s) {
                if s == "-", peek(1) == ">" { break }
                text.unicodeScalars.append(s)
                advance()
            }
            return RuleToken(kind: .name, text: text, location: start)
        }
    }

    private mutating func skipTrivia() {
        while let scalar = peek() {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                advance()
            } else if scalar == "#" || (scalar == "/" && peek(1) == "/") {
                while let s = peek(), s != "\n" { advance() }
            } else {
                return
            }
        }
    }

    private mutating func string(_ start: SourceLocation) throws(RuleParseError) -> String {
        advance()  // opening quote
        var text = ""
        while let scalar = peek() {
            switch scalar {
            case "\"":
                advance()
                return text
            case "\n":
                break
            case "\\":
                let escapeLocation = SourceLocation(line: line, column: column)
                advance()
                guard let escaped = peek() else { break }
                switch escaped {
                case "\"": text += "\""
                case "\\": text += "\\"
                case "n": text += "\n"
                case "t": text += "\t"
                default:
                    throw RuleParseError(.badString, at: escapeLocation, "unknown escape '\\\(escaped)' in string")
                }
                advance()
                continue
            default:
                text.unicodeScalars.append(scalar)
                advance()
                continue
            }
            break
        }
        throw RuleParseError(.badString, at: start, "unterminated string")
    }
}
