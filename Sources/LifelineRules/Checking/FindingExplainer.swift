import Foundation
import LifelineFormat

/// Writes what a finding shows and what was expected, in words.
///
/// `scene(_:willConnectTo:options:) for session S1 in launch 3F2A9C1E… with no
/// application(_:didFinishLaunchingWithOptions:) before it`
struct FindingExplainer {
    let rule: Rule
    let names: SymbolTable

    func explain(_ raw: RawFinding, slice: SliceKey) -> String {
        let place = Self.place(slice)
        let offending = raw.offending.map(name) ?? ""
        let trigger = raw.trigger.map { name($0) + ($0.seq >= 0 ? " (seq \($0.seq))" : "") } ?? ""
        var text: String
        switch (rule.body, raw.reason) {
        case (.machine, .undeclaredTransition(let state)):
            text = "\(offending) \(place) in state '\(state)', which has no transition on it"
        case (.machine(let machine), .flaggedTransition(let state)):
            let index = Int(raw.machineTransition)
            let target = machine.transitions.indices.contains(index) ? machine.transitions[index].to : state
            text = "\(offending) \(place) in state '\(state)', moving to '\(target)'"
        case (.pattern(_, let pattern), _):
            text = explain(pattern, raw, place: place, offending: offending, trigger: trigger)
        default:
            text = "\(offending) \(place)"
        }
        if let scope = scopeText { text += " (\(scope))" }
        if raw.status == .pending {
            text += "; still open when the trace ended"
        } else if raw.offending == nil, let closer = raw.closer {
            text += "; the scope closed at \(name(closer))"
        } else if raw.offending == nil, raw.atEndOfTrace {
            text += "; the trace ended"
        }
        return text
    }

    private var scopeText: String? {
        guard case .pattern(let scope, _) = rule.body, scope != .globally else { return nil }
        return String(describing: scope)
    }

    private func explain(
        _ pattern: RulePattern, _ raw: RawFinding, place: String, offending: String, trigger: String
    )
        -> String
    {
        let events = pattern.events.map(Self.spelled)
        switch (pattern, raw.reason) {
        case (.absence, _):
            return "\(offending) \(place), where \(events[0]) must never happen"
        case (.universality, _):
            return "\(offending) \(place), where only \(events[0]) may happen"
        case (.existence, _):
            return "no \(events[0]) \(place)"
        case (.boundedExistence(_, let bound, let limit), .tooMany(let count)):
            return "\(offending) \(place) is occurrence \(count), \(bound.rawValue) \(limit) allowed"
        case (.boundedExistence(_, let bound, let limit), .tooFew(let count)):
            return "\(count) \(events[0]) \(place), \(bound.rawValue) \(limit) required"
        case (.precedence, _):
            return "\(offending) \(place) with no \(events[0]) before it"
        case (.chainPrecedenceCauses, _):
            return "\(offending) \(place) with no \(events[0]) followed by \(events[1]) before it"
        case (.chainPrecedenceEffects, _):
            return "\(offending) \(place) after \(trigger), with no \(events[0]) before that \(events[1])"
        case (.response, _):
            return "\(trigger) \(place) never followed by \(events[1])"
        case (.chainResponseEffects, _):
            return "\(trigger) \(place) never followed by \(events[1]) then \(events[2])"
        case (.chainResponseCauses, _):
            return "\(trigger) after \(events[0]) \(place) never followed by \(events[2])"
        case (.boundedResponse(_, let response, let limit), _):
            let waited =
                raw.offending.map { " (next event \(Self.format($0.t.saturatingSubtracting(raw.trigger?.t ?? $0.t))) later)" } ?? ""
            return "no \(Self.spelled(response)) within \(limit) after \(trigger) \(place)\(waited)"
        case (.boundedInvariance(_, _, let limit), _):
            let gap = Self.format((raw.offending?.t ?? 0).saturatingSubtracting(raw.trigger?.t ?? 0))
            return "\(offending) \(place) \(gap) after \(trigger), none allowed within \(limit)"
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

    private func name(_ ref: EventRef) -> String {
        ref.seq < 0 ? "the launch record" : names[ref.name]
    }

    /// An event set in canonical names: `a | b`.
    static func spelled(_ pattern: EventPattern) -> String {
        pattern.alternatives.map { alternative in
            alternative.conditions.isEmpty
                ? alternative.name.name
                : alternative.name.name + "[" + alternative.conditions.map(\.description).joined(separator: ", ") + "]"
        }.joined(separator: " | ")
    }

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
