import LifelineFormat

// MARK: - Trace files

extension RuleChecker {
    /// Checks every record of a trace file, streaming.
    ///
    /// Lines that are not valid format v1 are skipped and returned, located, so
    /// the caller can report them; an unterminated last line that does not
    /// parse (the app died mid-write) is skipped silently, as the importer does.
    ///
    /// - Parameters:
    ///   - label: how witnesses name the file, and the trace label that groups its launches for
    ///     launch-spanning rules; the path by default.
    /// - Returns: the malformed lines, in file order.
    @discardableResult
    public func check(file path: String, label: String? = nil) throws(TraceFileError) -> [TraceFormatError] {
        let name = label ?? path
        var reader = try TraceLineReader(path: path)
        var scanner = TraceLineScanner()
        var errors: [TraceFormatError] = []
        reader.forEachLine { bytes, number, terminated in
            if TraceLineScanner.isBlank(bytes) { return true }
            do throws(TraceFormatError) {
                let scanned = try scanner.scan(bytes, lineNumber: number)
                switch TraceRecord(scanned, line: bytes, scanner: scanner) {
                case .launch(let launch):
                    beginLaunch(launch, trace: name, file: name, line: number)
                case .event(let event):
                    if !hasLaunch { beginLaunch(LaunchRecord(), trace: name, file: name, line: 0) }
                    check(event, line: number)
                }
            } catch {
                if terminated { errors.append(error) }
            }
            return true
        }
        try reader.checkReadError()
        return errors
    }
}
