import LifelineFormat

// MARK: - Judging one slice by direct search

extension ReferenceEvaluator {
    /// How a segment ended.
    enum SegmentEnd { case closed, open, tentative }

    struct Segment {
        var items: ArraySlice<Item>
        var opener: Item?
        var closer: Item?
        var end: SegmentEnd
    }

    static func judge(_ rule: Rule, slice: [Item], last: Item?, key: SliceKey) -> (Verdict, [ReferenceFinding]) {
        var findings: [ReferenceFinding] = []
        func add(
            _ status: Finding.Status, _ reason: FindingReason, opener: Item? = nil, trigger: Item? = nil,
            offending: Item? = nil, closer: Item? = nil, atEnd: Bool = false, severity: Severity? = nil
        ) {
            findings.append(
                ReferenceFinding(
                    ruleID: rule.id, severity: severity ?? rule.severity, slice: key, status: status, reason: reason,
                    opener: opener?.location,
                    trigger: trigger?.location, offending: offending?.location, closer: closer?.location,
                    endOfTrace: atEnd))
        }

        switch rule.body {
        case .machine(let machine):
            // The states the machine may be in: one, unless its launch leaves callbacks unrecorded.
            var possible: Set<String> = [machine.initial]
            var entered: Item?
            var launch: Int?
            for item in slice {
                if item.excerpt, item.launchIndex != launch {
                    // The launch began before its trace: any legal transition may have been taken.
                    possible = reachable(from: possible, in: machine, unrecorded: CallbackSet(), appEvents: true)
                }
                launch = item.launchIndex
                possible = reachable(from: possible, in: machine, unrecorded: item.records)
                let order = machine.states.filter(possible.contains)
                let taken = order.map { state in (state, machine.transition(from: state, where: { matches($0, item.event) })) }
                let legal = taken.compactMap { $0.1 }.filter { $0.severity == nil && $0.reportedBy == nil }
                let before = entered
                if taken.contains(where: { $0.1 != nil }) { entered = item }
                // After the event too, the launch's unrecorded callbacks may move the machine unseen.
                if !legal.isEmpty {
                    possible = reachable(from: Set(legal.map(\.to)), in: machine, unrecorded: item.records)
                    continue
                }
                possible = reachable(
                    from: Set(taken.map { state, transition in transition?.to ?? state }), in: machine, unrecorded: item.records)
                if taken.contains(where: { $0.1?.severity == nil && $0.1?.reportedBy != nil }) { continue }
                let (state, transition) = taken[0]
                if let transition, let severity = transition.severity {
                    add(.violated, .flaggedTransition(state: state), trigger: before, offending: item, severity: severity)
                } else if transition == nil {
                    add(.violated, .undeclaredTransition(state: state), trigger: before, offending: item)
                }
            }
            let verdict: Verdict = findings.isEmpty ? (slice.isEmpty ? .vacuous : .satisfied) : .violated
            return (verdict, findings)

        case .pattern(let scope, let pattern):
            let segments = self.segments(of: slice, rule: rule, scope: scope)
            var definite = 0
            for segment in segments {
                if segment.end != .tentative { definite += 1 }
                // A finding proven inside the segment: definite unless the segment never closed.
                func raise(_ reason: FindingReason, trigger: Item? = nil, offending: Item) {
                    switch segment.end {
                    case .tentative:
                        add(.pending, reason, opener: segment.opener, trigger: trigger, offending: offending, atEnd: true)
                    case .closed where scope.requiresCloser:
                        add(.violated, reason, opener: segment.opener, trigger: trigger, offending: offending, closer: segment.closer)
                    default:
                        add(.violated, reason, opener: segment.opener, trigger: trigger, offending: offending)
                    }
                }
                // An obligation still open when the segment ended; `deadline` for timed ones.
                func oblige(_ reason: FindingReason, trigger: Item? = nil, deadline: Int64? = nil) {
                    switch segment.end {
                    case .closed:
                        add(.violated, reason, opener: segment.opener, trigger: trigger, closer: segment.closer)
                    case .tentative:
                        add(.pending, reason, opener: segment.opener, trigger: trigger, atEnd: true)
                    case .open:
                        let overdue = deadline.map { deadline in last.map { deadline < $0.event.t } ?? false } ?? false
                        add(overdue ? .violated : .pending, reason, opener: segment.opener, trigger: trigger, atEnd: true)
                    }
                }
                judge(pattern, segment, rule: rule, raise: raise, oblige: oblige)
            }
            let violations = findings.filter { $0.status == .violated }.count
            let pendings = findings.count - violations
            let verdict: Verdict = violations > 0 ? .violated : (pendings > 0 ? .pending : (definite > 0 ? .satisfied : .vacuous))
            return (verdict, findings)
        }
    }

