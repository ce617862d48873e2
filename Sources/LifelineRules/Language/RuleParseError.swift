import LifelineFormat

/// One problem the lexer or the parser found, thrown to the parser's recovery point.
///
/// ``RuleParser`` catches it, records its diagnostic, skips to the next `rule` or
/// `machine` and carries on, then throws every diagnostic of the file at once in a
/// ``RuleSyntaxError`` (the public error callers see).
///
/// ```
/// rules/app.rules:3:46: error: expected 'precedes', 'leads to', 'within' or 'lasts', found 'preceeds'
/// ```
struct RuleParseError: Error, Hashable, Sendable {
    /// What kind of problem this is.
    enum Code: String, Hashable, Sendable {
        /// A character that starts no token.
        case unexpectedCharacter
        /// A quoted string without its closing quote, or with an escape the language lacks.
        case badString
        /// A token other than the ones the grammar allows at this point.
        case unexpectedToken
        /// A name the language does not know: a callback, a launch field, a lifecycle, a phase, a unit.
        case unknownName
        /// A clause (severity, message, reference, slicing, initial state, reported by) given twice.
        case duplicateClause
        /// A number or a duration that is not valid or out of range.
        case invalidValue
        /// A rule or machine that parses but cannot be checked as written (no pattern, no transitions,
        /// a timed pattern across launches, contradictory clauses).
        case invalidDefinition
    }

    var code: Code
    var diagnostic: Diagnostic

    init(_ code: Code, at location: SourceLocation, _ message: String) {
        self.code = code
        diagnostic = Diagnostic(.error, line: location.line, column: location.column, message)
    }
}
