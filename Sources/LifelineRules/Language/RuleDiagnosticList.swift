/// Diagnostics thrown inside the parser; ``RuleParser`` wraps them in a ``RuleSyntaxError``.
struct RuleDiagnosticList: Error {
    var diagnostics: [RuleDiagnostic]
    init(_ diagnostic: RuleDiagnostic) { diagnostics = [diagnostic] }
}
