import Foundation
import LifelineFormat

/// Writes what a finding shows as a sentence in UIKit's terms: events by their delegate methods'
/// names (`application(_:didFinishLaunchingWithOptions:)`), the rule's scope as the events that
/// came before and after (`came after sceneWillEnterForeground(_:) (seq 12) with no
/// sceneDidEnterBackground(_:) in between`), conditions in words (`the end of …`), never the
/// rule language (`after X until Y`, `X[phase = "end"]`).
///
/// `scene(_:willConnectTo:options:) for session S1 in launch 3F2A9C1E… came before
/// application(_:didFinishLaunchingWithOptions:) (seq 14)`
///
/// The rule's message says why it matters; this says what happened. It is the one wording of a
/// finding: the text and GitHub formats, the HTML report, the REPL's `.why` and the demo show it,
/// and the machine formats carry it as their `explanation`.
struct FindingExplainer {
    let rule: Rule
    let names: SymbolTable

    func explain(_ raw: RawFinding, slice: SliceKey) -> String {
        let place = Self.place(slice)
        let offending = raw.offending.map { event($0, seq: false) } ?? ""
        var text: String
        switch (rule.body, raw.reason) {
        case (.machine, .undeclaredTransition(let state)):
            text = "\(offending) \(place) came in state '\(state)', where it is not expected"
        case (.machine(let machine), .flaggedTransition(let state)):
            let index = Int(raw.machineTransition)
            let target = machine.transitions.indices.contains(index) ? machine.transitions[index].to : state
            text = "\(offending) \(place) came in state '\(state)'" + (target == state ? "" : ", moving to '\(target)'")
        case (.pattern(let scope, let pattern), _):
            text = explain(pattern, scope: scope, raw, place: place, offending: offending)
        default:
            text = "\(offending) \(place)"
        }
        if raw.status == .pending { text += "; still open when the trace ended" }
        return text
    }

