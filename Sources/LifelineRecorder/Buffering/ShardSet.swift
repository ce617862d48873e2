import LifelineCore

/// The recorder's per-thread buffers: each shard is a lock, its state and a
/// buffer of 32-byte slots (``EventSlot``, ``StringDefinitionSlot``), in raw
/// memory so the caller's thread pays no reference counting or exclusivity
/// checks.
///
/// A thread is bound to one shard the first time it records (round-robin), so
/// two recording threads never contend for a lock or a cache line: a shard's
/// lock and state sit on their own cache lines, and the writer touches them only
/// when it takes the buffer. The writer takes a shard's whole buffer at once,
/// swapping in an empty one under the shard's lock, and reads it after
/// unlocking: one exchange of cache lines per batch, not per event.
///
/// Storing an event retains nothing but its `attrs`: names, sessions and scenes
/// go through the shard's ``StringInterner``, and a string new to the table is
/// defined for the writer by a slot in front of the first event that uses it.
final class ShardSet: @unchecked Sendable {
    /// Mutable state of one shard, guarded by the shard's lock.
    struct Header {
        /// `slotCapacity` slots of ``EventSlot/stride`` bytes; the first `count` are initialized.
        var slots: UnsafeMutableRawPointer?
        var count: Int
        var slotCapacity: Int
        /// Events among the `count` slots, and how many the buffer takes (the rest are definitions).
        var events: Int
        var capacity: Int
        /// The latest time stored, so a shard's times never go backwards.
        var lastT: UInt64
        /// Events refused because the buffer was full, since the last drain.
        var dropped: Int
        /// Whether the writer was already woken for this fill.
        var wakeSent: Bool
        /// Where each argument's string was found last (``StringInterner/id(of:hint:)``).
        var hints: EventStrings.Hints
        var strings: StringInterner
    }

    /// What ``take(_:spare:)`` hands the writer.
    struct Batch {
        /// The taken buffer (`nil` for a shard no thread was ever bound to).
        var slots: UnsafeMutableRawPointer?
        /// Initialized slots in it, events and definitions.
        var count: Int
        /// Events refused since the previous take.
        var dropped: Int
    }

    /// Bytes per shard: lock on the first cache line, state from the second, padded past them.
    static let stride = 256
    static let headerOffset = 64
    /// Alignment of slot buffers: a slot never straddles a cache line.
    static let slotAlignment = 64

    let count: Int
    /// Events per shard buffer.
    let capacity: Int
    /// Slots per shard buffer: room for `capacity` events and a quarter as many string definitions
    /// (definitions are rare: one per string new to the shard's table).
    let slotCapacity: Int
    /// Events a thread stores between two of its wake points: a quarter of a buffer, as for a ring.
    var wakeStride: Int { max(1, capacity / 4) }
    private let base: UnsafeMutableRawPointer

    init(count: Int, capacity: Int) {
        precondition(
            RecorderLock.byteCount <= Self.headerOffset && MemoryLayout<Header>.size <= Self.stride - Self.headerOffset
                && MemoryLayout<EventSlot>.size <= EventSlot.stride
                && MemoryLayout<StringDefinitionSlot>.size <= EventSlot.stride
                && MemoryLayout<EventSlot>.offset(of: \.header) == 0
                && MemoryLayout<StringDefinitionSlot>.offset(of: \.header) == 0)
        self.count = min(max(1, count), 1 << 16)
        self.capacity = max(2, capacity)
        self.slotCapacity = self.capacity + max(4, self.capacity / 4)
        base = UnsafeMutableRawPointer.allocate(byteCount: Self.stride * self.count, alignment: 128)
        for shard in 0..<self.count {
            RecorderLock.initialize(lock(shard))
            header(shard).initialize(
                to: Header(
                    slots: nil, count: 0, slotCapacity: 0, events: 0, capacity: 0, lastT: 0, dropped: 0, wakeSent: false,
                    hints: EventStrings.Hints(), strings: StringInterner()))
        }
    }

