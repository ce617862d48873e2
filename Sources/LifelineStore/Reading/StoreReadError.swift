import LifelineFormat

/// A row that cannot be read back as a trace record, located at its source line.
public struct StoreReadError: DiagnosticError, Sendable {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: error: message`, with the id `store.unreadableRow`.
    public var diagnostics: [Diagnostic] { [Diagnostic(.error, file: file, line: line, message, id: "store.unreadableRow")] }
}