    private func explain(_ pattern: RulePattern, scope: RuleScope, _ raw: RawFinding, place: String, offending: String) -> String {
        let trigger = raw.trigger.map { event($0) } ?? ""
        // Where in the trace, for the patterns whose sentence does not say it already: `after … (seq 3)`.
        let segment = segment(scope, raw)
        let within = segment.map { ", " + $0 } ?? ""
        switch (pattern, raw.reason) {
        case (.absence(let forbidden), _):
            // The conditions that made the event forbidden, in words: `applicationDidBecomeActive(_:) whose via is
            // not "notification"`. (A session or scene the event must have is in the place already.)
            let matched = raw.offending.flatMap { ref in forbidden.alternatives.first { $0.name.name == names[ref.name] } }
            let conditions = (matched?.conditions ?? []).filter { condition in
                condition.field != "phase" && !(condition.comparison == .present && ["session", "scene"].contains(condition.field))
            }
            let what = Self.phrase(offending, conditions)
            return absence(scope, raw, place: place, offending: what)
        case (.universality(let allowed), _):
            return "\(offending) \(place)\(segment.map { " came " + $0 } ?? ""), where only \(Self.phrase(allowed)) may happen"
        case (.existence(let wanted), _):
            return "no \(Self.phrase(wanted)) \(place)\(segment.map { " " + $0 } ?? "")\(ended(raw))"
        case (.boundedExistence(_, let bound, let limit), .tooMany(let count)):
            return "\(offending) \(place) happened \(Self.times(count))\(within), \(bound.rawValue) \(limit) allowed"
        case (.boundedExistence(let counted, let bound, let limit), .tooFew(let count)):
            return "\(Self.phrase(counted)) happened \(Self.times(count)) \(place)\(within), \(bound.rawValue) \(limit) required"
        case (.precedence(let cause, _), _):
            return "\(offending) \(place) with no \(Self.phrase(cause)) before it\(within)"
        case (.chainPrecedenceCauses(let first, let second, _), _):
            return "\(offending) \(place) with no \(Self.phrase(first)) followed by \(Self.phrase(second)) before it\(within)"
        case (.chainPrecedenceEffects(let cause, let effect, _), _):
            return "\(offending) \(place) after \(trigger), with no \(Self.phrase(cause)) before that \(Self.phrase(effect))\(within)"
        case (.response(_, let response), _):
            return "\(trigger) \(place) never followed by \(Self.phrase(response))\(within)\(ended(raw))"
        case (.chainResponseEffects(_, let first, let second), _):
            return "\(trigger) \(place) never followed by \(Self.phrase(first)) then \(Self.phrase(second))\(within)\(ended(raw))"
        case (.chainResponseCauses(let first, _, let response), _):
            return "\(trigger) after \(Self.phrase(first)) \(place) never followed by \(Self.phrase(response))\(within)\(ended(raw))"
        case (.boundedResponse(_, let response, let limit), _):
            let waited =
                raw.offending.map { " (next event \(Self.format($0.t.saturatingSubtracting(raw.trigger?.t ?? $0.t))) later)" } ?? ""
            return "no \(Self.phrase(response)) within \(limit) after \(trigger) \(place)\(waited)"
        case (.boundedInvariance(_, _, let limit), _):
            let gap = Self.format((raw.offending?.t ?? 0).saturatingSubtracting(raw.trigger?.t ?? 0))
            return "\(offending) \(place) came \(gap) after \(trigger), none allowed within \(limit)"
        case (.maximumDuration(_, let limit), _):
            if let end = raw.offending, end.phase == .end, let begin = raw.trigger {
                return "\(trigger) \(place) lasted \(Self.format(end.t.saturatingSubtracting(begin.t))), at most \(limit) allowed"
            }
            let since = raw.offending ?? raw.endOfTrace
            let elapsed = since.map { " (still running \(Self.format($0.t.saturatingSubtracting(raw.trigger?.t ?? $0.t))) later)" } ?? ""
            return "\(trigger) \(place) lasted more than \(limit)\(elapsed)"
        case (.minimumDuration(_, let limit), _):
            let lasted = Self.format((raw.offending?.t ?? 0).saturatingSubtracting(raw.trigger?.t ?? 0))
            return "\(trigger) \(place) lasted \(lasted), at least \(limit) required"
        default:
            return "\(offending) \(place)"
        }
    }

    /// `never P`: the offending event, and where it came relative to the scope's events.
    private func absence(_ scope: RuleScope, _ raw: RawFinding, place: String, offending: String) -> String {
        let opener = raw.opener.map { event($0) } ?? scope.opener.map(Self.phrase) ?? ""
        switch scope {
        case .globally:
            return "unexpected \(offending) \(place)"
        case .before(let closer):
            return "\(offending) \(place) came before \(raw.closer.map { event($0) } ?? "any " + Self.phrase(closer))"
        case .after:
            return "\(offending) \(place) came after \(opener)"
        case .between(let start, let closer), .afterUntil(let start, let closer):
            // `between X and X[phase = end]`: inside X.
            if Self.isEnd(of: start, closer) { return "\(offending) \(place) came during \(opener)" }
            return "\(offending) \(place) came after \(opener) with no \(Self.phrase(closer)) in between"
        }
    }

    /// The scope's part of the trace the finding is about, from the events that opened and closed it:
    /// `between sceneWillEnterForeground(_:) (seq 12) and sceneDidEnterBackground(_:) (seq 15)`.
    private func segment(_ scope: RuleScope, _ raw: RawFinding) -> String? {
        let opener = raw.opener.map { event($0) } ?? scope.opener.map(Self.phrase)
        let closer = raw.closer.map { event($0) }
        switch scope {
        case .globally:
            return nil
        case .before(let end):
            return "before " + (closer ?? "any " + Self.phrase(end))
        case .between(let start, let end), .afterUntil(let start, let end):
            guard let opener else { return nil }
            if Self.isEnd(of: start, end) { return "during \(opener)" }
            if let closer { return "between \(opener) and \(closer)" }
            return "after \(opener)"
        case .after:
            return opener.map { "after \($0)" }
        }
    }

