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
    /// are checked right after the file they continue.
    ///
    /// Nothing about the input is thrown or printed: every problem is a diagnostic in the report,
    /// an error (the report's status is then ``CheckStatus/inputError``) unless the user allowed
    /// it. Errors: a path that does not exist, a directory without traces, a file that cannot be
    /// read, a database that is not Lifeline's or holds no traces, a trace without a launch record,
    /// a skipped line (a warning with `allowSkippedLines`), a check that saw no events at all, and
    /// one against no rules.
    ///
    /// With `timelines`, the report also holds every launch's events for the HTML report
    /// (``CheckReport/timelines``), read in a second pass over the inputs. `records` declares the
    /// callbacks recorded by launches whose record does not list them (`--records`); `nil`: such
    /// launches record every callback.
    ///
    /// `-` is one trace read from standard input, named `standardInputName` (default `-`) in
    /// findings and diagnostics, so a tool that pipes a trace in gets findings naming the original
    /// file; a second `-` is an error, standard input having been read. `names` does the same for
    /// trace files: a file (as given or found in a directory) that is a key is named by its value,
    /// so a tool that checks local copies of files stored elsewhere (the Spark integration) gets
    /// the findings, launch keys and diagnostics of the originals.
    package static func check(
        _ inputs: [String], rules: RuleSet, sources: [RuleSource] = [], allowSkippedLines: Bool = false,
        records: CallbackSet? = nil, standardInputName: String? = nil, names: [String: String] = [:],
        timelines: Bool = false
    ) -> CheckReport {
        var traces: [String] = []
        var diagnostics: [FileDiagnostic] = []
        let collector = CheckCollector()
        let checker = collector.checker(for: rules, records: records)
        let (files, errors) = TracePaths.expand(inputs)
        diagnostics += errors
        var readStandardInput = false
        for file in ordered(files) {
            if file == "-" {
                let label = standardInputName ?? "-"
                if readStandardInput {
                    diagnostics.append(FileDiagnostic(.error, file: label, "standard input ('-') can be checked only once"))
                    continue
                }
                readStandardInput = true
                traces.append(label)
                check(label, allowSkippedLines: allowSkippedLines, diagnostics: &diagnostics) { () throws(TraceFileError) in
                    try checker.check(descriptor: STDIN_FILENO, label: label)
                }
                continue
            }
            if isDatabase(file) {
                let start = collector.findings.count
                let launches = checker.summary.launches
                do throws(CheckRunError) {
                    let store = try checkDatabase(file, checker: checker, traces: &traces)
                    _ = checker.finish()
                    if checker.summary.launches == launches {
                        diagnostics.append(FileDiagnostic(.error, file: file, "the database holds no traces (lifeline import adds them)"))
                    }
                    try record(Array(collector.findings[start...]), in: store)
                } catch {
                    diagnostics += error.diagnostics
                }
                continue
            }
            let label = names[file] ?? file
            traces.append(label)
            check(label, allowSkippedLines: allowSkippedLines, diagnostics: &diagnostics) { () throws(TraceFileError) in
                try checker.check(file: file, label: label)
            }
        }
        let summary = checker.finish()
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
                        .error, file: input == "-" ? standardInputName ?? input : names[input] ?? input,
                        "no events were checked: a check that looked at nothing cannot pass"))
            }
        }
        var report = CheckReport(
            rules: rules.rules, ruleSources: sources, findings: collector.findings, summary: summary, traces: traces,
            diagnostics: diagnostics, applied: collector.applied, notApplicable: collector.notApplicable)
        if timelines { report.timelines = Self.timelines(inputs, findings: collector.findings) }
        return report
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
                diagnostics.append(
                    FileDiagnostic(
                        .error, file: label,
                        "no launch record: not a Lifeline trace (each launch starts with {\"lifeline\":1,\"type\":\"launch\",…})"))
            }
        } catch {
            // Located under the trace's name (`--stdin-name`, `--names`), as its findings are.
            var diagnostic = FileDiagnostic(error)
            diagnostic.file = label
            diagnostics.append(diagnostic)
        }
    }

    /// Whether the file starts with the SQLite header.
    static func isDatabase(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return header == Data("SQLite format 3\u{0}".utf8)
    }

    /// Files in the given order, except that a rotated part follows the file it continues.
    static func ordered(_ files: [String]) -> [String] {
        func key(_ path: String) -> (String, Int) {
            let url = URL(fileURLWithPath: path)
            let stem = url.deletingPathExtension()
            if let part = Int(stem.pathExtension), part > 1 {
                return (stem.deletingPathExtension().path, part)
            }
            return (stem.path, 1)
        }
        let positions = Dictionary(files.enumerated().map { (key($1).0, $0) }, uniquingKeysWith: min)
        return files.enumerated().sorted { lhs, rhs in
            let (l, r) = (key(lhs.element), key(rhs.element))
            let (lp, rp) = (positions[l.0] ?? lhs.offset, positions[r.0] ?? rhs.offset)
            return (lp, l.1, lhs.offset) < (rp, r.1, rhs.offset)
        }.map(\.element)
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
        return CheckReport(
            rules: rules.rules, findings: collector.findings, summary: summary, traces: traces, diagnostics: [],
            applied: collector.applied, notApplicable: collector.notApplicable)
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
    private static func feed(_ store: TraceStore, to checker: RuleChecker, traces: inout [String]) throws(CheckRunError) {
        do {
            try store.forEachRecord { record in
                switch record {
                case .launch(let launch, let file, let line):
                    if traces.last != file { traces.append(file) }
                    checker.beginLaunch(launch, trace: file, file: file, line: line)
                case .event(let event, let line):
                    checker.check(event, line: line)
                }
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
