import LifelineFormat

/// A rules file that does not parse: every problem found, each with its location.
///
/// Renders compiler-style with the source line and a caret:
///
/// ```
/// rules/app.rules:3:46: error: expected 'precedes', 'leads to', 'within' or 'lasts'
///   3 | rule launch per launch: didFinishLaunching preceeds willConnectTo
///     |                                              ^
/// ```
public struct RuleSyntaxError: DiagnosticError, Sendable {
    public var file: String
    /// Every problem of ``file``, with the line it is on and a caret under its column; id `rules.syntax`.
    public var diagnostics: [Diagnostic]

    /// The problems the parser found in `source` (diagnostics without a file), named with `file`
    /// and given their excerpts.
    public init(file: String, diagnostics: [Diagnostic], source: String) {
        self.file = file
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        self.diagnostics = diagnostics.map { found in
            var diagnostic = found.in(file: file)
            diagnostic.id = diagnostic.id ?? "rules.syntax"
            diagnostic.notes = found.notes.map { note in
                var note = note
                note.file = note.file ?? file
                return note
            }
            if let line = found.line, line >= 1, line <= lines.count {
                let text = lines[line - 1].replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\r", with: "")
                diagnostic.excerpt = SourceExcerpt(lineNumber: line, text: text, caretOffset: (found.column ?? 1) - 1)
            }
            return diagnostic
        }
    }
}
