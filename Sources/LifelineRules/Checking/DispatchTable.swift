import LifelineFormat

/// Which rules see each event name and the roles it plays for them, laid out for the hot path.
///
/// For every name symbol, a contiguous run of entries (one per interested rule,
/// in rule order) holds the roles of a `begin`, `end` and `instant` record that
/// need no condition tested, so most events are dispatched by reading a table,
/// with no dictionary lookup. Rules that see every event (universality) have a
/// dense row of entries per symbol instead. The memory is allocated once and
/// freed by ``deallocate()`` when the checker goes.
struct DispatchTable {
    /// One rule's roles for one name.
    struct Entry {
        var rule: Int32
        /// Index into ``DispatchTable/conditionals``, or -1 when the name has no conditional alternatives.
        var conditional: Int32
        var begin: UInt64
        var end: UInt64
        var instant: UInt64

        /// The same rule with no roles and no conditions: for names no rule mentions.
        var cleared: Entry { Entry(rule: rule, conditional: -1, begin: 0, end: 0, instant: 0) }

        /// The roles of a record of `phase` that need no condition tested.
        @inline(__always)
        func roles(_ phase: Phase) -> UInt64 {
            switch phase {
            case .begin: return begin
            case .end: return end
            case .instant: return instant
            }
        }
    }

    /// A name's conditional alternatives for one rule, with the rule's phase masks (begin, end, instant).
    typealias Conditional = (alternatives: [CompiledRule.Conditional], masks: (UInt64, UInt64, UInt64))

    /// How many symbols the table covers; symbols interned later are named by no rule.
    let symbolCount: Int
    private let entries: UnsafeMutableBufferPointer<Entry>
    /// Per symbol, where its run of entries starts; `symbolCount + 1` values.
    private let starts: UnsafeMutableBufferPointer<Int32>
    /// Per symbol, whether a rule that sees it needs the event's session and scene slots.
    private let slotsNeeded: UnsafeMutableBufferPointer<Bool>
    /// Per symbol, whether some entry for it (universal ones included) has conditional alternatives
    /// that test a begin or instant record (bit 0) or an end record (bit 1).
    private let conditionsTested: UnsafeMutableBufferPointer<UInt8>
    /// How many rules see every event (universality); their rows are in rule order.
    let universalCount: Int
    /// Whether a universal rule needs session and scene slots.
    let universalNeedsSlots: Bool
    /// Per universal rule, a row of `symbolCount` entries.
    private let universalEntries: UnsafeMutableBufferPointer<Entry>
    let conditionals: [Conditional]