    deinit {
        for shard in 0..<count {
            let state = header(shard)
            if let slots = state.pointee.slots {
                Self.destroy(slots, count: state.pointee.count)
                slots.deallocate()
            }
            state.pointee.strings.destroy()
            state.deinitialize(count: 1)
            RecorderLock.deinitialize(lock(shard))
        }
        base.deallocate()
    }

    @inline(__always)
    func lock(_ shard: Int) -> UnsafeMutableRawPointer { base + shard * Self.stride }

    @inline(__always)
    func header(_ shard: Int) -> UnsafeMutablePointer<Header> {
        (base + shard * Self.stride + Self.headerOffset).assumingMemoryBound(to: Header.self)
    }

    /// A slot buffer for this set's capacity, uninitialized.
    func allocateSlots() -> UnsafeMutableRawPointer {
        .allocate(byteCount: slotCapacity * EventSlot.stride, alignment: Self.slotAlignment)
    }

    /// Gives a shard its buffer the first time a thread is bound to it.
    func activate(_ shard: Int) {
        RecorderLock.lock(lock(shard))
        let state = header(shard)
        if state.pointee.slots == nil {
            state.pointee.slots = allocateSlots()
            state.pointee.slotCapacity = slotCapacity
            state.pointee.capacity = capacity
        }
        RecorderLock.unlock(lock(shard))
    }

    /// Stores one event; the caller's hot path. Returns `true` when the writer should be woken.
    @inline(__always)
    func append(
        to shard: Int, clock: RecorderClock, origin: UInt64, callback: Callback?, name: String?, phase: Phase,
        thread: UInt32, session: String?, scene: String?, attrs: Attributes?
    ) -> Bool {
        let lockMemory = lock(shard)
        let state = header(shard)
        RecorderLock.lock(lockMemory)
        // The time is read under the lock: within a shard, storage order and time order agree,
        // and anything stored after the writer's drain is later than the writer's watermark.
        let now = clock.now()
        var t = now >= origin ? now - origin : 0
        if t < state.pointee.lastT { t = state.pointee.lastT }
        state.pointee.lastT = t
        let ids = EventStrings(
            name: name, session: session, scene: scene, in: state.pointee.strings, hints: &state.pointee.hints)
        let wake: Bool
        if ids.known && state.pointee.events < state.pointee.capacity && state.pointee.count < state.pointee.slotCapacity {
            wake = Self.store(
                EventSlot(
                    callback: callback, phase: phase, name: ids.name, session: ids.session, scene: ids.scene,
                    thread: thread, t: t, attrs: attrs),
                in: state)
        } else if ids.known {
            state.pointee.dropped += 1
            wake = false
        } else {
            wake = Self.storeDefiningStrings(
                ids, callback: callback, phase: phase, thread: thread, t: t, name: name, session: session, scene: scene,
                attrs: attrs, in: state)
        }
        RecorderLock.unlock(lockMemory)
        return wake
    }

    /// Appends an event the buffer has room for; returns whether to wake the writer.
    @inline(__always)
    private static func store(_ slot: consuming EventSlot, in state: UnsafeMutablePointer<Header>) -> Bool {
        let count = state.pointee.count
        (state.pointee.slots.unsafelyUnwrapped + count * EventSlot.stride).initializeMemory(as: EventSlot.self, to: slot)
        state.pointee.count = count + 1
        let events = state.pointee.events + 1
        state.pointee.events = events
        // A quarter full: the writer has the other three quarters' worth of time to be scheduled.
        if (events >= state.pointee.capacity / 4 || count + 1 >= state.pointee.slotCapacity / 4)
            && !state.pointee.wakeSent
        {
            state.pointee.wakeSent = true
            return true
        }
        return false
    }