    /// Cuts a slice into the segments of a scope.
    static func segments(of slice: [Item], rule: Rule, scope: RuleScope) -> [Segment] {
        let n = slice.count
        let openers = slice.map { plays(.opener, in: rule, $0.event) }
        let closers = slice.map { plays(.closer, in: rule, $0.event) }
        func isOpener(_ index: Int) -> Bool { openers[index] }
        func isCloser(_ index: Int) -> Bool { closers[index] }
        switch scope {
        case .globally:
            return [Segment(items: slice[0..<n], end: .open)]
        case .before:
            if let r = (0..<n).first(where: isCloser) {
                return [Segment(items: slice[0..<r], closer: slice[r], end: .closed)]
            }
            return [Segment(items: slice[0..<n], end: .tentative)]
        case .after:
            guard let q = (0..<n).first(where: isOpener) else { return [] }
            return [Segment(items: slice[(q + 1)..<n], opener: slice[q], end: .open)]
        case .between, .afterUntil:
            var result: [Segment] = []
            var index = 0
            while index < n {
                guard let q = (index..<n).first(where: isOpener) else { break }
                if let r = ((q + 1)..<n).first(where: isCloser) {
                    result.append(Segment(items: slice[(q + 1)..<r], opener: slice[q], closer: slice[r], end: .closed))
                    index = r + 1
                } else {
                    let end: SegmentEnd = scope.requiresCloser ? .tentative : .open
                    result.append(Segment(items: slice[(q + 1)..<n], opener: slice[q], end: end))
                    break
                }
            }
            return result
        }
    }

