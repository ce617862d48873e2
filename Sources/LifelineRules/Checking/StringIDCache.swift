/// What one checker has resolved of one string table: name ids to symbols, and in the current
/// launch, session and scene ids to slots.
///
/// Make one per table (per database) and pass it to every
/// ``RuleChecker/check(_:line:ids:string:record:)`` of that table's events, in
/// order: ids of another table mean other strings. Names are kept for the whole
/// check (a trace has few); slots only for the launch they belong to, so memory
/// follows the live slices, not the trace.
@_spi(Performance) public struct StringIDCache {
    /// Name id → symbol, for the whole check.
    private var symbols = IDMap()
    /// The checker's launch count when the slots below were resolved; other launches have other slots.
    private var launch = -1
    private var sessionSlots = IDMap()
    private var sceneSlots = IDMap()

    public init() {}

    /// The symbol of name id `id`, or `nil` if it is not resolved yet.
    @inline(__always)
    mutating func symbol(_ id: Int64) -> Int32? { symbols[id] }

    mutating func remember(name id: Int64, _ symbol: Int32) { symbols.remember(id, symbol) }

    /// Forgets the slots when `launch` (the checker's count of launches) is not the one they belong to.
    @inline(__always)
    mutating func enter(launch: Int) {
        if launch == self.launch { return }
        self.launch = launch
        sessionSlots.removeAll()
        sceneSlots.removeAll()
    }

    /// The slot of session id `id` in the current launch, or `nil` if it is not resolved yet.
    @inline(__always)
    mutating func sessionSlot(_ id: Int64) -> Int32? { sessionSlots[id] }

    mutating func remember(session id: Int64, _ slot: Int32) { sessionSlots.remember(id, slot) }

    /// The slot of scene id `id` in the current launch, or `nil` if it is not resolved yet.
    @inline(__always)
    mutating func sceneSlot(_ id: Int64) -> Int32? { sceneSlots[id] }

    mutating func remember(scene id: Int64, _ slot: Int32) { sceneSlots.remember(id, slot) }
}

extension StringIDCache {
    /// String id → symbol or slot, the last one looked up compared first: consecutive events
    /// mostly share their session and scene, and often their name.
    struct IDMap {
        private var values: [Int64: Int32] = [:]
        private var lastID: Int64 = 0
        private var lastValue: Int32 = -1

        /// The value of `id`, or `nil` if it is not remembered.
        @inline(__always)
        subscript(id: Int64) -> Int32? {
            mutating get {
                if lastValue >= 0 && id == lastID { return lastValue }
                guard let value = values[id] else { return nil }
                lastID = id
                lastValue = value
                return value
            }
        }

        /// Remembers `value` (a symbol or a slot, never negative) for `id`.
        mutating func remember(_ id: Int64, _ value: Int32) {
            values[id] = value
            lastID = id
            lastValue = value
        }

        /// Forgets every id, keeping the storage.
        mutating func removeAll() {
            values.removeAll(keepingCapacity: true)
            lastValue = -1
        }
    }
}
