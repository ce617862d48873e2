/// Validates whole trace files: syntax, then the order invariants, streaming.
///
/// ```swift
/// let report = try TraceValidator.validate(path: "traces/notes.ndjson")
/// report.diagnostics.forEach { print($0.in(file: report.path)) }
/// ```
public enum TraceValidator {
    /// What validating one file found.
    public struct Report: Sendable {
        public var path: String
        /// What the file was read as.
        public var shape: TraceShape = .native
        public var launches = 0
        public var events = 0
        /// Lines of a log that name no callback or app event (skipped, as `import` and `check` skip them).
        public var skipped = 0
        public var diagnostics: [Diagnostic] = []

        public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
        public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    }

    /// Reads `path` as `import` and `check` read it: a Lifeline trace line by line against format
    /// v1 (``validate(path:)``), any other shape decoded, its problems located at its lines. For
    /// both, a warning at each launch whose scene callbacks do not all name their scene says how
    /// rules will judge them (``SceneIdentityTally``).
    public static func validate(
        path: String, shape asked: TraceShape?, options: InterchangeOptions = InterchangeOptions()
    ) throws(TraceFileError) -> Report {
        let input = try TraceInput(path: path, shape: asked)
        guard let contents = input.contents else { return try validate(path: path) }
        var report = Report(path: path, shape: input.shape)
        let decoded = DecodedTrace.decode(contents, shape: input.shape, options: options)
        if let fatal = decoded.fatal {
            report.diagnostics.append(fatal)
            return report
        }
        report.diagnostics = decoded.diagnostics
        report.skipped = decoded.ignored
        report.launches = decoded.launches.count
        for launch in decoded.launches {
            report.events += launch.events.count
            var tally = SceneIdentityTally()
            for event in launch.events { tally.add(event.event.callback, session: event.session, scene: event.scene) }
            if !tally.isEmpty { report.diagnostics.append(Diagnostic(.warning, line: max(launch.line, 1), column: 1, tally.summary)) }
        }
        if decoded.launches.isEmpty {
            report.diagnostics.append(Diagnostic(.error, line: 1, column: 1, input.shape.noLaunches(lines: decoded.lineCount)))
        }
        report.diagnostics.sort { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
        return report
    }

    /// Reads `path` once, in constant memory (but for open spans and the diagnostics).
    public static func validate(path: String) throws(TraceFileError) -> Report {
        var report = Report(path: path)
        // The current launch's scene callbacks that name no scene, said at its record's line.
        var tally = SceneIdentityTally()
        var launchLine = 0
        func sayTally() {
            if !tally.isEmpty {
                report.diagnostics.append(
                    Diagnostic(.warning, line: launchLine, column: 1, tally.summary + "; " + SceneIdentityTally.advice))
            }
            tally = SceneIdentityTally()
        }
        var reader = try TraceLineReader(path: path)
        var scanner = TraceLineScanner()
        var order = TraceOrderChecker()
        // The current launch's `records`: an event of a callback outside them contradicts its launch record.
        var records: CallbackSet?
        reader.forEachLine { bytes, number, terminated in
            if !terminated {
                report.diagnostics.append(
                    Diagnostic(
                        .warning, line: number, column: bytes.count + 1,
                        "last line is not terminated (the producer stopped mid-write)"))
            }
            if TraceLineScanner.isBlank(bytes) { return true }
            let scanned: ScannedLine
            do throws(TraceFormatError) {
                scanned = try scanner.scan(bytes, lineNumber: number)
            } catch {
                // A torn last line is what a crash leaves; the warning above already says so.
                if terminated { report.diagnostics.append(error.diagnostic) }
                return true
            }
            switch scanned.kind {
            case .launch:
                if (scanned.part ?? 1) <= 1 {
                    sayTally()
                    launchLine = number
                }
                report.launches += 1
                records = scanned.records
                order.beginLaunch(part: scanned.part)
            case .event:
                report.events += 1
                tally.add(scanned.callback, session: scanned.session == nil ? nil : "", scene: scanned.scene == nil ? nil : "")
                let problems = order.check(scanned, bytes: bytes, scanner: scanner, line: number)
                report.diagnostics.append(contentsOf: problems)
                if let callback = scanned.callback, let records, !records.contains(callback) {
                    report.diagnostics.append(
                        Diagnostic(
                            .warning, line: number, column: scanned.eventOffset + 1,
                            "\(callback.name) is not among the callbacks the launch record says this trace records"))
                }
            }
            return true
        }
        try reader.checkReadError()
        sayTally()
        report.diagnostics.sort { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
        return report
    }
}
