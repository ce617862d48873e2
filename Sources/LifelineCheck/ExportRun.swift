import Foundation
import LifelineFormat
import LifelineReports
import LifelineRules
import LifelineStore

/// What `lifeline export` runs: reads trace files or a database into launches, checks them against
/// rules (findings become annotations on the tracks they concern), and encodes the result.
///
/// A database is only read: its stored `violation` table is neither used nor replaced, the
/// findings are those of the rules given now, like `lifeline check FILE`.
///
/// ```swift
/// let export = ExportRun.export(["traces/cold-launch.ndjson"], rules: try CheckRun.loadRules([]))
/// let json = ChromeTraceEncoder.encode(export.launches, annotations: export.annotations)
/// ```
package enum ExportRun {
    /// What an export read and found.
    package struct Result: Sendable {
        package var launches: [InterchangeLaunch] = []
        package var annotations: [TraceAnnotation] = []
        /// Located problems: errors (nothing should be written) and warnings (skipped lines).
        package var diagnostics: [Diagnostic] = []
        /// Findings drawn (violations and pending obligations).
        package var findings = 0

        package var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    }

    /// Reads `inputs` (files, directories, databases) and checks them against `rules` (nil: no check).
    /// `shape`, `interchange` and `declared` read and judge logs as `check` does (`--from`,
    /// `--pattern`, `--records`).
    package static func export(
        _ inputs: [String], rules: RuleSet?, shape: TraceShape? = nil, interchange: InterchangeOptions = InterchangeOptions(),
        declaring declared: CallbackSet? = nil
    ) -> Result {
        var result = read(inputs, shape: shape, interchange: interchange, declaring: declared)
        guard let rules, result.errors.isEmpty else { return result }
        let collector = CheckCollector()
        let checker = collector.checker(for: rules)
        // Findings only: the launch tracks' anatomies come from the launches themselves (`ExportFormat`).
        checker.collectsAnatomy = false
        var located: [String: (launch: Int, session: String?)] = [:]
        for (index, launch) in result.launches.enumerated() {
            let file = launch.file ?? "<export>"
            checker.beginLaunch(launch.record, trace: file, file: file, line: launch.line)
            located["\(file):\(launch.line)"] = (index, nil)
            for (event, line) in zip(launch.events, launch.lines) {
                checker.check(event, line: line)
                located["\(file):\(line)"] = (index, ChromeTraceEncoder.trackKey(event))
            }
        }
        _ = checker.finish()
        for finding in collector.findings {
            guard let primary = finding.primary, let line = primary.line, let place = located["\(primary.file):\(line)"] else { continue }
            var args: Attributes = [
                "rule": .string(finding.ruleID), "severity": .string(finding.severity.rawValue),
                "status": .string(finding.status.rawValue), "message": .string(finding.message),
                "explanation": .string(finding.explanation), "location": .string(primary.location),
            ]
            if let reference = finding.reference { args["reference"] = .string(reference) }
            for witness in finding.witnesses {
                if let seq = witness.seq { args[witness.role.argumentName] = .string("\(witness.event) seq \(seq) at \(witness.location)") }
            }
            let label = finding.status == .pending ? "pending" : finding.severity.rawValue
            result.annotations.append(
                TraceAnnotation(
                    launch: place.launch, session: finding.slice.session ?? place.session, t: primary.t,
                    name: "\(label)[\(finding.ruleID)]", args: args))
            result.findings += 1
        }
        return result
    }

    /// Reads `inputs` into launches, as `check` reads them: a Lifeline trace line by line (a rotated
    /// part continues its launch; malformed lines are warnings), any other shape (console text, a
    /// unified log, a Chrome trace) decoded, its launches carrying what `check` would judge them by
    /// (``InterchangeLaunch/checkedRecord(declaring:shape:)``).
    package static func read(
        _ inputs: [String], shape: TraceShape? = nil, interchange: InterchangeOptions = InterchangeOptions(),
        declaring declared: CallbackSet? = nil
    ) -> Result {
        var result = Result()
        let (files, errors, copies) = TracePaths.expandDistinct(inputs, isStore: CheckRun.isDatabase)
        result.diagnostics += errors
        // A copy would export its launches a second time; it is said, not failed.
        result.diagnostics += copies.map { Diagnostic(.warning, file: $0.file, "same content as \($0.original), skipped") }
        for file in CheckRun.ordered(files) {
            if file == "-" {
                result.diagnostics.append(
                    Diagnostic(.error, file: "-", "lifeline export reads files and databases, not standard input"))
                continue
            }
            if CheckRun.isDatabase(file) {
                readDatabase(file, into: &result)
                continue
            }
            do throws(TraceFileError) {
                let input = try TraceInput(path: file, shape: shape)
                if let contents = input.contents {
                    readDecoded(
                        DecodedTrace.decode(contents, shape: input.shape, options: interchange), file: file, declaring: declared,
                        into: &result)
                    continue
                }
                let trace = try TraceFile(contentsOf: file)
                for error in trace.errors { result.diagnostics.append(error.diagnostic.in(file: file).with(severity: .warning)) }
                var sawLaunch = false
                for line in trace.lines {
                    switch line.record {
                    case .launch(let record):
                        sawLaunch = true
                        var record = record
                        if record.records == nil { record.records = declared }
                        begin(record, file: file, line: line.number, into: &result)
                    case .event(let event):
                        guard sawLaunch, !result.launches.isEmpty else {
                            result.diagnostics.append(
                                Diagnostic(
                                    .warning, file: file, line: line.number, column: 1, "event before any launch record (skipped)"))
                            continue
                        }
                        result.launches[result.launches.count - 1].events.append(event)
                        result.launches[result.launches.count - 1].lines.append(line.number)
                    }
                }
                if !sawLaunch {
                    result.diagnostics.append(
                        Diagnostic(
                            .error, file: file,
                            "no launch record: not a Lifeline trace (import other shapes first: lifeline import --from)"))
                }
            } catch {
                result.diagnostics.append(error.diagnostic)
            }
        }
        return result
    }

    /// The launches of a decoded input; its skipped lines and their reasons are warnings, and an
    /// input with no launch at all is an error that says what it was read as.
    private static func readDecoded(
        _ decoded: DecodedTrace, file: String, declaring declared: CallbackSet?, into result: inout Result
    ) {
        if let fatal = decoded.fatal {
            result.diagnostics.append(fatal.in(file: file))
            return
        }
        result.diagnostics += decoded.diagnostics.map { $0.in(file: file).with(severity: .warning) }
        guard !decoded.launches.isEmpty else {
            result.diagnostics.append(Diagnostic(.error, file: file, decoded.shape.noLaunches(lines: decoded.lineCount)))
            return
        }
        for var launch in decoded.launches {
            launch.record = launch.checkedRecord(declaring: declared, shape: decoded.shape)
            launch.file = file
            result.launches.append(launch)
        }
    }

    private static func begin(_ record: LaunchRecord, file: String, line: Int, into result: inout Result) {
        if record.part != nil, let last = result.launches.last, last.record.launch != nil, last.record.launch == record.launch {
            return
        }
        result.launches.append(InterchangeLaunch(record: record, line: line, file: file))
    }

    private static func readDatabase(_ path: String, into result: inout Result) {
        do {
            let store = try TraceStore(path: path)
            var count = 0
            try store.forEachRecord { record in
                switch record {
                case .launch(let launch, let file, let line):
                    count += 1
                    begin(launch, file: file, line: line, into: &result)
                case .event(let event, let line):
                    result.launches[result.launches.count - 1].events.append(event)
                    result.launches[result.launches.count - 1].lines.append(line)
                }
            }
            if count == 0 { result.diagnostics.append(Diagnostic(.error, file: path, "the database holds no traces")) }
        } catch let error as StoreError {
            result.diagnostics.append(Diagnostic(.error, file: path, error.message))
        } catch let error as StoreReadError {
            result.diagnostics.append(Diagnostic(.error, file: error.file, line: error.line, error.message))
        } catch {
            result.diagnostics.append(Diagnostic(.error, file: path, "\(error)"))
        }
    }
}

extension Witness.Role {
    /// The role as an args key of an exported finding.
    fileprivate var argumentName: String {
        switch self {
        case .scopeOpener: return "scope_opener"
        case .trigger: return "trigger"
        case .offending: return "offending"
        case .scopeCloser: return "scope_closer"
        case .endOfTrace: return "end_of_trace"
        }
    }
}
