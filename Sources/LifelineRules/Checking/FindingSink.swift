import Foundation
import LifelineFormat

/// Turns raw findings into named, located ``Finding``s and delivers them.
final class FindingSink {
    var names: SymbolTable
    var sources: [String] = []
    private let onFinding: (Finding) -> Void
    private let onInstance: (InstanceResult) -> Void
    private let onNotApplicable: (Inapplicability) -> Void
    private(set) var tally: [String: RuleTally] = [:]
    /// Per rule (by index), what the current launch's trace may not show that the rule names, for a
    /// finding it does not prove: `'willConnectTo' is not recorded`.
    var unseen: [Int: String] = [:]
    /// In the current launch, the first place where a scene connected while the launch's unnamed
    /// scene was connected (``IdentityNote``): from there its callbacks may be two scenes'.
    var ambiguity: (seq: Int64, line: Int)?
    /// While the checker delivers a launch's `lifeline.anatomy` event: its symbol, the anatomy and
    /// the launch's record. A finding the event offends adds the measures to its explanation, and
    /// is pending when the record leaves them in doubt (``LaunchAnatomy/launchTimeDoubt(record:)``).
    var anatomy: (symbol: Int32, anatomy: LaunchAnatomy, record: LaunchRecord)?

    init(
        names: SymbolTable, onFinding: @escaping (Finding) -> Void, onInstance: @escaping (InstanceResult) -> Void,
        onNotApplicable: @escaping (Inapplicability) -> Void
    ) {
        self.names = names
        self.onFinding = onFinding
        self.onInstance = onInstance
        self.onNotApplicable = onNotApplicable
    }

    func notApplicable(_ inapplicability: Inapplicability) {
        tally[inapplicability.ruleID, default: RuleTally()].notApplicable += 1
        onNotApplicable(inapplicability)
    }

    func record(_ result: InstanceResult, rule: CompiledRule) {
        tally[result.ruleID, default: RuleTally()].add(result.verdict)
        onInstance(result)
    }

    func emit(_ raw: RawFinding, rule: CompiledRule, slice: SliceKey) {
        var raw = raw
        var severity = rule.rule.severity
        var message = rule.rule.message
        var reference = rule.rule.reference
        if raw.machineTransition >= 0 {
            let transition = rule.transitions[Int(raw.machineTransition)]
            raw.reason = .flaggedTransition(state: rule.states[Int(raw.machineState)])
            severity = transition.severity ?? severity
            message = transition.message ?? message
            reference = transition.reference ?? reference
        } else if raw.machineState >= 0 {
            raw.reason = .undeclaredTransition(state: rule.states[Int(raw.machineState)])
        }
        var witnesses: [Witness] = []
        if let opener = raw.opener { witnesses.append(witness(opener, .scopeOpener)) }
        if let trigger = raw.trigger { witnesses.append(witness(trigger, .trigger)) }
        if let offending = raw.offending { witnesses.append(witness(offending, .offending)) }
        if let closer = raw.closer { witnesses.append(witness(closer, .scopeCloser)) }
        if raw.atEndOfTrace {
            if let last = raw.endOfTrace {
                witnesses.append(witness(last, .endOfTrace))
            } else {
                witnesses.append(Witness(role: .endOfTrace, seq: nil, t: 0, event: "", phase: .instant, file: slice.trace, line: nil))
            }
        }
        // A violation of the launch's unnamed scene (or session) that involves callbacks from where
        // another scene may have connected is not proven: they may be two scenes'.
        var ambiguous: Int?
        if raw.status == .violated, let ambiguity, Self.judgesScenes(rule.rule.slicing), slice.session == nil,
            slice.scene == nil, witnesses.contains(where: { $0.role != .endOfTrace && ($0.seq ?? -1) >= ambiguity.seq })
        {
            ambiguous = ambiguity.line
        }
        // Explained as what the trace shows (a violation, were it one scene), then said not proven.
        var explanation = FindingExplainer(rule: rule.rule, names: names).explain(raw, slice: slice)
        if let anatomy, let offending = raw.offending, offending.seq < 0, offending.name == anatomy.symbol {
            explanation += ": " + anatomy.anatomy.measuresInWords
            if let doubt = anatomy.anatomy.launchTimeDoubt(record: anatomy.record) {
                raw.status = .pending
                explanation += " (not proven: \(doubt))"
            }
        }
        if ambiguous != nil { raw.status = .pending }
        if raw.status == .violated {
            tally[rule.rule.id, default: RuleTally()].violations += 1
        } else {
            tally[rule.rule.id, default: RuleTally()].pendings += 1
        }
        if raw.unproven {
            explanation += " (not proven: \(unseen[rule.index] ?? "the trace may not show everything"), which may have prevented it)"
        }
        if let ambiguous {
            explanation +=
                " (not proven: from line \(ambiguous) a second scene may have connected, and callbacks that name no scene cannot be told apart)"
        }
        onFinding(
            Finding(
                ruleID: rule.rule.id, severity: severity, status: raw.status, reason: raw.reason, slice: slice,
                witnesses: witnesses, explanation: explanation, message: message, reference: reference,
                citation: reference.map { Citation($0, of: rule.rule) }))
    }

    /// Whether a rule sliced so tells scenes (or sessions) apart, so a stand-in's ambiguity matters to it.
    static func judgesScenes(_ slicing: Slicing) -> Bool {
        switch slicing {
        case .scene, .session(acrossLaunches: false): true
        case .launch, .trace, .session(acrossLaunches: true): false
        }
    }

    private func witness(_ ref: EventRef, _ role: Witness.Role) -> Witness {
        Witness(
            role: role, seq: ref.seq < 0 ? nil : ref.seq, t: ref.t,
            event: ref.seq < 0 && names[ref.name] != EventName.anatomy.name ? "launch" : names[ref.name], phase: ref.phase,
            file: sources.isEmpty ? "" : sources[Int(ref.source)], line: ref.line > 0 ? Int(ref.line) : nil)
    }
}
