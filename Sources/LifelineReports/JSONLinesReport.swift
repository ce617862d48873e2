import Foundation
import LifelineFormat
import LifelineRules

/// `--format jsonl`: one compact JSON object per line, so a program can read findings as they
/// stream past and concatenate the reports of many checks: a `finding` line per violation and
/// pending finding, an `error` or `warning` line per input problem, a `notApplicable` line per rule
/// a trace's launches cannot be judged by, an `assumed` line per assumption about what a log's
/// launches record, and a closing `summary` line.
/// Every line has a `type`; the schema is in docs/rules.md ("JSON lines").
///
/// ```
/// {"events":[…],"explanation":"…","fails":true,"file":"a.ndjson","line":7,"rule":"…","seq":3,"severity":"error","type":"finding",…}
/// {"column":1,"file":"a.ndjson","line":9,"message":"expected '{' at the start of a record","type":"error"}
/// {"error":1,"events":12,…,"status":"inputError","type":"summary"}
/// ```
package enum JSONLinesReport {
    /// A finding: the `json` format's item with the offending event's `seq` and name at the top level.
    struct FindingLine: Encodable {
        var type = "finding"
        var rule: String
        var severity: String
        var status: String
        var fails: Bool
        var message: String
        var explanation: String
        var reference: String?
        var file: String?
        var line: Int?
        var seq: Int64?
        var event: String?
        var launch: String?
        var session: String?
        var scene: String?
        var events: [JSONReport.Event]

        init(_ item: JSONReport.Item, primary: Witness?) {
            rule = item.rule
            severity = item.severity
            status = item.status
            fails = item.fails
            message = item.message
            explanation = item.explanation
            reference = item.reference
            file = item.file
            line = item.line
            seq = primary?.seq
            event = primary.flatMap { $0.seq != nil && !$0.event.isEmpty ? $0.event : nil }
            launch = item.launch
            session = item.session
            scene = item.scene
            events = item.events
        }
    }

    /// An input problem; `type` is `error` or `warning` (a skipped line allowed by `--allow-skipped-lines`).
    struct ProblemLine: Encodable {
        var type: String
        var id: String?
        var file: String?
        var line: Int?
        var column: Int?
        var message: String
        var notes: [JSONReport.Note]?
    }

    /// A rule not applicable to launches of a trace (they do not record a callback it needs): the
    /// `json` format's `notApplicable` item. Never a failure.
    struct NotApplicableLine: Encodable {
        var type = "notApplicable"
        var rule: String
        var file: String
        var line: Int?
        var launch: String?
        var launches: Int
        var reason: String
        var unrecorded: [String]

        init(_ item: JSONReport.NotApplicable) {
            rule = item.rule
            file = item.file
            line = item.line
            launch = item.launch
            launches = item.launches
            reason = item.reason
            unrecorded = item.unrecorded
        }
    }

    /// Launches of a log taken to record callbacks they do not show: the `json` format's `assumed` item.
    struct AssumedLine: Encodable {
        var type = "assumed"
        var file: String
        var line: Int?
        var launches: Int
        var shows: [String]
        var records: [String]
        var reason: String

        init(_ item: JSONReport.Assumed) {
            file = item.file
            line = item.line
            launches = item.launches
            shows = item.shows
            records = item.records
            reason = item.reason
        }
    }

    /// A trace's launches whose scene callbacks name no scene: the `json` format's `identity` item.
    struct IdentityLine: Encodable {
        var type = "identity"
        var item: JSONReport.Identity

        enum CodingKeys: String, CodingKey { case type, file, line, launches, perSession, unnamed, note, ambiguous }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(type, forKey: .type)
            try container.encode(item.file, forKey: .file)
            try container.encodeIfPresent(item.line, forKey: .line)
            try container.encode(item.launches, forKey: .launches)
            try container.encode(item.perSession, forKey: .perSession)
            try container.encode(item.unnamed, forKey: .unnamed)
            try container.encode(item.note, forKey: .note)
            try container.encode(item.ambiguous, forKey: .ambiguous)
        }
    }

    /// A launch the check judged: the `json` format's `launches` item with its `type`.
    struct LaunchLine: Encodable {
        var item: JSONReport.Launch

        enum CodingKeys: String, CodingKey { case type }

        func encode(to encoder: any Encoder) throws {
            // Both go into the one object: JSONEncoder merges a second container of the same encoder.
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("launch", forKey: .type)
            try item.encode(to: encoder)
        }
    }

    /// The last line: the `json` format's summary with the rule sources.
    struct SummaryLine: Encodable {
        var type = "summary"
        var error: Int
        var warning: Int
        var info: Int
        var pending: Int
        var notApplicable: Int
        var traces: Int
        var launches: Int
        var events: Int
        var rules: Int
        var ruleSources: [JSONReport.Source]
        var status: String
        var exitStatus: Int32
    }

    /// The whole report; `streamed` leaves out the input problems and violations, which
    /// `lifeline watch` printed as they came (``LiveReport``).
    static func render(_ report: CheckReport, gate: CheckGate, streamed: Bool = false) -> String {
        var lines: [String] = []
        func append(_ value: some Encodable) { lines.append(encode(value)) }
        if !streamed {
            for problem in report.errors + report.warnings { lines.append(line(problem)) }
        }
        for finding in streamed ? report.pending : report.violations + report.pending {
            lines.append(line(finding, gate: gate))
        }
        for group in report.notApplicableGroups {
            append(NotApplicableLine(JSONReport.notApplicable(group)))
        }
        for group in report.assumedGroups { append(AssumedLine(JSONReport.assumed(group))) }
        for group in report.identityGroups { append(IdentityLine(item: JSONReport.identity(group))) }
        for launch in report.launches { append(LaunchLine(item: JSONReport.Launch(launch))) }
        let status = report.status(gate)
        append(
            SummaryLine(
                error: report.count(.error), warning: report.count(.warning), info: report.count(.info),
                pending: report.pending.count, notApplicable: Set(report.notApplicable.map(\.ruleID)).count,
                traces: report.traces.count, launches: report.summary.launches,
                events: report.summary.events, rules: report.rules.count,
                ruleSources: report.ruleSources.map { JSONReport.Source(kind: $0.kind.rawValue, name: $0.name, rules: $0.ruleCount) },
                status: JSONReport.status(status), exitStatus: status.exitCode))
        return lines.joined(separator: "\n") + "\n"
    }

    /// A finding's line (without its newline).
    static func line(_ finding: Finding, gate: CheckGate) -> String {
        encode(FindingLine(JSONReport.item(finding, gate: gate), primary: finding.primary))
    }

    /// An input problem's line (without its newline): `error`, or `warning` for one the user allowed.
    static func line(_ problem: Diagnostic) -> String {
        encode(
            ProblemLine(
                type: problem.severity == .error ? "error" : "warning", id: problem.id?.rawValue, file: problem.file, line: problem.line,
                column: problem.column, message: problem.message,
                notes: problem.notes.isEmpty ? nil : problem.notes.map(JSONReport.Note.init)))
    }

    /// One compact JSON object; the encoder escapes control characters in strings, so a value never breaks its line.
    private static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
