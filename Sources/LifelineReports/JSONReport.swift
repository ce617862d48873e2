import Foundation
import LifelineRules

/// `--format json`: one object with `violations`, `pending` and `summary`.
enum JSONReport {
    struct Document: Encodable {
        var violations: [Item]
        var pending: [Item]
        var summary: Summary
    }

    struct Item: Encodable {
        var rule: String
        var severity: String
        var status: String
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
        var traces: Int
        var launches: Int
        var events: Int
        var rules: Int
    }

    static func item(_ finding: Finding) -> Item {
        let primary = finding.primary
        return Item(
            rule: finding.ruleID, severity: finding.severity.rawValue, status: finding.status.rawValue,
            message: finding.message, explanation: finding.explanation, reference: finding.reference,
            file: primary.map(\.file), line: primary.flatMap { $0.line > 0 ? $0.line : nil }, launch: finding.slice.launch,
            session: finding.slice.session, scene: finding.slice.scene,
            events: finding.witnesses.map { witness in
                Event(
                    role: JSONReport.role(witness.role), event: witness.seq < 0 && witness.event.isEmpty ? nil : witness.event,
                    seq: witness.seq < 0 ? nil : witness.seq, file: witness.file, line: witness.line > 0 ? witness.line : nil)
            })
    }

    /// Short role names for machines: `opener`, `trigger`, `offending`, `closer`, `end`.
    static func role(_ role: Witness.Role) -> String {
        switch role {
        case .scopeOpener: return "opener"
        case .trigger: return "trigger"
        case .offending: return "offending"
        case .scopeCloser: return "closer"
        case .endOfTrace: return "end"
        }
    }

    static func render(_ report: CheckReport) -> String {
        let document = Document(
            violations: report.violations.map(item), pending: report.pending.map(item),
            summary: Summary(
                error: report.count(.error), warning: report.count(.warning), info: report.count(.info),
                pending: report.pending.count, traces: report.traces.count, launches: report.summary.launches,
                events: report.summary.events, rules: report.rules.count))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
