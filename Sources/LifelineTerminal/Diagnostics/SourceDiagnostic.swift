import LifelineFormat

/// A located diagnostic with, when the source is at hand, the line and a caret: what a
/// compiler prints.
///
/// ```
/// rules/app.rules:3:46: error: expected 'precedes', 'leads to', 'within' or 'lasts'
///   3 | rule launch per launch: didFinishLaunching preceeds willConnectTo
///     |                                              ^
/// ```
///
/// The severity is a value (``FileDiagnostic/Severity``), so a terminal colours the
/// `error:` label from it rather than by finding the word in the text.
package struct SourceDiagnostic: Hashable, Sendable, CustomStringConvertible {
    package var diagnostic: FileDiagnostic
    package var excerpt: SourceExcerpt?

    package init(_ diagnostic: FileDiagnostic, excerpt: SourceExcerpt? = nil) {
        self.diagnostic = diagnostic
        self.excerpt = excerpt
    }

    package var severity: FileDiagnostic.Severity { diagnostic.severity }

    /// Plain text, without a final newline.
    package var description: String { rendered() }

    /// The diagnostic and its excerpt, without a final newline.
    ///
    /// - Parameters:
    ///   - style: colours the severity label.
    ///   - escaping: passes the file name, the message and the excerpt through
    ///     ``TerminalText/escape(_:)``, for text that quotes untrusted input.
    package func rendered(style: TerminalStyle = .plain, escaping: Bool = false) -> String {
        func clean(_ text: String) -> String { escaping ? TerminalText.escape(text) : text }
        var location = clean(diagnostic.file)
        if let line = diagnostic.line {
            location += ":\(line)"
            if let column = diagnostic.column { location += ":\(column)" }
        }
        var text = "\(location): \(style.label(diagnostic.severity)) \(clean(diagnostic.message))"
        if var excerpt {
            excerpt.text = clean(excerpt.text)
            text += "\n" + excerpt.rendered
        }
        return text
    }
}
