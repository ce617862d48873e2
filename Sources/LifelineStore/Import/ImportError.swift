import LifelineFormat

/// Why a file's import stopped before it committed; its transaction rolls back.
///
/// Internal to the importer, which turns it into the file's outcome: ``Code/cancelled``
/// into ``FileImportResult/Outcome/interrupted``, the others into
/// ``FileImportResult/Outcome/failed(_:)`` with ``diagnostic``. Nothing downstream
/// reads the message to decide anything.
struct ImportError: Error {
    enum Code: Sendable, Hashable {
        /// The launch record's format version is newer than this reader.
        case unsupportedVersion
        /// `--strict`: a line that is not a valid record.
        case malformedLine
        /// `--strict`: an event before any launch record.
        case eventBeforeLaunch
        /// `--strict`: events out of order (seq or time going backwards).
        case outOfOrder
        /// ``ImportOptions/isCancelled`` said so (the REPL's Ctrl-C between batches).
        case cancelled
        /// A new file with lines but not one launch in them: not a trace of any shape Lifeline reads.
        case noLaunches
    }

    var code: Code
    /// The located error, as the file's outcome reports it (`app.ndjson:4: error: malformed line (--strict)`).
    var diagnostic: Diagnostic

    init(_ code: Code, _ diagnostic: Diagnostic) {
        self.code = code
        self.diagnostic = diagnostic
    }

    /// `--strict` refusing a file at `line`: `app.ndjson:4: error: events out of order (--strict)`, id `import.strict`.
    static func strict(_ code: Code, file: String, line: Int?, _ message: String) -> ImportError {
        ImportError(code, Diagnostic(.error, file: file, line: line, message + " (--strict)", id: "import.strict"))
    }
}
