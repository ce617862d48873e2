/// What a check covered and how each rule fared.
public struct CheckSummary: Sendable, Hashable {
    /// Each rule checked, in the order given, with its counts.
    public var rules: [(rule: Rule, tally: RuleTally)]
    public var traces = 0
    public var launches = 0
    public var events = 0

    public init(rules: [(rule: Rule, tally: RuleTally)], traces: Int, launches: Int, events: Int) {
        self.rules = rules
        self.traces = traces
        self.launches = launches
        self.events = events
    }

    public var violations: Int { rules.reduce(0) { $0 + $1.tally.violations } }
    public var pendings: Int { rules.reduce(0) { $0 + $1.tally.pendings } }

    public static func == (lhs: CheckSummary, rhs: CheckSummary) -> Bool {
        lhs.traces == rhs.traces && lhs.launches == rhs.launches && lhs.events == rhs.events
            && lhs.rules.map(\.rule) == rhs.rules.map(\.rule) && lhs.rules.map(\.tally) == rhs.rules.map(\.tally)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(events)
        hasher.combine(rules.map(\.rule.id))
    }
}
