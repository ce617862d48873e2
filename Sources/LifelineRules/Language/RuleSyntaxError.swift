/// A rules file that does not parse: every problem found, each with its location.
///
/// Renders compiler-style with the source line and a caret:
///
/// ```
/// rules/app.rules:3:46: error: expected 'precedes', 'leads to', 'within' or 'lasts'
///   3 | rule launch per launch: didFinishLaunching preceeds willConnectTo
///     |                                              ^
/// ```
public struct RuleSyntaxError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var diagnostics: [RuleDiagnostic]
    /// The text of the file, for the excerpts.
    public var source: String

    public init(file: String, diagnostics: [RuleDiagnostic], source: String) {
        self.file = file
        self.diagnostics = diagnostics
        self.source = source
    }

    public var description: String { rendered }

    /// Every diagnostic with its excerpt, one after the other.
    public var rendered: String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        return diagnostics.map { diagnostic in
            var text = "\(file):\(diagnostic.location.line):\(diagnostic.location.column): error: \(diagnostic.message)"
            let index = diagnostic.location.line - 1
            if index >= 0, index < lines.count {
                let line = lines[index].replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\r", with: "")
                let number = String(diagnostic.location.line)
                let gutter = String(repeating: " ", count: number.count)
                text += "\n  \(number) | \(line)"
                text += "\n  \(gutter) | " + String(repeating: " ", count: max(0, diagnostic.location.column - 1)) + "^"
            }
            return text
        }.joined(separator: "\n")
    }
}
