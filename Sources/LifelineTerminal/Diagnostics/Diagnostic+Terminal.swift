import LifelineFormat

extension Diagnostic {
    /// The diagnostic as a terminal shows it: ``Diagnostic/description`` with the severity label
    /// coloured by `style`, without a final newline.
    ///
    /// - Parameters:
    ///   - style: colours the severity label (from ``Diagnostic/severity``, never by finding the word in the text).
    ///   - escaping: passes the file names, the message, the excerpt and the notes through
    ///     ``TerminalText/escape(_:)``, for text that quotes untrusted input.
    package func rendered(style: TerminalStyle = .plain, escaping: Bool = false) -> String {
        func clean(_ text: String) -> String { escaping ? TerminalText.escape(text) : text }
        var shown = self
        shown.file = file.map(clean)
        shown.message = clean(message)
        if var excerpt { excerpt.text = clean(excerpt.text); shown.excerpt = excerpt }
        shown.notes = notes.map { note in
            var note = note
            note.file = note.file.map(clean)
            note.message = clean(note.message)
            return note
        }
        return shown.described(label: style.label(severity))
    }
}
