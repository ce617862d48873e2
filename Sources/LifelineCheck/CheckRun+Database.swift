import Foundation
@_spi(Performance) import LifelineFormat
import LifelineReports
@_spi(Performance) import LifelineRules
@_spi(Performance) import LifelineStore

// MARK: - Databases: checking one and recording its findings

extension CheckRun {
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
        report.launches = CheckedLaunch.settlingEndings(collector.take().launches)
        return report
    }

    /// Opens a database and feeds its records to the checker; returns the open store for the violations.
    static func checkDatabase(
        _ path: String, checker: RuleChecker, traces: inout [String]
    ) throws(CheckRunError)
        -> TraceStore
    {
        let store: TraceStore
        do {
            store = try TraceStore(path: path)
        } catch {
            throw CheckRunError(.database, diagnostics: error.diagnostics)
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
            throw CheckRunError(
                .database,
                Diagnostic(.error, file: store.path, "cannot read the database: \(error.message)", id: error.diagnostics.first?.id))
        } catch let error as any DiagnosticError {
            // A row that cannot be read back (`StoreReadError`): located at its trace's line, said as it is.
            throw CheckRunError(.database, diagnostics: error.diagnostics)
        } catch {
            throw CheckRunError(.database, Diagnostic(.error, file: store.path, "cannot read the database: \(error)"))
        }
    }

    static func record(_ findings: [Finding], in store: TraceStore) throws(CheckRunError) {
        do throws(StoreError) {
            try store.replaceViolations(findings.map(storedViolation))
        } catch {
            throw CheckRunError(
                .database,
                Diagnostic(.error, file: store.path, "cannot store violations: \(error.message)", id: error.diagnostics.first?.id))
        }
    }

    /// A finding as a `violation` row.
    package static func storedViolation(_ finding: Finding) -> StoredViolation {
        let primary = finding.primary
        let witnesses = finding.witnesses.map { witness -> [String: Any] in
            var object: [String: Any] = ["role": JSONReport.role(witness.role), "file": witness.file]
            if let seq = witness.seq {
                object["seq"] = seq
                object["event"] = witness.event
            }
            if let line = witness.line { object["line"] = line }
            return object
        }
        let data = (try? JSONSerialization.data(withJSONObject: witnesses, options: [.sortedKeys])) ?? Data("[]".utf8)
        return StoredViolation(
            rule: finding.ruleID, severity: finding.severity.rawValue, status: finding.status.rawValue,
            message: finding.message, explanation: finding.explanation, launchUUID: finding.slice.launch,
            session: finding.slice.session, scene: finding.slice.scene, file: primary?.file,
            line: primary?.line, seq: primary?.seq,
            witnesses: String(decoding: data, as: UTF8.self))
    }
}
