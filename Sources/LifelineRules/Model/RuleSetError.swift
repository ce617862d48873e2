import Foundation
import LifelineFormat
import LifelineTerminal

/// Why rules could not be loaded.
public enum RuleSetError: Error, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file does not parse.
    case syntax(RuleSyntaxError)
    /// Two loaded rules share an id.
    case duplicateID(String, first: String, second: String)

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }

    /// The error as located diagnostics, each with its severity (and its excerpt, for a syntax error).
    package var diagnostics: [SourceDiagnostic] {
        switch self {
        case .unreadable(let path, let reason):
            return [SourceDiagnostic(FileDiagnostic(.error, file: path, "cannot read rules: \(reason)"))]
        case .syntax(let error):
            return error.located
        case .duplicateID(let id, let first, let second):
            // `second` is already `file:line:column`.
            return [SourceDiagnostic(FileDiagnostic(.error, file: second, "duplicate rule id '\(id)' (first defined at \(first))"))]
        }
    }
}
