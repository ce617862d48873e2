import LifelineFormat

/// The recorder's per-thread buffers: each shard is a lock and a fixed array
/// of ``PendingEvent``s on its own cache lines, in raw memory so the caller's
/// thread pays no reference counting or exclusivity checks.
///
/// A thread is bound to one shard the first time it records (round-robin), so
/// two recording threads never contend for a lock or a cache line. The writer
/// swaps a shard's full array for an empty one under the shard's lock.
final class ShardSet: @unchecked Sendable {
    /// Mutable state of one shard, guarded by the shard's lock.
    struct Header {
        var events: UnsafeMutablePointer<PendingEvent>?
        var count: Int
        var capacity: Int
        /// The latest time stored, so a shard's times never go backwards.
        var lastT: UInt64
        /// Events refused because the buffer was full, since the last drain.
        var dropped: Int
        /// Whether the writer was already woken for this fill.
        var wakeSent: Bool
    }

    /// Bytes per shard: lock first, header after, padded past two cache lines.
    static let stride = 256
    static let headerOffset = 64

    let count: Int
    let capacity: Int
    private let base: UnsafeMutableRawPointer

    init(count: Int, capacity: Int) {
        precondition(RecorderLock.byteCount <= Self.headerOffset && MemoryLayout<Header>.size <= Self.stride - Self.headerOffset)
        self.count = min(max(1, count), 1 << 16)
        self.capacity = max(2, capacity)
        base = UnsafeMutableRawPointer.allocate(byteCount: Self.stride * self.count, alignment: 128)
        for shard in 0..<self.count {
            RecorderLock.initialize(lock(shard))
            header(shard).initialize(to: Header(events: nil, count: 0, capacity: 0, lastT: 0, dropped: 0, wakeSent: false))
        }
    }

    deinit {
        for shard in 0..<count {
            let state = header(shard)
            if let events = state.pointee.events {
                events.deinitialize(count: state.pointee.count)
                events.deallocate()
            }
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

    /// Gives a shard its buffer the first time a thread is bound to it.
    func activate(_ shard: Int) {
        RecorderLock.lock(lock(shard))
        let state = header(shard)
        if state.pointee.events == nil {
            state.pointee.events = .allocate(capacity: capacity)
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
        let count = state.pointee.count
        var wake = false
        if count < state.pointee.capacity {
            (state.pointee.events.unsafelyUnwrapped + count).initialize(to: PendingEvent(
                t: t, callback: callback, phase: phase, thread: thread, name: name, session: session, scene: scene,
                attrs: attrs))
            state.pointee.count = count + 1
            if count + 1 >= state.pointee.capacity / 2 && !state.pointee.wakeSent {
                state.pointee.wakeSent = true
                wake = true
            }
        } else {
            state.pointee.dropped += 1
        }
        RecorderLock.unlock(lockMemory)
        return wake
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

    /// Takes a shard's events, leaving `spare` (an empty buffer of the same capacity) in their place.
    ///
    /// Returns the taken buffer, how many events it holds, and how many were dropped since the last take.
    func take(
        _ shard: Int, spare: () -> UnsafeMutablePointer<PendingEvent>
    ) -> (events: UnsafeMutablePointer<PendingEvent>?, count: Int, dropped: Int) {
        RecorderLock.lock(lock(shard))
        defer { RecorderLock.unlock(lock(shard)) }
        let state = header(shard)
        guard let events = state.pointee.events else { return (nil, 0, 0) }
        let taken = (events, state.pointee.count, state.pointee.dropped)
        state.pointee.events = spare()
        state.pointee.count = 0
        state.pointee.dropped = 0
        state.pointee.wakeSent = false
        return taken
    }
}
