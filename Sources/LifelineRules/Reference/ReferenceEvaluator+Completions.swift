import Foundation
import LifelineFormat

// MARK: - Partial instrumentation, by definition: every completion of what the trace shows

extension ReferenceEvaluator {
    /// What a trace that does not show everything proves, by the definition (docs/rules.md,
    /// "Judging what is proven"): each slice is judged as recorded, and again in every
    /// *completion* — the slice with up to `insertions` unseen events put into each gap (before its
    /// first event, between two, after its last) — and a finding of the recorded slice stands when
    /// every completion raises the same finding (its status, its kind, and the recorded event that
    /// showed it); the others are reported as pending. Unseen events are the rule's callbacks the
    /// event's launch does not record, and, before the first event of a launch whose trace begins
    /// mid-run, any event the rule names; each with each of `variants`' attributes, as an instant,
    /// at the time of the slice's event before it (or, before the first, the first one's).
    ///
    /// Exponential in the slice's length: a test oracle for small traces, where it is obviously right.
    /// Machines are judged by ``evaluate(_:launches:)``, whose projection is the same definition
    /// computed over sets of states.
    /// `unsound` lists what a rule the checker does not judge on a launch (it is not applicable
    /// there: ``Rule/unrecordedCallbacks(in:)``) would have proven after all: a launch-bound
    /// slicing's findings, judged anyway, that every completion shares. It must be empty.
    ///
    /// Returns nil when some slice has more than `maximumCompletions` completions (too long a
    /// trace for enumeration).
    public static func evaluateProven(
        _ rules: RuleSet, launches: [Launch], insertions: Int = 2, variants: [Attributes] = [[:]],
        maximumCompletions: Int = 50_000
    ) -> (findings: [ReferenceFinding], instances: [InstanceResult], unsound: [ReferenceFinding])? {
        var findings: [ReferenceFinding] = []
        var instances: [InstanceResult] = []
        var unsound: [ReferenceFinding] = []
        let itemsByLaunch = launches.enumerated().map { items(of: $1, index: $0) }
        let ambiguities = ambiguities(launches, items: itemsByLaunch)
        for rule in rules.rules {
            if !rule.slicing.spansLaunches {
                let judgedAnyway = slices(
                    of: rule, launches: launches, items: itemsByLaunch,
                    judged: { rule.applies(to: $0) && rule.unjudged(in: $0) != nil })
                for (key, slice, last) in judgedAnyway {
                    let unseen = unseenEvents(rule, slice: slice, key: key, last: last, launches: launches, variants: variants)
                    guard
                        let proven = provenFindings(
                            rule, slice: slice, last: last, key: key, unseen: unseen, insertions: insertions,
                            maximumCompletions: maximumCompletions)
                    else { return nil }
                    unsound += proven.filter { !$0.unproven }.map(\.finding)
                }
            }
            for (key, slice, last) in slices(of: rule, launches: launches, items: itemsByLaunch) {
                let (verdict, found) = judge(rule, slice: slice, last: last, key: key)
                guard case .pattern = rule.body else {
                    findings += notProven(found, rule: rule, key: key, ambiguities: ambiguities)
                    instances.append(InstanceResult(ruleID: rule.id, slice: key, verdict: verdict))
                    continue
                }
                let unseen = unseenEvents(rule, slice: slice, key: key, last: last, launches: launches, variants: variants)
                guard unseen.contains(where: { !$0.isEmpty }) else {
                    findings += notProven(found, rule: rule, key: key, ambiguities: ambiguities)
                    instances.append(InstanceResult(ruleID: rule.id, slice: key, verdict: verdict))
                    continue
                }
                guard
                    let proven = provenFindings(
                        rule, slice: slice, last: last, key: key, unseen: unseen, insertions: insertions,
                        maximumCompletions: maximumCompletions)
                else { return nil }
                findings += notProven(proven.map(\.finding), rule: rule, key: key, ambiguities: ambiguities)
                let violated = proven.filter { $0.finding.status == .violated }.count
                let pending = proven.count - violated
                let settled: Verdict = violated > 0 ? .violated : (pending > 0 ? .pending : verdict)
                instances.append(InstanceResult(ruleID: rule.id, slice: key, verdict: settled))
            }
        }
        return (findings, instances, unsound)
    }

    /// The findings of the recorded slice, each marked proven (every completion raises it) or
    /// not (then pending); nil when the slice has more than `maximumCompletions` completions.
    static func provenFindings(
        _ rule: Rule, slice: [Item], last: Item?, key: SliceKey, unseen: [[EventRecord]], insertions: Int,
        maximumCompletions: Int
    ) -> [(finding: ReferenceFinding, unproven: Bool)]? {
        var completions = 1.0
        for gap in unseen {
            completions *= (0...insertions).reduce(0.0) { $0 + pow(Double(gap.count), Double($1)) }
        }
        guard completions <= Double(maximumCompletions) else { return nil }
        // The findings every completion raises, as a multiset of keys.
        var proven: [CompletionKey: Int]?
        forEachCompletion(of: slice, unseen: unseen, insertions: insertions) { completion in
            var keys: [CompletionKey: Int] = [:]
            for finding in judge(rule, slice: completion, last: last, key: key).1 {
                if let key = completionKey(finding) { keys[key, default: 0] += 1 }
            }
            guard let sofar = proven else {
                proven = keys
                return
            }
            var both: [CompletionKey: Int] = [:]
            for (key, count) in sofar { both[key] = min(count, keys[key] ?? 0) }
            proven = both
        }
        var provenCounts = proven ?? [:]
        var result: [(finding: ReferenceFinding, unproven: Bool)] = []
        for var finding in judge(rule, slice: slice, last: last, key: key).1 {
            if let key = completionKey(finding), let count = provenCounts[key], count > 0 {
                provenCounts[key] = count - 1
                result.append((finding, false))
            } else {
                finding.status = .pending
                result.append((finding, true))
            }
        }
        return result
    }

