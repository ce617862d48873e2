import Foundation
@_spi(Performance) import LifelineFormat
import LifelineReports
@_spi(Performance) import LifelineRules
@_spi(Performance) import LifelineStore

/// The check service: loads rules, finds the traces paths name, runs the checker over trace files
/// and databases, and stores a database's findings in its `violation` table. `lifeline check`,
/// `lifeline rules`, the REPL's `.check` and `.load`, and the demo all go through it; the
/// reports only render what it returns.
///
/// ```swift
/// let loaded = try CheckRun.load([])                 // the catalogs + ./rules/*.rules
/// let report = CheckRun.check(["traces/"], rules: loaded.rules, sources: loaded.sources)
/// print(ReportFormat.text.render(report, gate: .standard))
/// exit(report.status(.standard).exitCode)
/// ```
package enum CheckRun {
    /// Checks every input and returns the report. Databases also get their `violation` table replaced.
    ///
    /// Inputs are trace files, directories of them (`*.ndjson`, `*.jsonl`, recursively) and
    /// Lifeline databases (recognised by their SQLite header). Rotated parts (`app.2.ndjson`)
    /// are checked right after the file they continue. A trace file with the same bytes as an earlier
    /// one is checked once, at the earlier one, and listed in ``CheckReport/copies``
    /// (``TracePaths/expandDistinct(_:isStore:)``): a copy holds the same launches.
    ///
    /// Up to `options.jobs` inputs (default: one per core, ``defaultJobs``) are checked at once, each trace
    /// file with its rotated parts, each database and standard input by a checker of its own thread;
    /// the report is the same whatever `options.jobs` is: traces, findings and diagnostics in the order of
    /// the inputs, as one thread would give them.
    ///
    /// Nothing about the input is thrown or printed: every problem is a diagnostic in the report,
    /// an error (the report's status is then ``CheckStatus/inputError``) unless the user allowed
    /// it. Errors: a path that does not exist, a directory without traces, a file that cannot be
    /// read, a database that is not Lifeline's or holds no traces, a trace without a launch record,
    /// a skipped line (a warning with `options.allowSkippedLines`), a check that saw no events at all, and
    /// one against no rules.
    ///
    /// With `options.timelines`, the report also holds every launch's events for the HTML report
    /// (``CheckReport/timelines``), read in a second pass over the inputs under the names the
    /// findings use (`standardInputName`, `names`); standard input is then first copied to a
    /// temporary file, removed before this returns, so it can be read twice. `options.records` declares the
    /// callbacks recorded by launches whose record does not list them (`--records`); `nil`: such
    /// launches record every callback.
    ///
    /// `-` is one trace read from standard input, named `options.standardInputName` (default `-`) in
    /// findings and diagnostics, so a tool that pipes a trace in (the Spark integration) gets
    /// findings naming the original file; a second `-` is an error, standard input having been read.
    /// `options.names` does the same for trace files: a file (as given or found in a directory) that is a
    /// key is named by its value, so a tool that checks local copies of files stored elsewhere (the
    /// Spark integration) gets the findings, launch keys and diagnostics of the originals.
    ///
    /// A file that is not a Lifeline trace — console text, a unified log, a Chrome trace — is decoded
    /// as `lifeline import` decodes it (its shape decided by content, or `options.shape`, with
    /// `options.interchange`) and its launches checked as they would be once imported. Standard input is a log
    /// only when `options.shape` says so.
    package static func check(
        _ inputs: [String], rules: RuleSet, sources: [RuleSource] = [], options: CheckOptions = CheckOptions()
    ) -> CheckReport {
        let (allowSkippedLines, records, standardInputName) = (options.allowSkippedLines, options.records, options.standardInputName)
        let (names, timelines, shape, interchange) = (options.names, options.timelines, options.shape, options.interchange)
        let expanded = TracePaths.expandDistinct(inputs, isStore: isDatabase)
        var (files, errors) = (expanded.files, expanded.errors)
        // A path that cannot be read is named as the caller names it, as its findings would be.
        for index in errors.indices { if let file = errors[index].file, let name = names[file] { errors[index].file = name } }
        var reading = Reading(shape: shape, interchange: interchange, names: names)
        // The timelines read the inputs a second time: standard input, which can be read once, is kept in a file.
        var standardInputCopy: StandardInputCopy?
        if timelines, files.contains("-") {
            do throws(CheckRunError) {
                let copy = try StandardInputCopy.make(label: standardInputName ?? "-")
                standardInputCopy = copy
                reading.standardInputCopy = copy.path
            } catch {
                errors += error.diagnostics
                files.removeAll { $0 == "-" }
            }
        }
        let units = CheckInput.inputs(files, standardInputName: standardInputName)
        let (results, summaries) = check(
            units, jobs: options.jobs ?? defaultJobs, rules: rules, records: records, allowSkippedLines: allowSkippedLines,
            reading: reading)
        var traces: [String] = []
        var diagnostics = errors
        var findings: [Finding] = []
        var applied: [String: Set<String>] = [:]
        var notApplicable: [Inapplicability] = []
        var assumed: [AssumedRecords] = []
        var identity: [IdentityNote] = []
        var launches: [CheckedLaunch] = []
        for result in results {
            assumed += result.assumed
            identity += result.identity
            launches += result.launches
            traces += result.traces
            diagnostics += result.diagnostics
            findings += result.findings
            applied.merge(result.applied) { $0.union($1) }
            notApplicable += result.notApplicable
        }
        let summary = merged(summaries, rules: rules)
        if rules.rules.isEmpty {
            for source in sources.isEmpty ? [RuleSource(.file, name: "<rules>", ruleCount: 0)] : sources {
                diagnostics.append(Diagnostic(.error, file: source.name, "no rules to check: a check against no rules cannot fail"))
            }
        }
        if summary.events == 0 {
            let missing = Set(expanded.errors.map(\.file))
            for input in inputs where !missing.contains(input) {
                diagnostics.append(
                    Diagnostic(
                        .error, file: input == "-" ? standardInputName ?? input : names[input] ?? input,
                        "no events were checked: a check that looked at nothing cannot pass"))
            }
        }
        var report = CheckReport(
            rules: rules.rules, ruleSources: sources, findings: findings, summary: summary, traces: traces,
            diagnostics: diagnostics, applied: applied, notApplicable: notApplicable)
        report.copies = expanded.copies
        report.assumed = assumed
        report.identity = identity
        report.launches = CheckedLaunch.settlingEndings(launches)
        if timelines {
            report.timelines = Self.timelines(
                inputs, findings: findings, shape: shape, interchange: interchange, records: records, names: names,
                standardInput: standardInputCopy.map { (path: $0.path, label: standardInputName ?? "-") })
        }
        return report
    }

    /// How many inputs ``check(_:rules:sources:options:)``
    /// checks at once unless told: one per core.
    package static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Checks the inputs on up to `jobs` threads, each with a checker of its own that checks one
    /// input after another; returns the results in input order and each thread's summary.
    static func check(
        _ inputs: [CheckInput], jobs: Int, rules: RuleSet, records: CallbackSet?, allowSkippedLines: Bool, reading: Reading
    ) -> (results: [CheckInputResult], summaries: [CheckSummary]) {
        let queue = CheckInputQueue(count: inputs.count)
        let threads = max(1, min(jobs, inputs.count))
        // A core no input is checked on reads and scans ahead for a large file.
        let readAhead = threads < defaultJobs
        let work: @Sendable () -> Void = {
            let collector = CheckCollector()
            let checker = collector.checker(for: rules, records: records)
            while let index = queue.take() {
                let result = check(
                    inputs[index], checker: checker, collector: collector, allowSkippedLines: allowSkippedLines,
                    readAhead: readAhead, records: records, reading: reading)
                queue.put(result, at: index)
            }
            queue.finish(checker.finish())
        }
        for _ in 1..<threads { Thread(block: work).start() }
        work()
        return queue.wait(threads: threads)
    }

    /// Checks one input with `checker`, which then has finished it (its launches and traces ended),
    /// and takes what `collector` gathered.
    static func check(
        _ input: CheckInput, checker: RuleChecker, collector: CheckCollector, allowSkippedLines: Bool, readAhead: Bool,
        records: CallbackSet?, reading: Reading
    ) -> CheckInputResult {
        var result = CheckInputResult()
        switch input {
        case .traces(let files):
            for file in files {
                let label = reading.names[file] ?? file
                result.traces.append(label)
                switch readInput(file, asked: reading.shape) {
                case .failure(let error):
                    var diagnostic = error.diagnostic
                    diagnostic.file = label
                    result.diagnostics.append(diagnostic)
                case .success(let input) where input.contents == nil:
                    let large = readAhead && (fileSize(file) ?? 0) >= readAheadSize
                    check(label, allowSkippedLines: allowSkippedLines, diagnostics: &result.diagnostics) { () throws(TraceFileError) in
                        try large ? checker.checkReadingAhead(file: file, label: label) : checker.check(file: file, label: label)
                    }
                case .success(let input):
                    checkDecoded(
                        label, shape: input.shape, records: records, checker: checker, allowSkippedLines: allowSkippedLines,
                        diagnostics: &result.diagnostics, assumed: &result.assumed
                    ) { () throws(TraceFileError) in
                        DecodedTrace.decode(input.contents ?? [], shape: input.shape, options: reading.interchange)
                    }
                }
            }
        case .standardInput(let label):
            result.traces.append(label)
            if let shape = reading.shape, shape != .native {
                // A log on standard input (`--from text|oslog|chrome`) is read whole, as a file of its shape is.
                checkDecoded(
                    label, shape: shape, records: records, checker: checker, allowSkippedLines: allowSkippedLines,
                    diagnostics: &result.diagnostics, assumed: &result.assumed
                ) { () throws(TraceFileError) in
                    if let copy = reading.standardInputCopy {
                        return try DecodedTrace.decode(contentsOf: copy, shape: shape, options: reading.interchange)
                    }
                    let bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
                    return DecodedTrace.decode(bytes, shape: shape, options: reading.interchange)
                }
                break
            }
            check(label, allowSkippedLines: allowSkippedLines, diagnostics: &result.diagnostics) { () throws(TraceFileError) in
                if let copy = reading.standardInputCopy { return try checker.check(file: copy, label: label) }
                return try checker.check(descriptor: STDIN_FILENO, label: label)
            }
        case .standardInputAgain(let label):
            result.diagnostics.append(Diagnostic(.error, file: label, "standard input ('-') can be checked only once"))
        case .database(let file):
            let launches = checker.summary.launches
            do throws(CheckRunError) {
                let store = try checkDatabase(file, checker: checker, traces: &result.traces)
                _ = checker.finish()
                if checker.summary.launches == launches {
                    result.diagnostics.append(
                        Diagnostic(.error, file: file, "the database holds no traces (lifeline import adds them)"))
                }
                let taken = collector.take()
                (result.findings, result.applied, result.notApplicable, result.identity) =
                    (taken.findings, taken.applied, taken.notApplicable, taken.identity)
                result.launches = taken.launches
                try record(result.findings, in: store)
            } catch {
                result.diagnostics += error.diagnostics
            }
        }
        _ = checker.finish()
        let taken = collector.take()
        result.findings += taken.findings
        result.applied.merge(taken.applied) { $0.union($1) }
        result.notApplicable += taken.notApplicable
        result.identity += taken.identity
        result.launches += taken.launches
        return result
    }

    /// The size from which a file is read and scanned on a second thread when a core is free: below
    /// it, starting the thread costs more than the overlap saves.
    static let readAheadSize = 1 << 20

    static func fileSize(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }

    /// The summaries of checkers of the same rules as one: counts added.
    static func merged(_ summaries: [CheckSummary], rules: RuleSet) -> CheckSummary {
        var total = CheckSummary(rules: rules.rules.map { ($0, RuleTally()) }, traces: 0, launches: 0, events: 0)
        for summary in summaries {
            total.traces += summary.traces
            total.launches += summary.launches
            total.events += summary.events
            for (index, (_, tally)) in summary.rules.enumerated() where index < total.rules.count {
                total.rules[index].tally.satisfied += tally.satisfied
                total.rules[index].tally.violated += tally.violated
                total.rules[index].tally.pending += tally.pending
                total.rules[index].tally.vacuous += tally.vacuous
                total.rules[index].tally.violations += tally.violations
                total.rules[index].tally.pendings += tally.pendings
                total.rules[index].tally.notApplicable += tally.notApplicable
            }
        }
        return total
    }

    /// Runs one trace's check and turns what it skipped (and a trace without a launch record) into diagnostics.
    static func check(
        _ label: String, allowSkippedLines: Bool, diagnostics: inout [Diagnostic],
        _ body: () throws(TraceFileError) -> TraceFileCheck
    ) {
        do throws(TraceFileError) {
            let checked = try body()
            for skipped in checked.skipped {
                let diagnostic = skipped.in(file: label)
                diagnostics.append(allowSkippedLines ? diagnostic.with(severity: .warning) : diagnostic)
            }
            if checked.launches == 0 {
                diagnostics.append(Diagnostic(.error, file: label, TraceShape.native.noLaunches(lines: 0)))
            }
        } catch {
            // Located under the trace's name (`--stdin-name`, `--names`), as its findings are.
            var diagnostic = error.diagnostic
            diagnostic.file = label
            diagnostics.append(diagnostic)
        }
    }

    /// How inputs that are not Lifeline traces are read: `--from` and the decoders' options.
    struct Reading: Sendable {
        var shape: TraceShape?
        var interchange: InterchangeOptions
        /// `--names`: the name each trace file (a key) goes by in findings and diagnostics.
        var names: [String: String]
        /// Where standard input was copied to be read again for the timelines (``StandardInputCopy``), read
        /// instead of standard input; nil: standard input is read as it comes.
        var standardInputCopy: String? = nil
    }

    /// `file` read once (``TraceInput``): the shape to read it as, `asked` (`--from`) else what its content
    /// shows, and for a shape other than a Lifeline trace (streamed by the checker), its content.
    static func readInput(_ file: String, asked: TraceShape?) -> Result<TraceInput, TraceFileError> {
        do throws(TraceFileError) {
            return .success(try TraceInput(path: file, shape: asked))
        } catch {
            return .failure(error)
        }
    }

    /// Checks a file of another shape: decodes it whole, as the importer does, and checks each launch
    /// with its checked record. Lines the decoder could not read are errors (warnings with
    /// `allowSkippedLines`), as a trace's skipped lines are; a file in which no line names a
    /// callback is an error, since a check that found nothing to look at cannot pass.
    static func checkDecoded(
        _ file: String, shape: TraceShape, records: CallbackSet?, checker: RuleChecker, allowSkippedLines: Bool,
        diagnostics: inout [Diagnostic], assumed: inout [AssumedRecords], decode: () throws(TraceFileError) -> DecodedTrace
    ) {
        let decoded: DecodedTrace
        do throws(TraceFileError) {
            decoded = try decode()
        } catch {
            var diagnostic = error.diagnostic
            diagnostic.file = file
            diagnostics.append(diagnostic)
            return
        }
        if let fatal = decoded.fatal {
            diagnostics.append(fatal.in(file: file))
            return
        }
        for problem in decoded.diagnostics {
            let diagnostic = problem.in(file: file)
            diagnostics.append(allowSkippedLines && diagnostic.severity == .error ? diagnostic.with(severity: .warning) : diagnostic)
        }
        for launch in decoded.launches {
            checker.check(launch, declaring: records, shape: shape, label: file)
            if let assumption = launch.recordsAssumption(declaring: records, shape: shape) {
                assumed.append(AssumedRecords(file: file, line: launch.line, assumption: assumption))
            }
        }
        if decoded.launches.isEmpty {
            diagnostics.append(Diagnostic(.error, file: file, shape.noLaunches(lines: decoded.lineCount)))
        }
    }
}
