import Foundation
import LifelineFormat
import LifelineReports
import LifelineRules
import LifelineStore

/// The check service: loads rules, finds the traces paths name, runs the checker over trace files
/// and databases, and stores a database's findings in its `violation` table. `lifeline check`,
/// `lifeline rules`, the REPL's `.check` and `.load`, and the demo all go through it; the
/// reports only render what it returns.
///
/// ```swift
/// let loaded = try CheckRun.load([])                 // both catalogs + ./rules/*.rules
/// let report = CheckRun.check(["traces/"], rules: loaded.rules, sources: loaded.sources)
/// print(ReportFormat.text.render(report, gate: .standard))
/// exit(report.status(.standard).exitCode)
/// ```
package enum CheckRun {
    /// Rules ready to check, and where each came from.
    package struct LoadedRules: Sendable {
        package var rules: RuleSet
        package var sources: [RuleSource]

        package init(rules: RuleSet, sources: [RuleSource]) {
            self.rules = rules
            self.sources = sources
        }
    }

    /// Loads rules from catalog names (`uikit-scene`, `uikit-app`) and `.rules` files or directories.
    ///
    /// With no specs: both built-in catalogs (each rule applies to launches of its
    /// life cycle) and every `*.rules` file in `rulesDirectory` if it exists (nil: none).
    package static func loadRules(_ specs: [String], rulesDirectory: String? = "rules") throws(CheckRunError) -> RuleSet {
        try load(specs, rulesDirectory: rulesDirectory).rules
    }

    /// ``loadRules(_:rulesDirectory:)`` with the source of every rule, for the report.
    ///
    /// `rulesDirectoryLabel` names the local rules files in diagnostics and findings when the
    /// directory was resolved elsewhere (the REPL's `rules/NAME.rules`, whatever its working directory).
    package static func load(
        _ specs: [String], rulesDirectory: String? = "rules", rulesDirectoryLabel: String? = nil
    ) throws(CheckRunError) -> LoadedRules {
        var loaded = LoadedRules(rules: RuleSet(), sources: [])
        var files: [(path: String, label: String?, kind: RuleSource.Kind)] = []
        if specs.isEmpty {
            for catalog in BuiltinCatalog.allCases { try add(catalog.rules, .builtin, catalog.rawValue, to: &loaded) }
            if let rulesDirectory {
                files = rulesFileNames(in: rulesDirectory).map { name in
                    (
                        (rulesDirectory as NSString).appendingPathComponent(name),
                        rulesDirectoryLabel.map { ($0 as NSString).appendingPathComponent(name) }, .local
                    )
                }
            }
        }
        for spec in specs {
            if let catalog = BuiltinCatalog(rawValue: spec) {
                try add(catalog.rules, .builtin, catalog.rawValue, to: &loaded)
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: spec, isDirectory: &isDirectory) else {
                let names = BuiltinCatalog.allCases.map(\.rawValue).joined(separator: ", ")
                throw CheckRunError(
                    .noSuchRules, FileDiagnostic(.error, file: spec, "no such rules file or catalog (catalogs: \(names))"))
            }
            guard isDirectory.boolValue else {
                files.append((spec, nil, .file))
                continue
            }
            let found = rulesFileNames(in: spec).map { (spec as NSString).appendingPathComponent($0) }
            if found.isEmpty {
                throw CheckRunError(.noRulesFiles, FileDiagnostic(.error, file: spec, "no rules files (*.rules) in this directory"))
            }
            files += found.map { ($0, nil, .file) }
        }
        for (file, label, kind) in files {
            try add(try loadFile(file, label: label), kind, label ?? file, to: &loaded)
        }
        return loaded
    }

    /// Parses one rules file; `label` (default: `path`) is how diagnostics and findings name it.
    ///
    /// For a caller that resolves paths itself, such as the REPL's `.load` and `.check FILE`.
    package static func loadFile(_ path: String, label: String? = nil) throws(CheckRunError) -> RuleSet {
        do throws(RuleSetError) {
            return try RuleSet(contentsOf: path, label: label)
        } catch {
            throw CheckRunError(.invalidRules, error.description, diagnostics: diagnostics(error, loading: RuleSet()), ruleSetError: error)
        }
    }

    /// Adds `other` to `rules`; an id defined twice is an error located at the second definition.
    package static func merge(_ other: RuleSet, into rules: inout RuleSet) throws(CheckRunError) {
        do throws(RuleSetError) {
            try rules.merge(other)
        } catch {
            throw CheckRunError(.invalidRules, error.description, diagnostics: diagnostics(error, loading: other), ruleSetError: error)
        }
    }

    private static func add(
        _ other: RuleSet, _ kind: RuleSource.Kind, _ name: String, to loaded: inout LoadedRules
    )
        throws(CheckRunError)
    {
        try merge(other, into: &loaded.rules)
        loaded.sources.append(RuleSource(kind, name: name, ruleCount: other.rules.count))
    }

    /// A rules error as located diagnostics (the caret excerpts stay in the text form).
    private static func diagnostics(_ error: RuleSetError, loading other: RuleSet) -> [FileDiagnostic] {
        switch error {
        case .unreadable(let path, let reason):
            return [FileDiagnostic(.error, file: path, "cannot read rules: \(reason)")]
        case .syntax(let syntax):
            return syntax.diagnostics.map { diagnostic in
                FileDiagnostic(
                    .error, file: syntax.file, line: diagnostic.location.line, column: diagnostic.location.column,
                    diagnostic.message)
            }
        case .duplicateID(let id, let first, let second):
            guard let rule = other.rules.first(where: { $0.id == id }) else {
                return [FileDiagnostic(.error, file: second, "duplicate rule id '\(id)' (first defined at \(first))")]
            }
            return [
                FileDiagnostic(
                    .error, file: rule.file, line: rule.location.line, column: rule.location.column,
                    "duplicate rule id '\(id)' (first defined at \(first))")
            ]
        }
    }

    /// The names of the `*.rules` files in `directory`, sorted; none when it does not exist.
    package static func rulesFileNames(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".rules") }.sorted()
    }

    /// Checks every input and returns the report. Databases also get their `violation` table replaced.
    ///
    /// Inputs are trace files, directories of them (`*.ndjson`, `*.jsonl`, recursively) and
    /// Lifeline databases (recognised by their SQLite header). Rotated parts (`app.2.ndjson`)
    /// are checked right after the file they continue. A trace file with the same bytes as an earlier
    /// one is checked once, at the earlier one, and listed in ``CheckReport/copies``
    /// (``TracePaths/expandDistinct(_:isStore:)``): a copy holds the same launches.
    ///
    /// Up to `jobs` inputs (default: one per core, ``defaultJobs``) are checked at once, each trace
    /// file with its rotated parts, each database and standard input by a checker of its own thread;
    /// the report is the same whatever `jobs` is: traces, findings and diagnostics in the order of
    /// the inputs, as one thread would give them.
    ///
    /// Nothing about the input is thrown or printed: every problem is a diagnostic in the report,
    /// an error (the report's status is then ``CheckStatus/inputError``) unless the user allowed
    /// it. Errors: a path that does not exist, a directory without traces, a file that cannot be
    /// read, a database that is not Lifeline's or holds no traces, a trace without a launch record,
    /// a skipped line (a warning with `allowSkippedLines`), a check that saw no events at all, and
    /// one against no rules.
    ///
    /// With `timelines`, the report also holds every launch's events for the HTML report
    /// (``CheckReport/timelines``), read in a second pass over the inputs under the names the
    /// findings use (`standardInputName`, `names`); standard input is then first copied to a
    /// temporary file, removed before this returns, so it can be read twice. `records` declares the
    /// callbacks recorded by launches whose record does not list them (`--records`); `nil`: such
    /// launches record every callback.
    ///
    /// `-` is one trace read from standard input, named `standardInputName` (default `-`) in
    /// findings and diagnostics, so a tool that pipes a trace in (the Spark integration) gets
    /// findings naming the original file; a second `-` is an error, standard input having been read.
    /// `names` does the same for trace files: a file (as given or found in a directory) that is a
    /// key is named by its value, so a tool that checks local copies of files stored elsewhere (the
    /// Spark integration) gets the findings, launch keys and diagnostics of the originals.
    ///
    /// A file that is not a Lifeline trace — console text, a unified log, a Chrome trace — is decoded
    /// as `lifeline import` decodes it (its shape decided by content, or `shape`, with `interchange`'s
    /// options) and its launches checked as they would be once imported. Standard input is a log
    /// only when `shape` says so.
    package static func check(
        _ inputs: [String], rules: RuleSet, sources: [RuleSource] = [], allowSkippedLines: Bool = false,
        records: CallbackSet? = nil, standardInputName: String? = nil, names: [String: String] = [:],
        timelines: Bool = false, shape: TraceShape? = nil,
        interchange: InterchangeOptions = InterchangeOptions(), jobs: Int? = nil
    ) -> CheckReport {
        let expanded = TracePaths.expandDistinct(inputs, isStore: isDatabase)
        var (files, errors) = (expanded.files, expanded.errors)
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
            units, jobs: jobs ?? defaultJobs, rules: rules, records: records, allowSkippedLines: allowSkippedLines,
            reading: reading)
        var traces: [String] = []
        var diagnostics = errors
        var findings: [Finding] = []
        var applied: [String: Set<String>] = [:]
        var notApplicable: [Inapplicability] = []
        var assumed: [AssumedRecords] = []
        var identity: [IdentityNote] = []
        for result in results {
            assumed += result.assumed
            identity += result.identity
            traces += result.traces
            diagnostics += result.diagnostics
            findings += result.findings
            applied.merge(result.applied) { $0.union($1) }
            notApplicable += result.notApplicable
        }
        let summary = merged(summaries, rules: rules)
        if rules.rules.isEmpty {
            for source in sources.isEmpty ? [RuleSource(.file, name: "<rules>", ruleCount: 0)] : sources {
                diagnostics.append(FileDiagnostic(.error, file: source.name, "no rules to check: a check against no rules cannot fail"))
            }
        }
        if summary.events == 0 {
            let missing = Set(errors.map(\.file))
            for input in inputs where !missing.contains(input) {
                diagnostics.append(
                    FileDiagnostic(
                        .error, file: input == "-" ? standardInputName ?? input : input,
                        "no events were checked: a check that looked at nothing cannot pass"))
            }
        }
        var report = CheckReport(
            rules: rules.rules, ruleSources: sources, findings: findings, summary: summary, traces: traces,
            diagnostics: diagnostics, applied: applied, notApplicable: notApplicable)
        report.copies = expanded.copies
        report.assumed = assumed
        report.identity = identity
        if timelines {
            report.timelines = Self.timelines(
                inputs, findings: findings, shape: shape, interchange: interchange, records: records, names: names,
                standardInput: standardInputCopy.map { (path: $0.path, label: standardInputName ?? "-") })
        }
        return report
    }

    /// How many inputs ``check(_:rules:sources:allowSkippedLines:records:standardInputName:timelines:jobs:)``
    /// checks at once unless told: one per core.
    package static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Checks the inputs on up to `jobs` threads, each with a checker of its own that checks one
    /// input after another; returns the results in input order and each thread's summary.
    private static func check(
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
    private static func check(
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
                    var diagnostic = FileDiagnostic(error)
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
            result.diagnostics.append(FileDiagnostic(.error, file: label, "standard input ('-') can be checked only once"))
        case .database(let file):
            let launches = checker.summary.launches
            do throws(CheckRunError) {
                let store = try checkDatabase(file, checker: checker, traces: &result.traces)
                _ = checker.finish()
                if checker.summary.launches == launches {
                    result.diagnostics.append(
                        FileDiagnostic(.error, file: file, "the database holds no traces (lifeline import adds them)"))
                }
                let taken = collector.take()
                (result.findings, result.applied, result.notApplicable, result.identity) = taken
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
        return result
    }

    /// The size from which a file is read and scanned on a second thread when a core is free: below
    /// it, starting the thread costs more than the overlap saves.
    static let readAheadSize = 1 << 20

    private static func fileSize(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }

    /// The summaries of checkers of the same rules as one: counts added.
    private static func merged(_ summaries: [CheckSummary], rules: RuleSet) -> CheckSummary {
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
    private static func check(
        _ label: String, allowSkippedLines: Bool, diagnostics: inout [FileDiagnostic],
        _ body: () throws(TraceFileError) -> TraceFileCheck
    ) {
        do throws(TraceFileError) {
            let checked = try body()
            for skipped in checked.skipped {
                let diagnostic = FileDiagnostic(file: label, skipped)
                diagnostics.append(allowSkippedLines ? diagnostic.with(severity: .warning) : diagnostic)
            }
            if checked.launches == 0 {
                diagnostics.append(FileDiagnostic(.error, file: label, TraceShape.native.noLaunches(lines: 0)))
            }
        } catch {
            // Located under the trace's name (`--stdin-name`, `--names`), as its findings are.
            var diagnostic = FileDiagnostic(error)
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
        diagnostics: inout [FileDiagnostic], assumed: inout [AssumedRecords], decode: () throws(TraceFileError) -> DecodedTrace
    ) {
        let decoded: DecodedTrace
        do throws(TraceFileError) {
            decoded = try decode()
        } catch {
            var diagnostic = FileDiagnostic(error)
            diagnostic.file = file
            diagnostics.append(diagnostic)
            return
        }
        if let fatal = decoded.fatal {
            diagnostics.append(FileDiagnostic(file: file, fatal))
            return
        }
        for problem in decoded.diagnostics {
            let diagnostic = FileDiagnostic(file: file, problem)
            diagnostics.append(allowSkippedLines && diagnostic.severity == .error ? diagnostic.with(severity: .warning) : diagnostic)
        }
        for launch in decoded.launches {
            checker.check(launch, declaring: records, shape: shape, label: file)
            if let assumption = launch.recordsAssumption(declaring: records, shape: shape) {
                assumed.append(AssumedRecords(file: file, line: launch.line, assumption: assumption))
            }
        }
        if decoded.launches.isEmpty {
            diagnostics.append(FileDiagnostic(.error, file: file, shape.noLaunches(lines: decoded.lineCount)))
        }
    }

    /// Whether the file starts with the SQLite header.
    static func isDatabase(_ path: String) -> Bool { TraceStore.isDatabase(atPath: path) }

    /// Files in the given order, except that a rotated part follows the file it continues, and
    /// each file once.
    ///
    /// A file named twice (by two paths, or by its directory and by its name) is taken at its first
    /// place only: checking it twice would report each of its findings twice, and a database's two
    /// checkers, on two threads with `--jobs`, would both replace its `violation` table. Standard
    /// input (`-`) is left as given: a second `-` is an error of its own.
    static func ordered(_ files: [String]) -> [String] {
        var seen: Set<String> = []
        let files = files.filter { $0 == "-" || seen.insert(identity(of: $0)).inserted }
        let positions = Dictionary(files.enumerated().map { (rotation(of: $1).stem, $0) }, uniquingKeysWith: min)
        return files.enumerated().sorted { lhs, rhs in
            let (l, r) = (rotation(of: lhs.element), rotation(of: rhs.element))
            let (lp, rp) = (positions[l.stem] ?? lhs.offset, positions[r.stem] ?? rhs.offset)
            return (lp, l.part, lhs.offset) < (rp, r.part, rhs.offset)
        }.map(\.element)
    }

    /// What makes two paths the same file: its device and inode when it can be examined, else its
    /// path with symbolic links, `.` and `..` resolved.
    private static func identity(of path: String) -> String {
        var info = stat()
        if stat(path, &info) == 0 { return "\(info.st_dev):\(info.st_ino)" }
        return URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// A trace file's path without its part number and extension, and its part (`app.2.ndjson`:
    /// `app`, 2; `app.ndjson`: `app`, 1).
    static func rotation(of path: String) -> (stem: String, part: Int) {
        let url = URL(fileURLWithPath: path)
        let stem = url.deletingPathExtension()
        if let part = Int(stem.pathExtension), part > 1 {
            return (stem.deletingPathExtension().path, part)
        }
        return (stem.path, 1)
    }

    /// Checks the database of an open store and replaces its `violation` table with the findings.
    ///
    /// For a caller that already holds the store, such as the REPL's `.check`: the
    /// database is read and written through `store`, not opened a second time.
    ///
    /// ```swift
    /// let report = try CheckRun.check(store, rules: CheckRun.loadRules([]))
    /// ```
    package static func check(_ store: TraceStore, rules: RuleSet) throws(CheckRunError) -> CheckReport {
        var traces: [String] = []
        let collector = CheckCollector()
        let checker = collector.checker(for: rules)
        try feed(store, to: checker, traces: &traces)
        let summary = checker.finish()
        try record(collector.findings, in: store)
        var report = CheckReport(
            rules: rules.rules, findings: collector.findings, summary: summary, traces: traces, diagnostics: [],
            applied: collector.applied, notApplicable: collector.notApplicable)
        report.identity = collector.identity
        return report
    }

    /// Opens a database and feeds its records to the checker; returns the open store for the violations.
    private static func checkDatabase(
        _ path: String, checker: RuleChecker, traces: inout [String]
    ) throws(CheckRunError)
        -> TraceStore
    {
        let store: TraceStore
        do {
            store = try TraceStore(path: path)
        } catch {
            throw CheckRunError(.database, FileDiagnostic(.error, file: path, error.message))
        }
        try feed(store, to: checker, traces: &traces)
        return store
    }

    /// Feeds a store's launches and events to the checker in trace order, noting each trace file once.
    ///
    /// Events go as rows of string ids (``TraceStore/forEachRow(launch:event:)``), each id
    /// resolved once; a record is built only for an event a rule tests the fields of.
    package static func feed(
        _ store: TraceStore, to checker: RuleChecker, traces: inout [String]
    ) throws(CheckRunError) {
        var ids = StringIDCache()
        do {
            try store.forEachRow { launch, file, line in
                if traces.last != file { traces.append(file) }
                checker.beginLaunch(launch, trace: file, file: file, line: line)
            } event: { row, reader in
                try checker.check(
                    row.event,
                    line: row.line, ids: &ids, string: reader.string, record: { try reader.record(row) })
            }
        } catch let error as StoreError {
            throw CheckRunError(.database, FileDiagnostic(.error, file: store.path, "cannot read the database: \(error.message)"))
        } catch {
            throw CheckRunError(.database, FileDiagnostic(.error, file: store.path, "cannot read the database: \(error)"))
        }
    }

    private static func record(_ findings: [Finding], in store: TraceStore) throws(CheckRunError) {
        do throws(StoreError) {
            try store.replaceViolations(findings.map(storedViolation))
        } catch {
            throw CheckRunError(.database, FileDiagnostic(.error, file: store.path, "cannot store violations: \(error.message)"))
        }
    }

    /// A finding as a `violation` row.
    package static func storedViolation(_ finding: Finding) -> StoredViolation {
        let primary = finding.primary
        let witnesses = finding.witnesses.map { witness -> [String: Any] in
            var object: [String: Any] = ["role": JSONReport.role(witness.role), "file": witness.file]
            if witness.seq >= 0 {
                object["seq"] = witness.seq
                object["event"] = witness.event
            }
            if witness.line > 0 { object["line"] = witness.line }
            return object
        }
        let data = (try? JSONSerialization.data(withJSONObject: witnesses, options: [.sortedKeys])) ?? Data("[]".utf8)
        return StoredViolation(
            rule: finding.ruleID, severity: finding.severity.rawValue, status: finding.status.rawValue,
            message: finding.message, explanation: finding.explanation, launchUUID: finding.slice.launch,
            session: finding.slice.session, scene: finding.slice.scene, file: primary?.file,
            line: primary.flatMap { $0.line > 0 ? $0.line : nil }, seq: primary.flatMap { $0.seq >= 0 ? $0.seq : nil },
            witnesses: String(decoding: data, as: UTF8.self))
    }
}
