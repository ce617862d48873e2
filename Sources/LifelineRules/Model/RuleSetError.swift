import Foundation
import LifelineFormat

/// Why rules could not be loaded.
public enum RuleSetError: DiagnosticError, Sendable {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file does not parse.
    case syntax(RuleSyntaxError)
    /// Two loaded rules (from different files) share an id.
    case duplicateID(String, first: Rule, second: Rule)

    /// The error as located diagnostics (a syntax error's with their excerpts; a duplicate's with a
    /// note where the id was first defined).
    public var diagnostics: [Diagnostic] {
        switch self {
        case .unreadable(let path, let reason):
            return [Diagnostic(.error, file: path, "cannot read rules: \(reason)", id: "rules.unreadable")]
        case .syntax(let error):
            return error.diagnostics
        case .duplicateID(let id, let first, let second):
            return [
                Diagnostic(
                    .error, file: second.file, line: second.location.line, column: second.location.column,
                    "duplicate rule id '\(id)'", id: "rules.duplicateID",
                    notes: [
                        Diagnostic.Note(
                            file: first.file, line: first.location.line, column: first.location.column, "first defined here")
                    ])
            ]
        }
    }
}