    /// The path for an event with a string its shard's table does not hold: defines the
    /// strings (one slot each) and stores the event, or drops it if they do not all fit.
    @inline(never)
    private static func storeDefiningStrings(
        _ found: EventStrings, callback: Callback?, phase: Phase, thread: UInt32, t: UInt64, name: String?,
        session: String?, scene: String?, attrs: Attributes?, in state: UnsafeMutablePointer<Header>
    ) -> Bool {
        var ids = found
        let needed = ids.slotsNeeded(name: name, session: session, scene: scene)
        guard state.pointee.events < state.pointee.capacity && state.pointee.count + needed <= state.pointee.slotCapacity
        else {
            state.pointee.dropped += 1
            return false
        }
        ids.defineMissing(name: name, session: session, scene: scene, in: &state.pointee.strings) { definition in
            let count = state.pointee.count
            (state.pointee.slots.unsafelyUnwrapped + count * EventSlot.stride).initializeMemory(
                as: StringDefinitionSlot.self, to: definition)
            state.pointee.count = count + 1
        }
        return store(
            EventSlot(
                callback: callback, phase: phase, name: ids.name, session: ids.session, scene: ids.scene, thread: thread,
                t: t, attrs: attrs),
            in: state)
    }

    /// Whether the shard passed its wake point (a quarter full) since the writer last took it.
    ///
    /// The writer asks before it parks (``WriterDoorbell/park(timeout:isQuiet:)``). Read under the
    /// shard's lock, not racily: the flag is plain memory the producer writes under that lock, and the
    /// lock orders the two sides as the doorbell's fences order a ring's: if the producer set the flag
    /// first, the writer sees it and drains; if the writer locked first, its `parked` store happened
    /// before the producer's lock, so the producer's ring (after it unlocks) sees the writer parked.
    func hasPassedWakePoint(_ shard: Int) -> Bool {
        RecorderLock.lock(lock(shard))
        defer { RecorderLock.unlock(lock(shard)) }
        return header(shard).pointee.wakeSent
    }

    /// Events dropped in all shards since their last take.
    func pendingDrops() -> Int {
        var total = 0
        for shard in 0..<count {
            RecorderLock.lock(lock(shard))
            total += header(shard).pointee.dropped
            RecorderLock.unlock(lock(shard))
        }
        return total
    }

    /// Takes a shard's slots, leaving `spare` (an empty buffer from ``allocateSlots()``) in their place.
    ///
    /// The caller owns the returned slots: it reads them in order with ``forEachSlot(_:count:_:)``.
    func take(_ shard: Int, spare: () -> UnsafeMutableRawPointer) -> Batch {
        RecorderLock.lock(lock(shard))
        defer { RecorderLock.unlock(lock(shard)) }
        let state = header(shard)
        guard let slots = state.pointee.slots else { return Batch(slots: nil, count: 0, dropped: 0) }
        let taken = Batch(slots: slots, count: state.pointee.count, dropped: state.pointee.dropped)
        state.pointee.slots = spare()
        state.pointee.count = 0
        state.pointee.events = 0
        state.pointee.dropped = 0
        state.pointee.wakeSent = false
        return taken
    }

    /// A slot read out of a taken buffer.
    enum Slot {
        case event(EventSlot)
        case definition(id: UInt16, string: String)
    }

    /// Moves the first `count` slots out of `slots`, in order, leaving the memory uninitialized.
    static func forEachSlot(_ slots: UnsafeMutableRawPointer, count: Int, _ body: (consuming Slot) -> Void) {
        for index in 0..<count {
            let slot = slots + index * EventSlot.stride
            if slot.load(as: UInt8.self) == EventSlot.Kind.definition.rawValue {
                let definition = slot.assumingMemoryBound(to: StringDefinitionSlot.self).move()
                body(.definition(id: definition.id, string: definition.string))
            } else {
                body(.event(slot.assumingMemoryBound(to: EventSlot.self).move()))
            }
        }
    }

    /// Deinitializes the first `count` slots of `slots`.
    static func destroy(_ slots: UnsafeMutableRawPointer, count: Int) {
        forEachSlot(slots, count: count) { _ in }
    }
}
