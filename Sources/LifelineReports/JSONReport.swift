import Foundation
import LifelineFormat
import LifelineRules

/// `--format json`: one object with `violations`, `pending`, the input `errors` and (allowed)
/// `warnings`, the `ruleSources` and a `summary` whose `status` and `exitStatus` match the exit status.
/// Each finding's `fails` says whether it fails the check (`--fail-on`, `--pending`).
package enum JSONReport {
    struct Document: Encodable {
        var violations: [Item]
        var pending: [Item]
        var errors: [Problem]
        var warnings: [Problem]
        var notApplicable: [NotApplicable]
        var assumed: [Assumed]
        var identity: [Identity]
        var launches: [Launch]
        var ruleSources: [Source]
        var summary: Summary
    }

    /// An input problem: `line` and `column` are absent when it is about the file as a whole.
    struct Problem: Encodable {
        /// The kind of problem (``Diagnostic/ID``), when it has a stable name: `trace.syntax`.
        var id: String?
        var file: String?
        var line: Int?
        var column: Int?
        var message: String
        /// More about it, often at another place (where a duplicate rule id was first defined).
        var notes: [Note]?
    }

    struct Note: Encodable {
        var file: String?
        var line: Int?
        var column: Int?
        var message: String

        init(_ note: Diagnostic.Note) {
            (file, line, column, message) = (note.file, note.line, note.column, note.message)
        }
    }

    /// A launch the check judged: its key as findings name it (`launch`), where its record is and
    /// what the record says (the trace format's launch fields, absent when the record does not say),
    /// and its events. Also a `jsonl` line of type `launch`.
    struct Launch: Encodable {
        var launch: String
        var trace: String
        var file: String
        var line: Int?
        var app: String?
        var appVersion: String?
        var platform: String?
        var os: String?
        var device: String?
        var lifecycle: String?
        var started: String?
        var pid: Int64?
        var events: Int
        var processStart: Int64?
        var moduleLoad: Int64?
        var prewarm: Bool?
        var taskRole: String?
        /// The launch's anatomy (docs/launches.md).
        var kind: String?
        var reason: String?
        var evidence: [String]?
        var phases: [PhaseTime]?
        var timeToActive: Int64?
        var timeToFirstFrame: Int64?
        var timeToFullyDisplayed: Int64?
        var slowestPhase: String?
        var slowReason: String?
        var ending: String?
        var endingReason: String?
        /// Each time a scene (or the app) came back from the background, in order.
        var resumes: [ResumeTime]?
        /// Resumes past the kept ones (a trace of days of use), counted only.
        var resumesOmitted: Int?

        /// A resume from the background: nanoseconds on the launch's event clock; `scene` absent for the app.
        struct ResumeTime: Encodable {
            var scene: String?
            var background: Int64
            var foreground: Int64
            var active: Int64?
            var inBackground: Int64
            var toActive: Int64?
            var reconnected: Bool
        }

        /// A phase of the launch: nanoseconds on the launch's event clock.
        struct PhaseTime: Encodable {
            var name: String
            var start: Int64
            var end: Int64
            var duration: Int64
        }

        init(_ launch: CheckedLaunch) {
            self.launch = launch.key
            trace = launch.trace
            file = launch.file
            line = launch.line
            let record = launch.record
            (app, appVersion, platform, os, device) = (record.app, record.appVersion, record.platform, record.os, record.device)
            lifecycle = record.lifecycle?.rawValue
            started = record.started
            pid = record.pid
            events = launch.events
            processStart = record.processStart
            moduleLoad = record.moduleLoad
            prewarm = record.prewarm
            taskRole = record.taskRole
            if let anatomy = launch.anatomy {
                kind = anatomy.kind.rawValue
                reason = anatomy.reason
                evidence = anatomy.evidence
                phases = anatomy.phases.map { PhaseTime(name: $0.name, start: $0.start, end: $0.end, duration: $0.duration) }
                timeToActive = anatomy.timeToActive
                timeToFirstFrame = anatomy.timeToFirstFrame
                timeToFullyDisplayed = anatomy.timeToFullyDisplayed
                slowestPhase = anatomy.slowestPhase?.name
                slowReason = anatomy.slowReason
                ending = anatomy.ending.rawValue
                endingReason = anatomy.endingReason
                resumes = anatomy.resumes.map {
                    ResumeTime(
                        scene: $0.scene, background: $0.background, foreground: $0.foreground, active: $0.active,
                        inBackground: $0.inBackground, toActive: $0.toActive, reconnected: $0.reconnected)
                }
                resumesOmitted = anatomy.resumesOmitted > 0 ? anatomy.resumesOmitted : nil
            }
        }
    }

    /// A rule not judged on some launches of a trace: where the first one starts, why, how many.
    struct NotApplicable: Encodable {
        var rule: String
        var file: String
        var line: Int?
        var launch: String?
        var launches: Int
        var reason: String
        var unrecorded: [String]
    }

    /// Launches of a log taken to record callbacks they do not show: where the first one starts, what it
    /// shows of the delegates, what was taken as recorded, why, how many launches.
    struct Assumed: Encodable {
        var file: String
        var line: Int?
        var launches: Int
        var shows: [String]
        var records: [String]
        var reason: String
    }

    /// A trace's launches whose scene callbacks name no scene: where the first one starts, how many
    /// launches, how many callbacks name only their session and how many name neither, how per-scene
    /// rules judged them, and the lines where that is ambiguous.
    struct Identity: Encodable {
        var file: String
        var line: Int?
        var launches: Int
        var perSession: Int
        var unnamed: Int
        var note: String
        var ambiguous: [Ambiguity]
    }

    struct Ambiguity: Encodable {
        var line: Int
        var message: String
    }

    struct Source: Encodable {
        var kind: String
        var name: String
        var rules: Int
    }

    struct Item: Encodable {
        var rule: String
        var severity: String
        var status: String
        var fails: Bool
        var message: String
        var explanation: String
        var reference: String?
        var file: String?
        var line: Int?
        var launch: String?
        var session: String?
        var scene: String?
        var events: [Event]
    }

    struct Event: Encodable {
        var role: String
        var event: String?
        var seq: Int64?
        var file: String
        var line: Int?
    }

    struct Summary: Encodable {
        var error: Int
        var warning: Int
        var info: Int
        var pending: Int
        var notApplicable: Int
        var traces: Int
        var launches: Int
        var events: Int
        var rules: Int
        var status: String
        var exitStatus: Int32
    }

    static func item(_ finding: Finding, gate: CheckGate) -> Item {
        let primary = finding.primary
        return Item(
            rule: finding.ruleID, severity: finding.severity.rawValue, status: finding.status.rawValue,
            fails: gate.fails(finding), message: finding.message, explanation: finding.explanation, reference: finding.reference,
            file: primary.map(\.file), line: primary?.line, launch: finding.slice.launch,
            session: finding.slice.session, scene: finding.slice.scene,
            events: finding.witnesses.map { witness in
                Event(
                    role: JSONReport.role(witness.role), event: witness.seq == nil && witness.event.isEmpty ? nil : witness.event,
                    seq: witness.seq, file: witness.file, line: witness.line)
            })
    }

    /// Short role names for machines: `opener`, `trigger`, `offending`, `closer`, `end`.
    package static func role(_ role: Witness.Role) -> String {
        switch role {
        case .scopeOpener: return "opener"
        case .trigger: return "trigger"
        case .offending: return "offending"
        case .scopeCloser: return "closer"
        case .endOfTrace: return "end"
        }
    }

    static func problem(_ diagnostic: Diagnostic) -> Problem {
        Problem(
            id: diagnostic.id?.rawValue, file: diagnostic.file, line: diagnostic.line, column: diagnostic.column,
            message: diagnostic.message, notes: diagnostic.notes.isEmpty ? nil : diagnostic.notes.map(Note.init))
    }

    static func status(_ status: CheckStatus) -> String {
        switch status {
        case .passed: return "passed"
        case .failed: return "failed"
        case .inputError: return "inputError"
        }
    }

    /// A rule not applicable to launches of a trace, grouped by reason (also a `jsonl` line).
    static func notApplicable(_ group: NotApplicableGroup) -> NotApplicable {
        NotApplicable(
            rule: group.ruleID, file: group.first.file, line: group.first.line,
            launch: group.first.slice.launch, launches: group.launches, reason: group.reason,
            unrecorded: group.first.unrecorded.map(\.name))
    }

    static func assumed(_ entry: AssumedRecords) -> Assumed {
        Assumed(
            file: entry.file, line: entry.line > 0 ? entry.line : nil, launches: entry.launches,
            shows: entry.assumption.inferences.flatMap(\.shown).map(\.name), records: entry.assumption.assumed.map(\.name),
            reason: entry.assumption.description)
    }

    static func identity(_ group: SceneIdentityGroup) -> Identity {
        Identity(
            file: group.file, line: group.line > 0 ? group.line : nil, launches: group.launches, perSession: group.tally.perSession,
            unnamed: group.tally.unnamed, note: group.tally.summary,
            ambiguous: group.warnings.map { Ambiguity(line: $0.line, message: $0.message) })
    }

    static func render(_ report: CheckReport, gate: CheckGate) -> String {
        let status = report.status(gate)
        let document = Document(
            violations: report.violations.map { item($0, gate: gate) }, pending: report.pending.map { item($0, gate: gate) },
            errors: report.errors.map(problem), warnings: report.warnings.map(problem),
            notApplicable: report.notApplicableGroups.map(notApplicable), assumed: report.assumedGroups.map(assumed),
            identity: report.identityGroups.map(identity), launches: report.launches.map(Launch.init),
            ruleSources: report.ruleSources.map { Source(kind: $0.kind.rawValue, name: $0.name, rules: $0.ruleCount) },
            summary: Summary(
                error: report.count(.error), warning: report.count(.warning), info: report.count(.info),
                pending: report.pending.count, notApplicable: Set(report.notApplicable.map(\.ruleID)).count, traces: report.traces.count,
                launches: report.summary.launches,
                events: report.summary.events, rules: report.rules.count, status: Self.status(status),
                exitStatus: status.exitCode))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
