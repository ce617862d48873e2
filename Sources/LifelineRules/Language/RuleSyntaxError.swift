import LifelineFormat
import LifelineTerminal

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
        located.map(\.description).joined(separator: "\n")
    }

    /// Every diagnostic of ``file``, with its severity, the line it is on and a caret under its column.
    package var located: [SourceDiagnostic] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        return diagnostics.map { diagnostic in
            let location = diagnostic.location
            var excerpt: SourceExcerpt?
            let index = location.line - 1
            if index >= 0, index < lines.count {
                let line = lines[index].replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\r", with: "")
                excerpt = SourceExcerpt(lineNumber: location.line, text: line, caretOffset: location.column - 1)
            }
            return SourceDiagnostic(
                FileDiagnostic(diagnostic.severity, file: file, line: location.line, column: location.column, diagnostic.message),
                excerpt: excerpt)
        }
    }
}
