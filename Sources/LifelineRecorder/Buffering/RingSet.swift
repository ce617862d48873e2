import LifelineCore
import Synchronization

/// Single-producer rings, one per recording thread: the hot path stores an
/// event with plain stores and publishes it with one release store of the
/// ring's tail, no locked instruction.
///
/// A thread takes a ring the first time it records (``acquire()``) and gives
/// it back when it exits (``release(_:)``, from the registry's thread-exit
/// hook); while it holds the ring no other thread stores into it, so the
/// producer's state (its position, its ``StringInterner``, the latest time)
/// needs no lock. Threads beyond the ring count use the locked ``ShardSet``.
///
/// The writer reads the slots between its head and the published tail, moves
/// them out (``ShardSet/forEachSlot(_:count:_:)``, as for a taken shard
/// buffer) and then publishes its new head, which frees them for the producer.
/// Each ring's memory is laid out so the two sides never write the same cache
/// line: the producer's published counters on one line, the writer's on
/// another, the owner flag on a third, the producer's private state after.
/// The producer reads the writer's head only when its cached copy says the
/// ring is full, so at steady state the lines cross between the cores once per
/// drain, not once per event.
///
/// `Synchronization.Atomic` needs iOS 18 / macOS 15 on Apple platforms: below
/// those, the set has no rings (``count`` is 0) and every thread uses the
/// shards, as before.
final class RingSet: @unchecked Sendable {
    /// The ring's state only its bound thread reads and writes (handed from one
    /// owner to the next through the owner flag's release and acquire).
    struct Producer {
        /// Slots published so far (the ring's position is this modulo ``slotCount``).
        var tail: UInt64
        /// Events published so far.
        var events: UInt64
        /// The writer's slot and event heads as last read.
        var knownHead: UInt64
        var knownEventHead: UInt64
        /// The tail at which to wake the writer next.
        var wakeAt: UInt64
        /// The latest time stored, so a ring's times never go backwards.
        var lastT: UInt64
        /// Events refused because the ring was full, in all (published to the writer as ``droppedOffset``).
        var dropped: UInt64
        var hints: EventStrings.Hints
        var strings: StringInterner
    }

    /// Bytes per ring: the producer's published counters, the writer's, the owner and the
    /// slots' address, one cache line each, then ``Producer``.
    static let stride = 448
    /// The slots published (`tail`), the events refused in all (`dropped`) and where the
    /// producer's current append began (`began`): the producer's line.
    static let tailOffset = 0
    static let droppedOffset = 8
    /// The tail plus one, stored before the producer reads the clock for an event; once the
    /// event is published (or dropped) it is no longer above the tail. So a `began` above
    /// the tail the writer took up to says the producer is inside an append: it read the clock,
    /// or is about to, for an event the writer has not got.
    static let beganOffset = 16
    /// The slots and events the writer consumed and the drops it counted: the writer's line.
    static let headOffset = 64
    static let eventHeadOffset = 72
    static let droppedSeenOffset = 80
    /// 1 while a thread holds the ring; the slots' address (set once, before the first publish).
    static let ownerOffset = 128
    static let slotsOffset = 136
    static let producerOffset = 192

    /// How long the writer holds back events for a ring caught inside an append, at most.
    ///
    /// A producer reads the clock before it publishes the event, so an event the
    /// writer has not got may carry a time before the writer's clock reading. The
    /// writer sees that from the ring's `began` (``beganOffset``): for such a ring it
    /// writes only events up to the last time it took from the ring (the ring's
    /// times never go backwards, so the missing event's is no earlier), or up to
    /// this long before its clock reading, whichever is later. A ring between
    /// appends holds nothing back. A thread that lost the CPU inside an append for
    /// longer than this has its event written with its time raised to the line
    /// before (times never go backwards in the file).
    /// ``Recorder/flush()`` and ``Recorder/close()`` write everything regardless.
    static let settleTime: UInt64 = 10_000_000

    /// What ``take(_:_:)`` found besides the slots.
    struct Taken {
        /// Events taken.
        var events: Int
        /// Events dropped since the last take.
        var dropped: Int
        /// Whether the producer was inside an append after the published slots the take read.
        var appending: Bool
    }

