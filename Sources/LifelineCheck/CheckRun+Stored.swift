import Foundation
import LifelineFormat
import LifelineReports
import LifelineRules
import LifelineStore

// MARK: - Findings read back from the violation table

extension CheckRun {
    /// A finding as the `violation` table stores it, read back: ``storedViolation(_:)`` the other way.
    ///
    /// The table keeps what a reader needs (rule, severity, status, message, explanation, the slice,
    /// the witnesses' roles, events, seqs and lines), not the rule's reference (taken from `rules`,
    /// the rules loaded now, when one has the same id), the witnesses' phases (asked of `phase`, which
    /// reads them from the events) and times, nor why the checker judged so: a finding read back says
    /// ``FindingReason/unanswered`` when pending and ``FindingReason/forbidden`` otherwise, and
    /// nothing that prints a finding shows the reason.
    package static func finding(
        from stored: StoredViolation, rules: RuleSet?, phase: (_ seq: Int64, _ file: String, _ line: Int) -> Phase
    ) -> Finding {
        let status = Finding.Status(rawValue: stored.status) ?? .violated
        let objects = (try? JSONSerialization.jsonObject(with: Data(stored.witnesses.utf8))) as? [[String: Any]] ?? []
        let witnesses = objects.map { object -> Witness in
            let seq = (object["seq"] as? NSNumber)?.int64Value
            let file = object["file"] as? String ?? stored.file ?? ""
            let line = (object["line"] as? NSNumber)?.intValue
            return Witness(
                role: role(object["role"] as? String), seq: seq, t: 0, event: object["event"] as? String ?? "",
                phase: seq.map { phase($0, file, line ?? 0) } ?? .instant, file: file, line: line)
        }
        let rule = rules?.rules.first { $0.id == stored.rule }
        return Finding(
            ruleID: stored.rule, severity: Severity(rawValue: stored.severity) ?? .error, status: status,
            reason: status == .pending ? .unanswered : .forbidden,
            slice: SliceKey(trace: stored.file ?? "", launch: stored.launchUUID, session: stored.session, scene: stored.scene),
            witnesses: witnesses, explanation: stored.explanation, message: stored.message, reference: rule?.reference,
            citation: rule.flatMap { rule in rule.reference.map { Citation($0, of: rule) } })
    }

    /// A witness's role as ``JSONReport/role(_:)`` writes it.
    private static func role(_ name: String?) -> Witness.Role {
        switch name {
        case "opener": .scopeOpener
        case "trigger": .trigger
        case "closer": .scopeCloser
        case "end": .endOfTrace
        default: .offending
        }
    }
}