    /// What makes two completions' findings the same finding (``FindingKey`` in the checker).
    struct CompletionKey: Hashable {
        var status: Finding.Status
        var kind: String
        var shownBy: String
        var trigger: String?
    }

    /// The key of a finding, or nil when an unseen event showed it.
    static func completionKey(_ finding: ReferenceFinding) -> CompletionKey? {
        let shownBy = finding.offending ?? finding.closer ?? (finding.endOfTrace ? "end" : "")
        if shownBy.hasPrefix(unseenFile) { return nil }
        var kind = "\(finding.reason)"
        if let paren = kind.firstIndex(of: "(") { kind = String(kind[..<paren]) }
        var trigger: String?
        switch finding.reason {
        case .late, .tooLong, .tooShort:
            trigger = finding.trigger
            if trigger?.hasPrefix(unseenFile) == true { return nil }
        default: break
        }
        return CompletionKey(status: finding.status, kind: kind, shownBy: shownBy, trigger: trigger)
    }

    /// The file name unseen events are given, so that no recorded event's location equals one.
    static let unseenFile = "<unseen>"

    /// For each gap of the slice (before item 0, ..., after the last), the events that may have
    /// happened there unseen, each a template whose time is set when it is inserted.
    /// `key` and `last` (the last event of the slice's launch, or trace) say whose launch an empty slice is.
    static func unseenEvents(
        _ rule: Rule, slice: [Item], key: SliceKey, last: Item?, launches: [Launch], variants: [Attributes]
    ) -> [[EventRecord]] {
        let names = namedEvents(rule)
        // Instants suffice: an unseen event's phase matters only to a duration pattern, and there an
        // unseen begin or end pairs only with unseen ones (a recorded callback has no unseen events;
        // before a mid-run trace's first line, an unseen begin is older than any recorded one), so
        // the findings it takes part in are about unseen events.
        let phases: [Phase] = [.instant]
        func events(_ allowed: [EventName]) -> [EventRecord] {
            allowed.flatMap { name in
                phases.flatMap { phase in variants.map { EventRecord(seq: 0, t: 0, event: name, phase: phase, attrs: $0) } }
            }
        }
        func unrecorded(in launch: Int) -> [EventName] {
            guard let records = launches[launch].record.records else { return [] }
            return names.filter { $0.callback.map { !records.contains($0) } ?? false }
        }
        var gaps: [[EventRecord]] = []
        var previousLaunch: Int?
        for item in slice {
            let launch = item.launchIndex
            var allowed = unrecorded(in: launch)
            if launch != previousLaunch, item.excerpt { allowed = names }
            gaps.append(events(allowed))
            previousLaunch = launch
        }
        // After the last event: the last launch of the slice's trace (the checker ends an instance there).
        let keyed = launches.indices.last { index in
            let launch = launches[index]
            return launch.trace == key.trace
                && (key.launch == nil || (launch.record.launch ?? "\(launch.file):\(launch.line)") == key.launch)
        }
        let lastLaunch = slice.last?.launchIndex ?? last?.launchIndex ?? keyed ?? 0
        let trace = launches[lastLaunch].trace
        let ending = launches.indices.last { launches[$0].trace == trace } ?? lastLaunch
        var allowed = unrecorded(in: rule.slicing.spansLaunches ? ending : lastLaunch)
        if slice.isEmpty, launches[lastLaunch].record.excerpt == true { allowed = names }
        gaps.append(events(allowed))
        return gaps
    }

    /// Every event name the rule names, callbacks and app events alike, in the order written.
    static func namedEvents(_ rule: Rule) -> [EventName] {
        guard case .pattern(let scope, let pattern) = rule.body else { return [] }
        var names: [EventName] = []
        let patterns = [scope.opener, scope.closer, event(.first, of: pattern), event(.second, of: pattern), event(.third, of: pattern)]
        for name in patterns.compactMap({ $0 }).flatMap(\.alternatives).map(\.name) where !names.contains(name) {
            names.append(name)
        }
        return names
    }

    /// Calls `body` with every completion of `slice`: up to `insertions` events of `unseen[gap]` in each gap.
    static func forEachCompletion(of slice: [Item], unseen: [[EventRecord]], insertions: Int, _ body: ([Item]) -> Void) {
        var completion: [Item] = []
        var counter = 0
        func fill(gap: Int) {
            // The gap's events come at the time of the event before it (the first event's, before the first).
            let t = gap > 0 ? slice[gap - 1].event.t : (slice.first?.event.t ?? 0)
            func insert(_ remaining: Int) {
                if gap < slice.count {
                    completion.append(slice[gap])
                    fill(gap: gap + 1)
                    completion.removeLast()
                } else {
                    body(completion)
                }
                guard remaining > 0 else { return }
                for template in unseen[gap] {
                    var event = template
                    counter += 1
                    event.seq = 1_000_000 + Int64(counter)
                    event.t = t
                    completion.append(
                        Item(event: event, file: unseenFile, line: counter, isLaunch: false, records: nil, launchIndex: -1, excerpt: false))
                    insert(remaining - 1)
                    completion.removeLast()
                }
            }
            insert(insertions)
        }
        fill(gap: 0)
    }
}
