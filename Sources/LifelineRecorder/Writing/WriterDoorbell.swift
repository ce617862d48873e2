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
/// While events come fast the writer polls (``WriterPacing``), so a producer at a
/// wake point makes no call at all: at the fastest rates it polls every
/// millisecond marked awake (``poll(timeout:)``) and ``ring(isBehind:)`` does
/// nothing; otherwise it dozes twice per wake stride of the busiest producer
/// (``doze(timeout:isQuiet:)``) and only a producer that finds a stride undrained
/// (`isBehind`: it sped up) signals it. When events slow down the writer parks
/// (``park(timeout:isQuiet:)``) for the flush interval and every wake point wakes
/// it, as before.
///
/// No lost wake-up. ``ring(isBehind:)`` publishes nothing of its own: the producer has
/// already published its events (a ring's tail store, a shard's unlock), then it
/// issues a sequentially consistent fence and loads `parked`. The writer stores
/// `parked = true`, issues the same fence, and only then asks `isQuiet` whether
/// any buffer has passed its wake point without being drained. Two fences in one
/// total order: either the producer's fence comes first, and the writer's
/// `isQuiet` sees the events it published (so it drains instead of sleeping), or
/// the writer's comes first, and the producer sees `parked` and signals (dozing:
/// the same, with the producer's own undrained count deciding).
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
/// those there is no flag, ``ring(isBehind:)`` always signals (as the recorder
/// always did) and parking and dozing are plain waits.
final class WriterDoorbell: @unchecked Sendable {
    /// The writer's marks: awake (draining, or polling every millisecond), parked, dozing.
    private static let awake = 0
    private static let parked = 1
    private static let dozing = 2

    private let semaphore = DispatchSemaphore(value: 0)
    /// An `Atomic<Int>`, the writer's mark (``awake``, ``parked``, ``dozing``), `nil` below the OS versions that have `Atomic`.
    private let flag: UnsafeMutableRawPointer?
    /// An `Atomic<Int>`: how many times ``ring(isBehind:)`` signalled (tests and measurements).
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

    /// A producer at its wake point, after publishing its events: wakes the writer if it is
    /// parked, or dozing and `isBehind` (the producer's buffer holds a wake stride or more undrained).
    ///
    /// The fence is the rare path's (once per wake stride), never the per-event path's.
    @inline(__always)
    func ring(isBehind: () -> Bool = { true }) {
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *), let flag {
            atomicMemoryFence(ordering: .sequentiallyConsistent)
            let mark = atomic(flag).pointee.load(ordering: .relaxed)
            guard mark == Self.parked || (mark == Self.dozing && isBehind()) else { return }
            atomic(rung.unsafelyUnwrapped).pointee.wrappingAdd(1, ordering: .relaxed)
        }
        semaphore.signal()
    }

    /// Wakes the writer whether it is parked or polling (flush, close, pause).
    func signal() { semaphore.signal() }

    /// How many times ``ring(isBehind:)`` signalled the writer (0 below the OS versions with `Atomic`).
    var ringsSignalled: Int {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *), let rung else { return 0 }
        return atomic(rung).pointee.load(ordering: .relaxed)
    }

    /// Whether the writer is parked (tests: a test waits for it before recording past a wake point).
    var isParked: Bool {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *), let flag else { return false }
        return atomic(flag).pointee.load(ordering: .relaxed) == Self.parked
    }

    /// Whether the writer is dozing (tests).
    var isDozing: Bool {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *), let flag else { return false }
        return atomic(flag).pointee.load(ordering: .relaxed) == Self.dozing
    }

    // MARK: - Writer

    /// Sleeps until a producer rings, ``signal()`` is called or `timeout` seconds pass, unless
    /// `isQuiet` says a buffer already passed its wake point; returns whether it was woken
    /// rather than timed out (`true` too when it did not sleep).
    ///
    /// `isQuiet` runs after the writer is marked parked: it must read what the producers
    /// published (a ring's tail, a shard's state under its lock), never a copy of it.
    func park(timeout: Double, isQuiet: () -> Bool) -> Bool {
        sleep(marked: Self.parked, timeout: timeout, isQuiet: isQuiet)
    }

    /// Sleeps as ``park(timeout:isQuiet:)`` does, but a producer at a wake point signals only if it
    /// is behind: the writer polls at an interval under half the time the busiest producer takes to
    /// fill a wake stride, so a producer finds a stride undrained only when its rate jumped.
    func doze(timeout: Double, isQuiet: () -> Bool) -> Bool {
        sleep(marked: Self.dozing, timeout: timeout, isQuiet: isQuiet)
    }

    private func sleep(marked mark: Int, timeout: Double, isQuiet: () -> Bool) -> Bool {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *), let flag else {
            return semaphore.wait(timeout: .now() + timeout) == .success
        }
        let marked = atomic(flag)
        marked.pointee.store(mark, ordering: .sequentiallyConsistent)
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        guard isQuiet() else {
            marked.pointee.store(Self.awake, ordering: .relaxed)
            return true
        }
        let woken = semaphore.wait(timeout: .now() + timeout) == .success
        marked.pointee.store(Self.awake, ordering: .relaxed)
        return woken
    }

    /// Sleeps until ``signal()`` is called or `timeout` seconds pass, without parking:
    /// producers do not signal meanwhile. Returns whether it was woken rather than timed out.
    func poll(timeout: Double) -> Bool {
        semaphore.wait(timeout: .now() + timeout) == .success
    }
}
