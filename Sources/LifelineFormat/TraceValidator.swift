/// Validates whole trace files: syntax, then the order invariants, streaming.
///
/// ```swift
/// let report = try TraceValidator.validate(path: "traces/notes.ndjson")
/// report.diagnostics.forEach { print($0.rendered(file: report.path)) }
/// ```
public enum TraceValidator {
    /// What validating one file found.
    public struct Report: Sendable {
        public var path: String
        public var launches = 0
        public var events = 0
        public var diagnostics: [TraceDiagnostic] = []

        public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
        public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    }

    /// Reads `path` once, in constant memory (but for open spans and the diagnostics).
    public static func validate(path: String) throws(TraceFileError) -> Report {
        var report = Report(path: path)
        var reader = try TraceLineReader(path: path)
        var scanner = TraceLineScanner()
        var order = TraceOrderChecker()
        // The current launch's `records`: an event of a callback outside them contradicts its launch record.
        var records: CallbackSet?
        reader.forEachLine { bytes, number, terminated in
            if !terminated {
                report.diagnostics.append(
                    TraceDiagnostic(
                        .warning, line: number, column: bytes.count + 1,
                        "last line is not terminated (the producer stopped mid-write)"))
            }
            if TraceLineScanner.isBlank(bytes) { return true }
            let scanned: ScannedLine
            do throws(TraceFormatError) {
                scanned = try scanner.scan(bytes, lineNumber: number)
            } catch {
                // A torn last line is what a crash leaves; the warning above already says so.
                if terminated { report.diagnostics.append(TraceDiagnostic(error)) }
                return true
            }
            switch scanned.kind {
            case .launch:
                report.launches += 1
                records = scanned.records
                order.beginLaunch(part: scanned.part)
            case .event:
                report.events += 1
                let problems = order.check(scanned, bytes: bytes, scanner: scanner, line: number)
                report.diagnostics.append(contentsOf: problems)
                if let callback = scanned.callback, let records, !records.contains(callback) {
                    report.diagnostics.append(
                        TraceDiagnostic(
                            .warning, line: number, column: scanned.eventOffset + 1,
                            "\(callback.name) is not among the callbacks the launch record says this trace records"))
                }
            }
            return true
        }
        try reader.checkReadError()
        return report
    }
}
