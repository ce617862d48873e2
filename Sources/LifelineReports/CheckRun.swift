import Foundation
import LifelineFormat
import LifelineRules
import LifelineStore

/// Runs a rule check over trace files, directories and databases: what `lifeline check` and the REPL's `.check` do.
///
/// ```swift
/// let rules = try CheckRun.loadRules([])            // both catalogs + ./rules/*.rules
/// let report = try CheckRun.check(["traces/"], rules: rules)
/// print(ReportFormat.text.render(report))
/// ```
public enum CheckRun {
    /// Loads rules from catalog names (`uikit-scene`, `uikit-app`) and `.rules` files or directories.
    ///
    /// With no specs: both built-in catalogs (each rule applies to launches of its
    /// life cycle) and every `*.rules` file in `rulesDirectory` if it exists.
    public static func loadRules(_ specs: [String], rulesDirectory: String = "rules") throws(CheckRunError) -> RuleSet {
        var rules = RuleSet()
        var files: [String] = []
        if specs.isEmpty {
            rules = BuiltinCatalog.all
            files = rulesFiles(in: rulesDirectory)
        }
        for spec in specs {
            if let catalog = BuiltinCatalog(rawValue: spec) {
                try merge(catalog.rules, into: &rules)
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: spec, isDirectory: &isDirectory) else {
                let names = BuiltinCatalog.allCases.map(\.rawValue).joined(separator: ", ")
                throw CheckRunError("\(spec): error: no such rules file or catalog (catalogs: \(names))")
            }
            files += isDirectory.boolValue ? rulesFiles(in: spec) : [spec]
        }
        for file in files {
            do throws(RuleSetError) {
                try rules.merge(RuleSet(contentsOf: file))
            } catch {
                throw CheckRunError(error.description)
            }
        }
        return rules
    }

    private static func merge(_ other: RuleSet, into rules: inout RuleSet) throws(CheckRunError) {
        do throws(RuleSetError) {
            try rules.merge(other)
        } catch {
            throw CheckRunError(error.description)
        }
    }

    private static func rulesFiles(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".rules") }.sorted().map { (directory as NSString).appendingPathComponent($0) }
    }

    /// Checks every input and returns the report. Databases also get their `violation` table replaced.
    ///
    /// Inputs are trace files, directories of them (`*.ndjson`, `*.jsonl`, recursively) and
    /// Lifeline databases (recognised by their SQLite header). Rotated parts (`app.2.ndjson`)
    /// are checked right after the file they continue.
    public static func check(_ inputs: [String], rules: RuleSet) throws(CheckRunError) -> CheckReport {
        var traces: [String] = []
        var diagnostics: [String] = []
        let collector = CheckCollector()
        let checker = collector.checker(for: rules)
        let (files, errors) = TraceImporter.expand(inputs)
        if let error = errors.first { throw CheckRunError(error) }
        for file in ordered(files) {
            if file == "-" { throw CheckRunError("-: error: lifeline check reads files and databases, not standard input") }
            if isDatabase(file) {
                let start = collector.findings.count
                let store = try checkDatabase(file, checker: checker, traces: &traces)
                _ = checker.finish()
                try record(Array(collector.findings[start...]), in: store)
                continue
            }
            traces.append(file)
            do throws(TraceFileError) {
                let problems = try checker.check(file: file)
                diagnostics += problems.map { $0.rendered(file: file) }
            } catch {
                throw CheckRunError("\(file): error: \(error)")
            }
        }
        let summary = checker.finish()
        return CheckReport(
            rules: rules.rules, findings: collector.findings, summary: summary, traces: traces, diagnostics: diagnostics,
            applied: collector.applied)
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
    public static func check(_ store: TraceStore, rules: RuleSet) throws(CheckRunError) -> CheckReport {
        var traces: [String] = []
        let collector = CheckCollector()
        let checker = collector.checker(for: rules)
        try feed(store, to: checker, traces: &traces)
        let summary = checker.finish()
        try record(collector.findings, in: store)
        return CheckReport(
            rules: rules.rules, findings: collector.findings, summary: summary, traces: traces, diagnostics: [],
            applied: collector.applied)
    }

    /// Opens a database and feeds its records to the checker; returns the open store for the violations.
    private static func checkDatabase(_ path: String, checker: RuleChecker, traces: inout [String]) throws(CheckRunError)
        -> TraceStore
    {
        let store: TraceStore
        do {
            store = try TraceStore(path: path)
        } catch {
            throw CheckRunError(error.description)
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
        } catch {
            throw CheckRunError("\(store.path): error: \(error)")
        }
    }

    private static func record(_ findings: [Finding], in store: TraceStore) throws(CheckRunError) {
        do throws(StoreError) {
            try store.replaceViolations(findings.map(storedViolation))
        } catch {
            throw CheckRunError("\(store.path): error: cannot store violations: \(error)")
        }
    }

    /// A finding as a `violation` row.
    public static func storedViolation(_ finding: Finding) -> StoredViolation {
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
