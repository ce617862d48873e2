/// Why a file's import stopped before it committed; its transaction rolls back.
///
/// Internal to the importer, which turns it into the file's outcome: ``Code/cancelled``
/// into ``FileImportResult/Outcome/interrupted``, the others into
/// ``FileImportResult/Outcome/failed(_:)`` with ``message``. Nothing downstream
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
    /// The located error, as the file's outcome reports it (`app.ndjson: error: malformed line 4 (--strict)`).
    var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