    init(rules: [CompiledRule], symbolCount: Int) {
        self.symbolCount = symbolCount
        var conditionals: [Conditional] = []
        func entry(_ rule: CompiledRule, _ name: CompiledRule.NameEntry?) -> Entry {
            let masks = (rule.phaseMask(.begin), rule.phaseMask(.end), rule.phaseMask(.instant))
            var conditional: Int32 = -1
            if let name, !name.conditional.isEmpty {
                conditional = Int32(conditionals.count)
                conditionals.append((name.conditional, masks))
            }
            let begin = name?.plainBegin ?? 0
            return Entry(
                rule: Int32(rule.index), conditional: conditional, begin: begin & masks.0,
                end: (name?.plainEnd ?? 0) & masks.1, instant: begin & masks.2)
        }
        func needsSlots(_ rule: CompiledRule) -> Bool {
            switch rule.rule.slicing {
            case .session, .scene: return true
            case .launch, .trace: return rule.isTimed
            }
        }
        var flat: [Entry] = []
        var starts: [Int32] = []
        var slotsNeeded: [Bool] = []
        for symbol in 0..<symbolCount {
            starts.append(Int32(flat.count))
            var needed = false
            for rule in rules where !rule.seesAllEvents {
                guard let name = rule.names[Int32(symbol)] else { continue }
                flat.append(entry(rule, name))
                needed = needed || needsSlots(rule)
            }
            slotsNeeded.append(needed)
        }
        starts.append(Int32(flat.count))
        let universalRules = rules.filter(\.seesAllEvents)
        var universalFlat: [Entry] = []
        for rule in universalRules {
            for symbol in 0..<symbolCount { universalFlat.append(entry(rule, rule.names[Int32(symbol)])) }
        }
        // Bit 0: a begin or instant record is tested; bit 1: an end record is (default-phase
        // alternatives never match an end).
        var conditionsTested: [UInt8] = []
        func tested(_ entry: Entry) -> UInt8 {
            guard entry.conditional >= 0 else { return 0 }
            let alternatives = conditionals[Int(entry.conditional)].alternatives
            return alternatives.allSatisfy(\.defaultPhases) ? 1 : 3
        }
        for symbol in 0..<symbolCount {
            var bits: UInt8 = 0
            for entry in flat[Int(starts[symbol])..<Int(starts[symbol + 1])] { bits |= tested(entry) }
            for offset in universalRules.indices { bits |= tested(universalFlat[offset * symbolCount + symbol]) }
            conditionsTested.append(bits)
        }
        self.conditionsTested = .allocate(capacity: conditionsTested.count)
        _ = self.conditionsTested.initialize(from: conditionsTested)
        universalCount = universalRules.count
        universalNeedsSlots = universalRules.contains(where: needsSlots)
        self.conditionals = conditionals
        entries = .allocate(capacity: flat.count)
        _ = entries.initialize(from: flat)
        self.starts = .allocate(capacity: starts.count)
        _ = self.starts.initialize(from: starts)
        self.slotsNeeded = .allocate(capacity: slotsNeeded.count)
        _ = self.slotsNeeded.initialize(from: slotsNeeded)
        universalEntries = .allocate(capacity: universalFlat.count)
        _ = universalEntries.initialize(from: universalFlat)
    }

    /// Frees the tables; the table must not be used afterwards.
    func deallocate() {
        entries.deallocate()
        starts.deallocate()
        slotsNeeded.deallocate()
        conditionsTested.deallocate()
        universalEntries.deallocate()
    }

    /// The entries of the rules (other than universal ones) that name `symbol`.
    @inline(__always)
    func entries(of symbol: Int32) -> UnsafeMutableBufferPointer<Entry> {
        let index = Int(symbol)
        guard index < symbolCount else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
        let start = Int(starts[index])
        return UnsafeMutableBufferPointer(rebasing: entries[start..<Int(starts[index + 1])])
    }

    /// Whether some rule that sees `symbol` needs the session and scene slots.
    @inline(__always)
    func needsSlots(_ symbol: Int32) -> Bool {
        universalNeedsSlots || (Int(symbol) < symbolCount && slotsNeeded[Int(symbol)])
    }

    /// Whether some rule that sees `symbol` tests conditions on the fields of a record of `phase`.
    @inline(__always)
    func testsConditions(_ symbol: Int32, _ phase: Phase) -> Bool {
        guard Int(symbol) < symbolCount else { return false }
        return conditionsTested[Int(symbol)] & (phase == .end ? 2 : 1) != 0
    }

    /// The entry of universal rule number `offset` (in rule order) for `symbol`.
    @inline(__always)
    func universalEntry(_ offset: Int, _ symbol: Int32) -> Entry {
        if Int(symbol) < symbolCount { return universalEntries[offset * symbolCount + Int(symbol)] }
        return universalEntries[offset * symbolCount]  // the row's first entry, with its roles cleared
            .cleared
    }

    /// The roles of `entry` for a record, testing its conditional alternatives if it has any.
    @inline(__always)
    func roles(
        _ entry: Entry, phase: Phase, thread: String?, session: String?, scene: String?, attrs: Attributes
    ) -> UInt64 {
        var roles = entry.roles(phase)
        if entry.conditional >= 0 {
            let conditional = conditionals[Int(entry.conditional)]
            let mask: UInt64
            switch phase {
            case .begin: mask = conditional.masks.0
            case .end: mask = conditional.masks.1
            case .instant: mask = conditional.masks.2
            }
            roles |=
                mask
                & CompiledRule.roles(
                    of: conditional.alternatives, phase: phase, thread: thread, session: session, scene: scene,
                    attrs: attrs)
        }
        return roles
    }
}
