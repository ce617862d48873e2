/// A whole trace file read into memory: its records and the lines it rejected.
///
/// For tests, tools and small files. The importer streams instead (see
/// ``TraceLineReader`` and ``TraceLineScanner``).
public struct TraceFile: Sendable {
    /// A record with the line it came from.
    public struct Line: Hashable, Sendable {
        public var number: Int
        public var record: TraceRecord
    }

    public var path: String
    /// The records, in file order.
    public var lines: [Line] = []
    /// Lines that are not valid format v1, in file order.
    public var errors: [TraceFormatError] = []
    /// Whether the last line had no terminator (the producer stopped mid-write).
    /// Such a line is kept when it parses and not reported as an error when it does not.
    public var hasUnterminatedLastLine = false

    /// The records alone.
    public var records: [TraceRecord] { lines.map(\.record) }

    /// The event records alone.
    public var events: [EventRecord] {
        lines.compactMap { if case .event(let event) = $0.record { return event } else { return nil } }
    }

    /// Reads and parses the file at `path`.
    public init(contentsOf path: String) throws(TraceFileError) {
        self.path = path
        var reader = try TraceLineReader(path: path)
        var scanner = TraceLineScanner()
        var lines: [Line] = []
        var errors: [TraceFormatError] = []
        var unterminated = false
        reader.forEachLine { bytes, number, terminated in
            if !terminated { unterminated = true }
            if terminated && TraceLineScanner.isBlank(bytes) { return true }  // blank lines are allowed
            do throws(TraceFormatError) {
                let scanned = try scanner.scan(bytes, lineNumber: number)
                lines.append(Line(number: number, record: TraceRecord(scanned, line: bytes, scanner: scanner)))
            } catch {
                if terminated { errors.append(error) }
            }
            return true
        }
        try reader.checkReadError()
        self.lines = lines
        self.errors = errors
        self.hasUnterminatedLastLine = unterminated
    }
}