    /// Applies one pattern's definition to one segment.
    static func judge(
        _ pattern: RulePattern, _ segment: Segment, rule: Rule,
        raise: (FindingReason, Item?, Item) -> Void, oblige: (FindingReason, Item?, Int64?) -> Void
    ) {
        let items = Array(segment.items)
        let n = items.count
        let roleA = items.map { plays(.first, in: rule, $0.event) }
        let roleB = items.map { plays(.second, in: rule, $0.event) }
        let roleC = items.map { plays(.third, in: rule, $0.event) }
        func a(_ i: Int) -> Bool { roleA[i] }
        func b(_ i: Int) -> Bool { roleB[i] }
        func c(_ i: Int) -> Bool { roleC[i] }
        func t(_ i: Int) -> Int64 { items[i].event.t }

        switch pattern {
        case .absence:
            for i in 0..<n where a(i) { raise(.forbidden, nil, items[i]) }
        case .universality:
            for i in 0..<n where !a(i) { raise(.notAllowed, nil, items[i]) }
        case .existence:
            if !(0..<n).contains(where: a) { oblige(.missing, nil, nil) }
        case .boundedExistence(_, let bound, let limit):
            var count = 0
            for i in 0..<n where a(i) {
                count += 1
                if bound != .atLeast && count > limit { raise(.tooMany(count), nil, items[i]) }
            }
            if bound != .atMost && count < limit { oblige(.tooFew(count), nil, nil) }
        case .precedence:
            for k in 0..<n where b(k) && !(0..<k).contains(where: a) { raise(.unpreceded, nil, items[k]) }
        case .response:
            if let i = (0..<n).first(where: { i in a(i) && !((i + 1)..<n).contains(where: b) }) {
                oblige(.unanswered, items[i], nil)
            }
        case .chainPrecedenceCauses:
            for k in 0..<n where c(k) {
                let chained = (0..<k).contains { j in b(j) && (0..<j).contains(where: a) }
                if !chained { raise(.unpreceded, nil, items[k]) }
            }
        case .chainPrecedenceEffects:
            for k in 0..<n where c(k) {
                if let j = (0..<k).first(where: { j in b(j) && !(0..<j).contains(where: a) }) {
                    raise(.unpreceded, items[j], items[k])
                }
            }
        case .chainResponseEffects:
            let unanswered = (0..<n).first { i in
                a(i) && !((i + 1)..<n).contains { j in b(j) && ((j + 1)..<n).contains(where: c) }
            }
            if let i = unanswered { oblige(.unanswered, items[i], nil) }
        case .chainResponseCauses:
            let unanswered = (0..<n).first { j in
                b(j) && (0..<j).contains(where: a) && !((j + 1)..<n).contains(where: c)
            }
            if let j = unanswered { oblige(.unanswered, items[j], nil) }
        case .boundedResponse(_, _, let limit):
            for i in 0..<n where a(i) {
                let deadline = t(i).saturatingAdding(limit.nanoseconds)
                var resolved = false
                for j in (i + 1)..<max(i + 1, n) {
                    if t(j) > deadline {
                        raise(.late, items[i], items[j])
                        resolved = true
                        break
                    }
                    if b(j) {
                        resolved = true
                        break
                    }
                }
                if !resolved { oblige(.late, items[i], deadline) }
            }
        case .boundedInvariance(_, _, let limit):
            for k in 0..<n where b(k) {
                if let p = (0..<k).last(where: a), t(k).saturatingSubtracting(t(p)) <= limit.nanoseconds {
                    raise(.tooSoon, items[p], items[k])
                }
            }
        case .maximumDuration(_, let limit), .minimumDuration(_, let limit):
            let isMaximum: Bool
            if case .maximumDuration = pattern { isMaximum = true } else { isMaximum = false }
            // Pair each end with the latest open begin of the same session and scene.
            var open: [Int] = []
            var endOf: [Int: Int] = [:]
            for i in 0..<n {
                if b(i),
                    let position = open.lastIndex(where: {
                        items[$0].event.session == items[i].event.session && items[$0].event.scene == items[i].event.scene
                    })
                {
                    endOf[open.remove(at: position)] = i
                }
                if a(i) { open.append(i) }
            }
            for i in 0..<n where a(i) {
                let deadline = t(i).saturatingAdding(limit.nanoseconds)
                if !isMaximum {
                    if let j = endOf[i], t(j) < deadline { raise(.tooShort, items[i], items[j]) }
                    continue
                }
                let limitIndex = endOf[i].map { $0 + 1 } ?? n
                if let j = ((i + 1)..<max(i + 1, limitIndex)).first(where: { t($0) > deadline }) {
                    raise(.tooLong, items[i], items[j])
                } else if endOf[i] == nil {
                    switch segment.end {
                    case .closed:
                        if let closer = segment.closer, closer.event.t > deadline { oblige(.tooLong, items[i], nil) }
                    case .open, .tentative:
                        oblige(.tooLong, items[i], deadline)
                    }
                }
            }
        }
    }
}

extension ReferenceEvaluator {
    /// The states reachable from `states` by legal transitions (no severity, no `reported by`) on a
    /// callback outside `unrecorded`'s complement, any number of times: where the machine may be
    /// after callbacks the trace did not record. Conditions are not tested (an unseen callback may
    /// have had any attributes).
    static func reachable(
        from states: Set<String>, in machine: StateMachine, unrecorded records: CallbackSet?, appEvents: Bool = false
    ) -> Set<String> {
        guard let records else { return states }
        var result = states
        var frontier = Array(states)
        while let state = frontier.popLast() {
            for transition in machine.transitions
            where (transition.from.isEmpty || transition.from.contains(state)) && transition.severity == nil
                && transition.reportedBy == nil
                && transition.on.alternatives.contains(where: { alternative in
                    alternative.name.callback.map { !records.contains($0) } ?? appEvents
                })
                && !result.contains(transition.to)
            {
                result.insert(transition.to)
                frontier.append(transition.to)
            }
        }
        return result
    }
}
