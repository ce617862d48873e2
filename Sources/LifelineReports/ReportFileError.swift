import LifelineFormat

/// A report that could not be written where `-o` said.
package struct ReportFileError: DiagnosticError, Sendable {
    /// What kind of problem this is.
    package enum Code: String, Sendable, Hashable {
        /// The path is a directory.
        case isDirectory
        /// A FIFO that nothing reads.
        case unreadPipe
        /// Opening or writing failed (no space, no permission, ...).
        case cannotWrite
    }

    package var code: Code
    package var path: String
    /// Why, in a few lowercase words (`no space left on device`).
    package var reason: String

    package init(_ code: Code, path: String, reason: String) {
        self.code = code
        self.path = path
        self.reason = reason
    }

    /// The located error, as `lifeline check` prints it.
    package var diagnostic: Diagnostic {
        Diagnostic(.error, file: path, "cannot write the report: \(reason)", id: "report.write")
    }

    package var diagnostics: [Diagnostic] { [diagnostic] }
}