    /// `, by the end of the trace` when the trace's end, not an event, showed a violation.
    private func ended(_ raw: RawFinding) -> String {
        raw.status == .violated && raw.offending == nil && raw.closer == nil && raw.atEndOfTrace ? ", by the end of the trace" : ""
    }

    /// An event of the trace: `the end of application(_:didFinishLaunchingWithOptions:) (seq 8)`.
    private func event(_ ref: EventRef, seq: Bool = true) -> String {
        guard ref.seq >= 0 else { return names[ref.name] == EventName.anatomy.name ? "the launch's anatomy" : "the launch record" }
        let name = (ref.phase == .end ? "the end of " : "") + names[ref.name]
        return seq ? "\(name) (seq \(ref.seq))" : name
    }

    /// An event set in words: `sceneWillResignActive(_:), sceneDidEnterBackground(_:) or sceneDidDisconnect(_:)`,
    /// `the end of application(_:didFinishLaunchingWithOptions:)`,
    /// `applicationDidBecomeActive(_:) whose via is not "notification"`.
    static func phrase(_ pattern: EventPattern) -> String {
        let words = pattern.alternatives.map(phrase)
        return words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }

    private static func phrase(_ alternative: EventPattern.Alternative) -> String {
        var name = alternative.name.name
        var conditions = alternative.conditions
        if let index = conditions.firstIndex(where: { $0.field == "phase" && $0.comparison == .equal }),
            case .string(let phase) = conditions[index].value, phase == Phase.end.rawValue || phase == Phase.begin.rawValue
        {
            name = (phase == Phase.end.rawValue ? "the end of " : "the start of ") + name
            conditions.remove(at: index)
        }
        return phrase(name, conditions)
    }

    /// An event and its conditions: `db.write whose thread is "main" and whose 'bytes' is at least 1024`.
    private static func phrase(_ event: String, _ conditions: [EventCondition]) -> String {
        conditions.isEmpty ? event : event + " " + conditions.map(phrase).joined(separator: " and ")
    }

    private static func phrase(_ condition: EventCondition) -> String {
        let field = condition.readsRecordField ? condition.field : "'\(condition.attribute)'"
        switch condition.comparison {
        case .present: return "with a \(field)"
        case .equal: return "whose \(field) is \(condition.value)"
        case .notEqual: return "whose \(field) is not \(condition.value)"
        case .less: return "whose \(field) is less than \(condition.value)"
        case .lessOrEqual: return "whose \(field) is at most \(condition.value)"
        case .greater: return "whose \(field) is more than \(condition.value)"
        case .greaterOrEqual: return "whose \(field) is at least \(condition.value)"
        }
    }

    /// Whether `closer` is the end of the events `opener` begins: the scope is inside a callback.
    private static func isEnd(of opener: EventPattern, _ closer: EventPattern) -> Bool {
        opener.alternatives.allSatisfy { $0.conditions.isEmpty }
            && closer.alternatives.map(\.name) == opener.alternatives.map(\.name)
            && closer.alternatives.allSatisfy { alternative in
                alternative.conditions.count == 1 && alternative.conditions[0].field == "phase"
                    && alternative.conditions[0].comparison == .equal && alternative.conditions[0].value == .string(Phase.end.rawValue)
            }
    }

    private static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }

    /// `for session S1 in launch 3F2A9C1E…`, `in launch …`, `in trace …`.
    static func place(_ slice: SliceKey) -> String {
        (slice.session != nil || slice.scene != nil ? "for " : "in ") + slice.description
    }

    /// `6.000s`, `250.0ms`, `12us`.
    static func format(_ nanoseconds: Int64) -> String {
        let value = Double(nanoseconds)
        if abs(value) >= 1e9 { return String(format: "%.3fs", value / 1e9) }
        if abs(value) >= 1e6 { return String(format: "%.1fms", value / 1e6) }
        if abs(value) >= 1e3 { return String(format: "%.0fus", value / 1e3) }
        return "\(nanoseconds)ns"
    }
}
