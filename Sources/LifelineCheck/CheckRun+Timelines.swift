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
    /// and `records` as given to it). Each trace goes by the name its findings use: a file that
    /// is a key of `names` by its value (`--names`), and `-` is read from `standardInput`'s copy
    /// of standard input (``StandardInputCopy``) under its label (`--stdin-name`); without a
    /// copy, standard input (already read) has no timeline.
    package static func timelines(
        _ inputs: [String], findings: [Finding], shape: TraceShape? = nil, interchange: InterchangeOptions = InterchangeOptions(),
        records: CallbackSet? = nil, names: [String: String] = [:], standardInput: (path: String, label: String)? = nil
    ) -> ReportTimelines {
        var wanted: Set<EventLocation> = []
        for finding in findings {
            for witness in finding.witnesses where witness.seq != nil {
                if let line = witness.line { wanted.insert(EventLocation(file: witness.file, line: line)) }
            }
        }
        let collector = TimelineCollector(wanted: wanted)
        var readStandardInput = false
        for file in ordered(TracePaths.expandDistinct(inputs, isStore: isDatabase).files) {
            let path: String
            let label: String
            let input: TraceInput
            if file == "-" {
                // Standard input is a log only when `--from` says so; it is checked once, as the check read it.
                guard let standardInput, !readStandardInput else { continue }
                readStandardInput = true
                guard case .success(let read) = readInput(standardInput.path, asked: shape ?? .native) else { continue }
                (path, label, input) = (standardInput.path, standardInput.label, read)
            } else if isDatabase(file) {
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
                continue
            } else {
                guard case .success(let read) = readInput(file, asked: shape) else { continue }
                (path, label, input) = (file, names[file] ?? file, read)
            }
            if let contents = input.contents {
                let foreign = input.shape
                let decoded = DecodedTrace.decode(contents, shape: foreign, options: interchange)
                for launch in decoded.launches where decoded.fatal == nil {
                    collector.beginLaunch(launch.checkedRecord(declaring: records, shape: foreign), file: label, line: launch.line)
                    for (event, line) in zip(launch.events, launch.lines) { collector.add(event, file: label, line: line) }
                }
            } else {
                collect(traceFile: path, label: label, into: collector)
            }
        }
        return collector.finish()
    }

    /// Feeds a trace file's valid records to the collector under `label`; events before the file's first
    /// launch record are left out, as the checker leaves them out.
    private static func collect(traceFile path: String, label: String, into collector: TimelineCollector) {
        guard var reader = try? TraceLineReader(path: path) else { return }
        var scanner = TraceLineScanner()
        var fileHasLaunch = false
        reader.forEachLine { bytes, number, _ in
            if TraceLineScanner.isBlank(bytes) { return true }
            guard let scanned = try? scanner.scan(bytes, lineNumber: number) else { return true }
            switch TraceRecord(scanned, line: bytes, scanner: scanner) {
            case .launch(let launch):
                collector.beginLaunch(launch, file: label, line: number)
                fileHasLaunch = true
            case .event(let event):
                if fileHasLaunch { collector.add(event, file: label, line: number) }
            }
            return true
        }
    }
}
