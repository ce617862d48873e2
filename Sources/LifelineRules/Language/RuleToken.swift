import LifelineFormat

/// A token of the rule language.
struct RuleToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// A bare word: keyword, rule id, callback or app event name, state name.
        case name
        /// A double-quoted string, unescaped.
        case string
        /// A number, possibly with a duration unit (`3`, `1.5`, `2s`, `500ms`).
        case number
        /// Punctuation: `{ } [ ] ( ) : , | = != < <= > >= -> * ;`.
        case symbol
        case end
    }

    var kind: Kind
    var text: String
    var location: SourceLocation

    func isName(_ word: String) -> Bool { kind == .name && text == word }
    func isSymbol(_ symbol: String) -> Bool { kind == .symbol && text == symbol }

    /// How the token reads in an error message.
    var quoted: String {
        switch kind {
        case .end: return "end of file"
        case .string: return "\"\(text)\""
        default: return "'\(text)'"
        }
    }
}
