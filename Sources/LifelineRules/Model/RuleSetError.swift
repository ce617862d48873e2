import Foundation

/// Why rules could not be loaded.
public enum RuleSetError: Error, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file does not parse.
    case syntax(RuleSyntaxError)
    /// Two loaded rules share an id.
    case duplicateID(String, first: String, second: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): error: cannot read rules: \(reason)"
        case .syntax(let error): return error.rendered
        case .duplicateID(let id, let first, let second):
            return "\(second): error: duplicate rule id '\(id)' (first defined at \(first))"
        }
    }
}
