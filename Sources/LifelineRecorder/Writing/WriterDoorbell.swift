import Dispatch
import Synchronization

/// How recording threads wake the writer: a semaphore, signalled only while the writer is parked.
///
/// Waking a thread that sleeps on a semaphore is a system call (`futex` on Linux,
/// a Mach semaphore on Darwin); when the writer sleeps on another core, the
/// kernel also interrupts that core, which on a virtual machine is an exit to the
/// hypervisor: 10–15 µs on the recording thread. A producer reaches a wake point
/// (a ring's ``RingSet/wakeStride`` crossing, a shard a quarter full) once per
/// stride of events, so that cost landed in one call in a couple of thousand.
/// While events come fast the writer polls (``poll(timeout:)``): it sleeps a
/// millisecond at a time and drains on its own, so a producer at a wake point
/// makes no call at all (``ring()`` sees the writer is not parked). When they
/// slow down the writer parks (``park(timeout:isQuiet:)``) for the flush interval
/// and the producers' wake points wake it as before.
///
/// No lost wake-up. ``ring()`` publishes nothing of its own: the producer has
/// already published its events (a ring's tail store, a shard's unlock), then it
/// issues a sequentially consistent fence and loads `parked`. The writer stores
/// `parked = true`, issues the same fence, and only then asks `isQuiet` whether
/// any buffer has passed its wake point without being drained. Two fences in one
/// total order: either the producer's fence comes first, and the writer's
/// `isQuiet` sees the events it published (so it drains instead of sleeping), or
/// the writer's comes first, and the producer sees `parked` and signals.
///
/// What waits undrained without a signal: a ring is quiet while it holds less than
/// a wake stride undrained, and its producer's next wake point is at most one
/// stride past its last, so when its producer rings a parked writer the ring holds
/// less than two strides: half of it (a stride is a quarter of the events a ring
/// takes), the other half being the room for what the thread records while the
/// writer wakes. A shard is quiet until it passes its wake point (its `wakeSent`
/// flag, read under its lock, which also orders it against the producer without
/// the fences), so it holds a quarter when the writer is signalled, as before.
///
/// `Synchronization.Atomic` needs iOS 18 / macOS 15 on Apple platforms: below
/// those there is no flag, ``ring()`` always signals (as the recorder always did)
/// and parking is a plain wait.
final class WriterDoorbell: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    /// An `Atomic<Int>` (1 while the writer is parked), `nil` below the OS versions that have `Atomic`.
    private let flag: UnsafeMutableRawPointer?
    /// An `Atomic<Int>`: how many times ``ring()`` signalled (tests and measurements).
    private let rung: UnsafeMutableRawPointer?

    init() {
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            // The flag on a cache line of its own: producers read it at their wake points, the writer writes it per park.
            let memory = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 64)
            memory.bindMemory(to: Atomic<Int>.self, capacity: 1).initialize(to: Atomic(0))
            (memory + 64).bindMemory(to: Atomic<Int>.self, capacity: 1).initialize(to: Atomic(0))
            flag = memory
            rung = memory + 64
        } else {
            flag = nil
            rung = nil
        }
    }

    deinit {
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *), let flag, let rung {
            flag.assumingMemoryBound(to: Atomic<Int>.self).deinitialize(count: 1)
            rung.assumingMemoryBound(to: Atomic<Int>.self).deinitialize(count: 1)
            flag.deallocate()
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @inline(__always)
    private func atomic(_ memory: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Atomic<Int>> {
        memory.assumingMemoryBound(to: Atomic<Int>.self)
    }

    // MARK: - Producers

    /// A producer at its wake point, after publishing its events: wakes the writer if it is parked.
    ///
    /// The fence is the rare path's (once per wake stride), never the per-event path's.
    @inline(__always)
    func ring() {
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *), let flag {
            atomicMemoryFence(ordering: .sequentiallyConsistent)
            guard atomic(flag).pointee.load(ordering: .relaxed) != 0 else { return }
            atomic(rung.unsafelyUnwrapped).pointee.wrappingAdd(1, ordering: .relaxed)
        }
        semaphore.signal()
    }

    /// Wakes the writer whether it is parked or polling (flush, close, pause).
    func signal() { semaphore.signal() }

    /// How many times ``ring()`` found the writer parked and signalled it (0 below the OS versions with `Atomic`).
    var ringsSignalled: Int {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *), let rung else { return 0 }
        return atomic(rung).pointee.load(ordering: .relaxed)
    }

    /// Whether the writer is parked (tests: a test waits for it before recording past a wake point).
    var isParked: Bool {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *), let flag else { return false }
        return atomic(flag).pointee.load(ordering: .relaxed) != 0
    }

    // MARK: - Writer

    /// Sleeps until a producer rings, ``signal()`` is called or `timeout` seconds pass, unless
    /// `isQuiet` says a buffer already passed its wake point; returns whether it was woken
    /// rather than timed out (`true` too when it did not sleep).
    ///
    /// `isQuiet` runs after the writer is marked parked: it must read what the producers
    /// published (a ring's tail, a shard's state under its lock), never a copy of it.
    func park(timeout: Double, isQuiet: () -> Bool) -> Bool {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *), let flag else {
            return semaphore.wait(timeout: .now() + timeout) == .success
        }
        let parked = atomic(flag)
        parked.pointee.store(1, ordering: .sequentiallyConsistent)
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        guard isQuiet() else {
            parked.pointee.store(0, ordering: .relaxed)
            return true
        }
        let woken = semaphore.wait(timeout: .now() + timeout) == .success
        parked.pointee.store(0, ordering: .relaxed)
        return woken
    }

    /// Sleeps until ``signal()`` is called or `timeout` seconds pass, without parking:
    /// producers do not signal meanwhile. Returns whether it was woken rather than timed out.
    func poll(timeout: Double) -> Bool {
        semaphore.wait(timeout: .now() + timeout) == .success
    }
}
