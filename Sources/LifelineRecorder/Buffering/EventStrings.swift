/// The name, session and scene of one event as ids in a buffer's ``StringInterner``:
/// the lookup the rings (``RingSet``) and the shards (``ShardSet``) both make on the
/// caller's hot path, and the definitions an event with a string new to the table
/// needs before it is stored.
///
/// The strings themselves are passed to each call rather than kept, so nothing is retained.
struct EventStrings {
    /// Where each argument's string was found last (``StringInterner/id(of:hint:)``), kept per buffer.
    struct Hints {
        var name: UInt16 = 0
        var session: UInt16 = 0
        var scene: UInt16 = 0
    }

    /// The ids, 0 for a string the event does not have or the table does not hold.
    var name: UInt16 = 0
    var session: UInt16 = 0
    var scene: UInt16 = 0
    /// Whether the table holds every string the event has.
    var known = true

    /// Looks the event's strings up in `strings`, trying each argument's last place first.
    @inline(__always)
    init(name: String?, session: String?, scene: String?, in strings: borrowing StringInterner, hints: inout Hints) {
        if let name {
            self.name = strings.id(of: StringInterner.bits(of: name), hint: &hints.name)
            known = self.name != 0
        }
        if let session {
            self.session = strings.id(of: StringInterner.bits(of: session), hint: &hints.session)
            known = known && self.session != 0
        }
        if let scene {
            self.scene = strings.id(of: StringInterner.bits(of: scene), hint: &hints.scene)
            known = known && self.scene != 0
        }
    }

    /// The slots the event takes: its own and one definition per string the table lacks.
    func slotsNeeded(name: String?, session: String?, scene: String?) -> Int {
        var needed = 1
        if name != nil && self.name == 0 { needed += 1 }
        if session != nil && self.session == 0 { needed += 1 }
        if scene != nil && self.scene == 0 { needed += 1 }
        return needed
    }

    /// Interns each string the table lacked (another argument of the same event may have just
    /// added it), never in place of the event's other strings, and hands each one that takes an
    /// entry to `write`, which stores its ``StringDefinitionSlot`` ahead of the event.
    mutating func defineMissing(
        name: String?, session: String?, scene: String?, in strings: inout StringInterner,
        writing write: (StringDefinitionSlot) -> Void
    ) {
        if let name, self.name == 0 { self.name = Self.define(name, keeping: self.session, self.scene, &strings, write) }
        if let session, self.session == 0 {
            self.session = Self.define(session, keeping: self.name, self.scene, &strings, write)
        }
        if let scene, self.scene == 0 { self.scene = Self.define(scene, keeping: self.name, self.session, &strings, write) }
    }

    private static func define(
        _ string: String, keeping keep: UInt16, _ alsoKeep: UInt16, _ strings: inout StringInterner,
        _ write: (StringDefinitionSlot) -> Void
    ) -> UInt16 {
        var hint: UInt16 = 0
        let existing = strings.id(of: StringInterner.bits(of: string), hint: &hint)
        if existing != 0 { return existing }
        let id = strings.insert(string, keeping: keep, alsoKeep)
        write(StringDefinitionSlot(id: id, string: string))
        return id
    }
}
