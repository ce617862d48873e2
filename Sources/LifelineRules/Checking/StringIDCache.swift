/// What one checker has resolved of one string table: name ids to symbols, and in the current
/// launch, session and scene ids to slots.
///
/// Make one per table (per database) and pass it to every
/// ``RuleChecker/check(_:line:ids:string:record:)`` of that table's events, in
/// order: ids of another table mean other strings. Names are kept for the whole
/// check (a trace has few); slots only for the launch they belong to, so memory
/// follows the live slices, not the trace.
public struct StringIDCache {
    /// Name id → symbol.
    private var symbols: [Int64: Int32] = [:]
    private var lastName: Int64 = 0
    private var lastSymbol: Int32 = -1
    /// The checker's launch count when the slots below were resolved; other launches have other slots.
    private var launch = -1
    private var sessionSlots: [Int64: Int32] = [:]
    private var sceneSlots: [Int64: Int32] = [:]
    private var lastSession: Int64 = 0
    private var lastSessionSlot: Int32 = -1
    private var lastScene: Int64 = 0
    private var lastSceneSlot: Int32 = -1

    public init() {}

    /// The symbol of name id `id`, or `nil` if it is not resolved yet.
    @inline(__always)
    mutating func symbol(_ id: Int64) -> Int32? {
        if lastSymbol >= 0 && id == lastName { return lastSymbol }
        guard let symbol = symbols[id] else { return nil }
        lastName = id
        lastSymbol = symbol
        return symbol
    }

    mutating func remember(name id: Int64, _ symbol: Int32) {
        symbols[id] = symbol
        lastName = id
        lastSymbol = symbol
    }

    /// Forgets the slots when `launch` (the checker's count of launches) is not the one they belong to.
    @inline(__always)
    mutating func enter(launch: Int) {
        if launch == self.launch { return }
        self.launch = launch
        sessionSlots.removeAll(keepingCapacity: true)
        sceneSlots.removeAll(keepingCapacity: true)
        lastSessionSlot = -1
        lastSceneSlot = -1
    }

    /// The slot of session id `id` in the current launch, or `nil` if it is not resolved yet.
    @inline(__always)
    mutating func sessionSlot(_ id: Int64) -> Int32? {
        if lastSessionSlot >= 0 && id == lastSession { return lastSessionSlot }
        guard let slot = sessionSlots[id] else { return nil }
        lastSession = id
        lastSessionSlot = slot
        return slot
    }

    mutating func remember(session id: Int64, _ slot: Int32) {
        sessionSlots[id] = slot
        lastSession = id
        lastSessionSlot = slot
    }

    /// The slot of scene id `id` in the current launch, or `nil` if it is not resolved yet.
    @inline(__always)
    mutating func sceneSlot(_ id: Int64) -> Int32? {
        if lastSceneSlot >= 0 && id == lastScene { return lastSceneSlot }
        guard let slot = sceneSlots[id] else { return nil }
        lastScene = id
        lastSceneSlot = slot
        return slot
    }

    mutating func remember(scene id: Int64, _ slot: Int32) {
        sceneSlots[id] = slot
        lastScene = id
        lastSceneSlot = slot
    }
}
