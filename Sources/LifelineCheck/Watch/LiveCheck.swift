import LifelineFormat
import LifelineReports
import LifelineRules

/// The check `lifeline watch` runs: lines go in as they are read, each finding comes out the
/// moment the checker proves it, and ``finish()`` returns the report `check` gives for the same
/// complete input (docs/rules.md#live).
///
/// ```swift
/// let live = LiveCheck(rules: loaded.rules, label: "app.ndjson", onFinding: { print($0.explained) }, onDiagnostic: { print($0) })
/// live.line(bytes, number: 1)   // each complete line, as it arrives
/// let report = live.finish()    // pending findings, not applicable rules, the summary
/// ```
///
/// Lines are checked as `check` checks a file: a line that is not a valid record is an input
/// error (a warning with `allowSkippedLines`) and the check goes on with the next line; an event
/// before any launch record is skipped likewise; an unterminated last line that does not parse
/// is reported as incomplete.
package final class LiveCheck {
    private let rules: RuleSet
    private let sources: [RuleSource]
    private let label: String
    private let allowSkippedLines: Bool
    private let collector = CheckCollector()
    private let checker: RuleChecker
    private let onDiagnostic: (Diagnostic) -> Void
    private var diagnostics: [Diagnostic] = []
    private var scanner = TraceLineScanner()
    /// The file lines come from now (a rotated part, or the file itself).
    private var file: String
    private var fileHasLaunch = false
    private var launchRecords = 0
    /// The input's shape: `--from`, else decided by its first line.
    private var shape: TraceShape?
    private let interchange: InterchangeOptions
    private let declared: CallbackSet?
    /// The check of a log (console text, a unified log), once the shape says it is one.
    private var log: LiveLogCheck?
    private let relay: FindingRelay
    private let onFinding: (Finding) -> Void

    /// Passes the report checker's findings on to whoever prints them (the log check, or straight out).
    private final class FindingRelay {
        var target: (Finding) -> Void = { _ in }
    }

    /// A live check of one trace named `label` (the watched path, or `-`'s name). `records` are the
    /// callbacks recorded by launches whose record does not say (`--records`). `shape` is the
    /// input's (`--from`; nil: decided by its first line that is not blank): a Lifeline trace, or
    /// a log read with `interchange` (console text, `log stream --style ndjson`).
    ///
    /// `onFinding` gets every finding when it is proven — violations as they come, pending ones in
    /// ``finish()``; `onDiagnostic` every input problem as it is found.
    package init(
        rules: RuleSet, sources: [RuleSource] = [], label: String, allowSkippedLines: Bool = false, records: CallbackSet? = nil,
        shape: TraceShape? = nil, interchange: InterchangeOptions = InterchangeOptions(),
        onFinding: @escaping (Finding) -> Void, onDiagnostic: @escaping (Diagnostic) -> Void
    ) {
        self.rules = rules
        self.sources = sources
        self.label = label
        self.file = label
        self.allowSkippedLines = allowSkippedLines
        self.onDiagnostic = onDiagnostic
        self.onFinding = onFinding
        self.shape = shape
        self.interchange = interchange
        self.declared = records
        let relay = FindingRelay()
        relay.target = onFinding
        self.relay = relay
        checker = collector.checker(for: rules, records: records, onFinding: { relay.target($0) })
        if let shape { begin(shape) }
    }

    /// Sets up the check of an input of `shape`.
    private func begin(_ shape: TraceShape) {
        self.shape = shape
        guard shape == .text || shape == .oslog else { return }
        let log = LiveLogCheck(
            shape: shape, options: interchange, label: label, rules: rules, declared: declared, checker: checker, print: onFinding)
        relay.target = { [onFinding] finding in
            if finding.status == .violated { log.proven(finding) } else { onFinding(finding) }
        }
        self.log = log
    }

    /// Decides the shape from the first line that is not blank; false when it cannot be watched.
    private func decide(_ bytes: ArraySlice<UInt8>, number: Int) -> Bool {
        let trimmed = bytes.drop { $0 == 0x20 || $0 == 0x09 }
        if trimmed.starts(with: Array("Filtering the log data".utf8)) {
            begin(.oslog)
            return true
        }
        let detected = TraceShape.detect(Array(bytes) + [0x0A])
        if trimmed.first == UInt8(ascii: "[") || detected == .chrome {
            self.shape = .chrome
            fail(
                Diagnostic(
                    .error, file: label, line: number, column: 1,
                    "this is one JSON document (Chrome trace JSON, or log show --style json), which is read whole: "
                        + "watch reads Lifeline traces, console text and unified logs line by line (log stream --style ndjson); "
                        + "check it with lifeline import and lifeline check"))
            return false
        }
        begin(detected)
        return true
    }

    /// Lines now come from the start of `file`: the watched file again (truncated or replaced) or
    /// the recorder's next part. As in a new file for `check`, events need a launch record first.
    package func beginFile(_ file: String) {
        self.file = file
        fileHasLaunch = false
    }

    /// Checks one line (without its newline). `terminated` is false for a last line the input
    /// ended without a newline.
    package func line(_ bytes: ArraySlice<UInt8>, number: Int, terminated: Bool = true) {
        if shape == nil {
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
            guard decide(bytes, number: number) else { return }
        }
        if let log {
            for diagnostic in log.line(bytes, number: number) { skipped(diagnostic) }
            return
        }
        guard shape == .native else { return }
        bytes.withUnsafeBytes { raw in
            if TraceLineScanner.isBlank(raw) { return }
            do throws(TraceFormatError) {
                let scanned = try scanner.scan(raw, lineNumber: number)
                switch TraceRecord(scanned, line: raw, scanner: scanner) {
                case .launch(let launch):
                    checker.beginLaunch(launch, trace: label, file: file, line: number)
                    fileHasLaunch = true
                    launchRecords += 1
                case .event(let event):
                    guard fileHasLaunch else {
                        skipped(Diagnostic(.error, line: number, column: 1, "event before any launch record"))
                        return
                    }
                    checker.check(event, line: number)
                }
            } catch {
                if terminated {
                    skipped(error.diagnostic)
                } else {
                    skipped(
                        Diagnostic(
                            .error, line: number, column: bytes.count + 1,
                            "last line is not terminated and is incomplete (the producer stopped mid-write or is still writing)"))
                }
            }
        }
    }

    /// A problem the reader met (the input cannot be read): reported, and the check ends with status 2.
    package func fail(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        onDiagnostic(diagnostic)
    }

    private func skipped(_ diagnostic: Diagnostic) {
        let located = diagnostic.in(file: file)
        let reported = allowSkippedLines ? located.with(severity: .warning) : located
        diagnostics.append(reported)
        onDiagnostic(reported)
    }

    /// Ends the input: resolves open obligations and returns the report, as `check` would give it.
    package func finish() -> CheckReport {
        if let log {
            for diagnostic in log.finish() { skipped(diagnostic) }
            launchRecords = log.launches
        }
        let summary = checker.finish()
        var closing: [Diagnostic] = []
        if launchRecords == 0, log == nil, shape != .chrome {
            closing.append(
                Diagnostic(
                    .error, file: label,
                    "no launch record: not a Lifeline trace (each launch starts with {\"lifeline\":1,\"type\":\"launch\",…})"))
        }
        if rules.rules.isEmpty {
            for source in sources.isEmpty ? [RuleSource(.file, name: "<rules>", ruleCount: 0)] : sources {
                closing.append(Diagnostic(.error, file: source.name, "no rules to check: a check against no rules cannot fail"))
            }
        }
        if summary.events == 0 {
            closing.append(Diagnostic(.error, file: label, "no events were checked: a check that looked at nothing cannot pass"))
        }
        for diagnostic in closing { fail(diagnostic) }
        var report = CheckReport(
            rules: rules.rules, ruleSources: sources, findings: collector.findings, summary: summary, traces: [label],
            diagnostics: diagnostics, applied: collector.applied, notApplicable: collector.notApplicable)
        report.assumed = log?.assumed ?? []
        report.identity = collector.identity
        report.launches = collector.take().launches
        return report
    }
}
