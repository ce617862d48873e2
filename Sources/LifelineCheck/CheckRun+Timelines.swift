import LifelineFormat
import LifelineReports
import LifelineRules
import LifelineStore

// MARK: - Timelines for the HTML report

extension CheckRun {
    /// The launches and events of `inputs`, read again in the order the check read them.
    ///
    /// The check streams and keeps no events; the HTML report needs them, and where the
    /// findings' witnesses are. Reading a second time costs a pass over the input but keeps the
    /// checker's hot path untouched. Inputs that failed the check fail here too and are skipped:
    /// their errors are already in the report.
    ///
    /// Files of another shape are decoded again as the check decoded them (`shape`, `interchange`
    /// and `records` as given to it).
    package static func timelines(
        _ inputs: [String], findings: [Finding], shape: TraceShape? = nil, interchange: InterchangeOptions = InterchangeOptions(),
        records: CallbackSet? = nil
    ) -> ReportTimelines {
        var wanted: Set<EventLocation> = []
        for finding in findings {
            for witness in finding.witnesses where witness.seq >= 0 && witness.line > 0 {
                wanted.insert(EventLocation(file: witness.file, line: witness.line))
            }
        }
        let collector = TimelineCollector(wanted: wanted)
        for file in ordered(TracePaths.expand(inputs).files) where file != "-" {
            if isDatabase(file) {
                guard let store = try? TraceStore(path: file) else { continue }
                var current = file
                try? store.forEachRecord { record in
                    switch record {
                    case .launch(let launch, let file, let line):
                        current = file
                        collector.beginLaunch(launch, file: file, line: line)
                    case .event(let event, let line):
                        collector.add(event, file: current, line: line)
                    }
                }
            } else if case .success(let input) = readInput(file, asked: shape), let contents = input.contents {
                let foreign = input.shape
                let decoded = DecodedTrace.decode(contents, shape: foreign, options: interchange)
                for launch in decoded.launches where decoded.fatal == nil {
                    collector.beginLaunch(launch.checkedRecord(declaring: records, shape: foreign), file: file, line: launch.line)
                    for (event, line) in zip(launch.events, launch.lines) { collector.add(event, file: file, line: line) }
                }
            } else {
                collect(traceFile: file, into: collector)
            }
        }
        return collector.finish()
    }

    /// Feeds a trace file's valid records to the collector; events before the file's first launch record
    /// are left out, as the checker leaves them out.
    private static func collect(traceFile path: String, into collector: TimelineCollector) {
        guard var reader = try? TraceLineReader(path: path) else { return }
        var scanner = TraceLineScanner()
        var fileHasLaunch = false
        reader.forEachLine { bytes, number, _ in
            if TraceLineScanner.isBlank(bytes) { return true }
            guard let scanned = try? scanner.scan(bytes, lineNumber: number) else { return true }
            switch TraceRecord(scanned, line: bytes, scanner: scanner) {
            case .launch(let launch):
                collector.beginLaunch(launch, file: path, line: number)
                fileHasLaunch = true
            case .event(let event):
                if fileHasLaunch { collector.add(event, file: path, line: number) }
            }
            return true
        }
    }
}