    /// Rings (0 where `Synchronization.Atomic` is unavailable).
    let count: Int
    /// Events a ring holds before it drops.
    let capacity: Int
    /// Slots per ring: a power of two with room for `capacity` events and a quarter as many definitions.
    let slotCount: Int
    private let mask: UInt64
    /// Slots the producer stores between two of its wake points (``TraceWriter`` is rung at each).
    let wakeStride: UInt64
    private let base: UnsafeMutableRawPointer?

    init(count: Int, capacity: Int) {
        precondition(MemoryLayout<Producer>.size <= Self.stride - Self.producerOffset)
        self.capacity = max(2, capacity)
        var slots = 4
        while slots < self.capacity + max(4, self.capacity / 4) { slots <<= 1 }
        slotCount = slots
        mask = UInt64(slots - 1)
        wakeStride = UInt64(max(1, self.capacity / 4))
        let wanted = min(max(0, count), 1 << 15)
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *), wanted > 0 {
            self.count = wanted
            let base = UnsafeMutableRawPointer.allocate(byteCount: Self.stride * wanted, alignment: 128)
            for ring in 0..<wanted {
                let memory = base + ring * Self.stride
                for offset in [
                    Self.tailOffset, Self.droppedOffset, Self.beganOffset, Self.headOffset, Self.eventHeadOffset,
                    Self.droppedSeenOffset,
                ] {
                    (memory + offset).bindMemory(to: Atomic<UInt64>.self, capacity: 1).initialize(to: Atomic(0))
                }
                (memory + Self.ownerOffset).bindMemory(to: Atomic<Int>.self, capacity: 1).initialize(to: Atomic(0))
                (memory + Self.slotsOffset).bindMemory(to: UnsafeMutableRawPointer?.self, capacity: 1).initialize(to: nil)
                (memory + Self.producerOffset).bindMemory(to: Producer.self, capacity: 1).initialize(
                    to: Producer(
                        tail: 0, events: 0, knownHead: 0, knownEventHead: 0, wakeAt: wakeStride, lastT: 0, dropped: 0,
                        hints: EventStrings.Hints(), strings: StringInterner()))
            }
            self.base = base
        } else {
            self.count = 0
            self.base = nil
        }
    }

    deinit {
        guard let base else { return }
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            for ring in 0..<count {
                let producer = self.producer(ring)
                if let slots = self.slots(ring) {
                    // Whatever the writer did not take: destroy it in order, as it would have read it.
                    let head = counter(ring, Self.headOffset).pointee.load(ordering: .acquiring)
                    let tail = counter(ring, Self.tailOffset).pointee.load(ordering: .acquiring)
                    forEachSegment(from: head, to: tail, in: slots) { ShardSet.destroy($0, count: $1) }
                    slots.deallocate()
                }
                producer.pointee.strings.destroy()
                producer.deinitialize(count: 1)
            }
        }
        base.deallocate()
    }

    // MARK: - Memory

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always)
    private func counter(_ ring: Int, _ offset: Int) -> UnsafeMutablePointer<Atomic<UInt64>> {
        (base.unsafelyUnwrapped + ring * Self.stride + offset).assumingMemoryBound(to: Atomic<UInt64>.self)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always)
    private func owner(_ ring: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        (base.unsafelyUnwrapped + ring * Self.stride + Self.ownerOffset).assumingMemoryBound(to: Atomic<Int>.self)
    }

    @inline(__always)
    private func slotsAddress(_ ring: Int) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        (base.unsafelyUnwrapped + ring * Self.stride + Self.slotsOffset).assumingMemoryBound(
            to: UnsafeMutableRawPointer?.self)
    }

    /// The ring's slots, `nil` until a thread first took it.
    @inline(__always)
    func slots(_ ring: Int) -> UnsafeMutableRawPointer? { slotsAddress(ring).pointee }

    @inline(__always)
    func producer(_ ring: Int) -> UnsafeMutablePointer<Producer> {
        (base.unsafelyUnwrapped + ring * Self.stride + Self.producerOffset).assumingMemoryBound(to: Producer.self)
    }

    /// Calls `body` with the one or two runs of slots from position `head` up to `tail`.
    private func forEachSegment(
        from head: UInt64, to tail: UInt64, in slots: UnsafeMutableRawPointer, _ body: (UnsafeMutableRawPointer, Int) -> Void
    ) {
        guard tail > head else { return }
        let start = Int(truncatingIfNeeded: head & mask)
        let total = Int(truncatingIfNeeded: tail - head)
        let first = min(total, slotCount - start)
        body(slots + start * EventSlot.stride, first)
        if total > first { body(slots, total - first) }
    }

    // MARK: - Binding

    /// Takes a free ring for the calling thread, or returns `nil` when every ring is held.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func acquire() -> Int? {
        for ring in 0..<count {
            guard owner(ring).pointee.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged
            else { continue }
            if slots(ring) == nil {
                // Written before the ring's first publish, so the writer sees it once it sees a tail.
                slotsAddress(ring).pointee = .allocate(
                    byteCount: slotCount * EventSlot.stride, alignment: ShardSet.slotAlignment)
            }
            return ring
        }
        return nil
    }

    /// Hands a ring back; the thread that held it must not store into it again.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func release(_ ring: Int) {
        owner(ring).pointee.store(0, ordering: .releasing)
    }

    /// Whether a thread holds the ring (tests).
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func isHeld(_ ring: Int) -> Bool {
        owner(ring).pointee.load(ordering: .acquiring) != 0
    }

    // MARK: - Producer

    /// Stores one event in the calling thread's ring; the caller's hot path. Returns `true`
    /// when the writer should be woken.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always)
    func append(
        to ring: Int, clock: RecorderClock, origin: UInt64, callback: Callback?, name: String?, phase: Phase,
        thread: UInt32, session: String?, scene: String?, attrs: Attributes?
    ) -> Bool {
        let state = producer(ring)
        // Before the clock read (an opaque call the store is not moved across): the writer can tell
        // an event it has not got may be older than its own clock reading.
        counter(ring, Self.beganOffset).pointee.store(state.pointee.tail &+ 1, ordering: .relaxed)
        let now = clock.now()
        var t = now >= origin ? now - origin : 0
        if t < state.pointee.lastT { t = state.pointee.lastT }
        state.pointee.lastT = t
        let ids = EventStrings(
            name: name, session: session, scene: scene, in: state.pointee.strings, hints: &state.pointee.hints)
        if ids.known {
            guard hasRoom(ring, state, slots: 1) else { return drop(ring, state) }
            return store(
                EventSlot(
                    callback: callback, phase: phase, name: ids.name, session: ids.session, scene: ids.scene,
                    thread: thread, t: t, attrs: attrs),
                ring: ring, state: state)
        }
        return storeDefiningStrings(
            ids, ring: ring, state: state, callback: callback, phase: phase, thread: thread, t: t, name: name,
            session: session, scene: scene, attrs: attrs)
    }

    /// Whether `slots` more slots and one more event fit, reading the writer's heads only when
    /// the cached ones say they do not.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always)
    private func hasRoom(_ ring: Int, _ state: UnsafeMutablePointer<Producer>, slots: Int) -> Bool {
        if fits(state, slots: slots) { return true }
        return refreshHeads(ring, state, slots: slots)
    }

    @inline(__always)
    private func fits(_ state: UnsafeMutablePointer<Producer>, slots: Int) -> Bool {
        state.pointee.tail &- state.pointee.knownHead &+ UInt64(slots) <= UInt64(slotCount)
            && state.pointee.events &- state.pointee.knownEventHead < UInt64(capacity)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(never)
    private func refreshHeads(_ ring: Int, _ state: UnsafeMutablePointer<Producer>, slots: Int) -> Bool {
        state.pointee.knownHead = counter(ring, Self.headOffset).pointee.load(ordering: .acquiring)
        state.pointee.knownEventHead = counter(ring, Self.eventHeadOffset).pointee.load(ordering: .acquiring)
        return fits(state, slots: slots)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(never)
    private func drop(_ ring: Int, _ state: UnsafeMutablePointer<Producer>) -> Bool {
        state.pointee.dropped &+= 1
        counter(ring, Self.beganOffset).pointee.store(state.pointee.tail, ordering: .relaxed)  // no longer appending
        counter(ring, Self.droppedOffset).pointee.store(state.pointee.dropped, ordering: .releasing)
        return false
    }

    /// Writes `slot` at the tail and publishes it with everything stored before it.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always)
    private func store(_ slot: consuming EventSlot, ring: Int, state: UnsafeMutablePointer<Producer>) -> Bool {
        let tail = state.pointee.tail
        (slots(ring).unsafelyUnwrapped + Int(truncatingIfNeeded: tail & mask) * EventSlot.stride).initializeMemory(
            as: EventSlot.self, to: slot)
        let next = tail &+ 1
        state.pointee.tail = next
        state.pointee.events &+= 1
        counter(ring, Self.tailOffset).pointee.store(next, ordering: .releasing)
        if next >= state.pointee.wakeAt {
            state.pointee.wakeAt = next &+ wakeStride
            return true
        }
        return false
    }

    /// The path for an event with a string the ring's table does not hold: defines the strings
    /// (one slot each, published with the event) and stores the event, or drops it whole if they
    /// do not all fit.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(never)
    private func storeDefiningStrings(
        _ found: EventStrings, ring: Int, state: UnsafeMutablePointer<Producer>, callback: Callback?, phase: Phase,
        thread: UInt32, t: UInt64, name: String?, session: String?, scene: String?, attrs: Attributes?
    ) -> Bool {
        var ids = found
        guard hasRoom(ring, state, slots: ids.slotsNeeded(name: name, session: session, scene: scene)) else {
            return drop(ring, state)
        }
        ids.defineMissing(name: name, session: session, scene: scene, in: &state.pointee.strings) { definition in
            let tail = state.pointee.tail
            (slots(ring).unsafelyUnwrapped + Int(truncatingIfNeeded: tail & mask) * EventSlot.stride).initializeMemory(
                as: StringDefinitionSlot.self, to: definition)
            state.pointee.tail = tail &+ 1
        }
        return store(
            EventSlot(
                callback: callback, phase: phase, name: ids.name, session: ids.session, scene: ids.scene, thread: thread,
                t: t, attrs: attrs),
            ring: ring, state: state)
    }

    // MARK: - Writer

    /// Reads what the ring's producers published since the last take: `body` is given each
    /// run of slots (one, or two where the ring wraps) and moves them out, returning how many
    /// events the run held; then the slots are handed back to the producer. Returns the events
    /// taken, those dropped since the last take and whether the producer was inside an append past them.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func take(_ ring: Int, _ body: (ShardSet.Batch) -> Int) -> Taken {
        let tail = counter(ring, Self.tailOffset).pointee.load(ordering: .acquiring)
        // After the tail (its acquire keeps this load behind it): an append begun before the tail
        // was published shows a `began` at or below it.
        let appending = counter(ring, Self.beganOffset).pointee.load(ordering: .relaxed) > tail
        let head = counter(ring, Self.headOffset).pointee.load(ordering: .relaxed)
        var events = 0
        if tail != head, let slots = slots(ring) {
            forEachSegment(from: head, to: tail, in: slots) { start, count in
                events += body(ShardSet.Batch(slots: start, count: count, dropped: 0))
            }
            let eventHead = counter(ring, Self.eventHeadOffset)
            eventHead.pointee.store(eventHead.pointee.load(ordering: .relaxed) &+ UInt64(events), ordering: .releasing)
            counter(ring, Self.headOffset).pointee.store(tail, ordering: .releasing)
        }
        let dropped = counter(ring, Self.droppedOffset).pointee.load(ordering: .acquiring)
        let seen = counter(ring, Self.droppedSeenOffset)
        let newly = dropped &- seen.pointee.load(ordering: .relaxed)
        seen.pointee.store(dropped, ordering: .releasing)
        return Taken(events: events, dropped: Int(truncatingIfNeeded: newly), appending: appending)
    }

    /// Slots the ring's producer published that the writer has not taken yet (its tail less its head).
    ///
    /// The writer asks before it parks (``WriterDoorbell/park(timeout:isQuiet:)``): both are the
    /// ring's own counters, read without ordering, because the doorbell's fence orders the tail's
    /// load against the producer's store and only the writer stores the head.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func undrainedSlots(_ ring: Int) -> UInt64 {
        let tail = counter(ring, Self.tailOffset).pointee.load(ordering: .relaxed)
        let head = counter(ring, Self.headOffset).pointee.load(ordering: .relaxed)
        return tail &- head
    }

    /// Events dropped in all rings since their last take.
    func pendingDrops() -> Int {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return 0 }
        var total = 0
        for ring in 0..<count {
            let seen = counter(ring, Self.droppedSeenOffset).pointee.load(ordering: .acquiring)
            let dropped = counter(ring, Self.droppedOffset).pointee.load(ordering: .acquiring)
            total += Int(truncatingIfNeeded: dropped &- seen)
        }
        return total
    }
}
