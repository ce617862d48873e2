import LifelineFormat

extension Diagnostic {
    /// The message with its notes, for reports that hold a problem in one line or a field with no room
    /// for notes (SARIF's notification, GitHub's annotation, the text and HTML reports):
    /// `duplicate rule id 'x'; first defined here: a.rules:1:6`.
    var messageWithNotes: String {
        notes.reduce(message) { text, note in
            text + "; " + note.message + (note.location.isEmpty ? "" : ": " + note.location)
        }
    }

    /// `file:line:column: severity: message; note: location` on one line, without the caret excerpt
    /// (a rules file's excerpt is for standard error, where `check` prints it).
    var reportLine: String {
        var line = self
        line.message = messageWithNotes
        return line.header
    }
}
