import Foundation

/// The rules of one or more `.rules` files, ready to check.
///
/// ```swift
/// let rules = try RuleSet(parsing: text, file: "rules/app.rules")
/// ```
public struct RuleSet: Sendable, Hashable {
    public var rules: [Rule]

    public init(_ rules: [Rule] = []) { self.rules = rules }

    /// Parses rules text; throws every problem found, each located.
    public init(parsing text: String, file: String) throws(RuleSyntaxError) {
        rules = try RuleParser.parse(text, file: file)
    }

    /// Reads and parses a `.rules` file.
    public init(contentsOf path: String) throws(RuleSetError) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw RuleSetError.unreadable(path: path, reason: error.localizedDescription)
        }
        do throws(RuleSyntaxError) {
            rules = try RuleParser.parse(text, file: path)
        } catch {
            throw RuleSetError.syntax(error)
        }
    }

    /// Adds other rules; a rule whose id is already present is an error.
    public mutating func merge(_ other: RuleSet) throws(RuleSetError) {
        var ids = Dictionary(uniqueKeysWithValues: rules.map { ($0.id, $0) })
        for rule in other.rules {
            if let existing = ids[rule.id] {
                throw RuleSetError.duplicateID(rule.id, first: "\(existing.file):\(existing.location)", second: "\(rule.file):\(rule.location)")
            }
            ids[rule.id] = rule
            rules.append(rule)
        }
    }
}
