import Foundation
import LifelineCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Binds each recording thread to a ring or a shard, and a label, once per thread.
///
/// The binding lives in a thread-specific value under a key of this recorder's
/// own, so the hot path reads it with one `pthread_getspecific` and decodes it
/// with shifts and masks (no division). The value carries a random tag: a key
/// number reused after another recorder deleted its key can never be mistaken
/// for ours. Layout: tag in the high bits, then a bit saying "ring", then 16
/// bits of ring or shard, then 16 bits of thread index.
///
/// A thread takes a ring of its own (``RingSet``) while one is free, otherwise
/// it shares a locked shard (round-robin by thread index). A thread holding a
/// ring also gets a ``ThreadLease`` under a second key whose destructor runs
/// when the thread exits: it clears the binding and hands the ring back for the
/// next thread, so a process that starts and ends threads keeps its rings.
final class ThreadRegistry: @unchecked Sendable {
    /// What ``current()`` returns: the thread's index (its label) and where it stores.
    struct Binding: Equatable {
        var thread: UInt32
        /// The ring (`isRing`) or shard index.
        var slot: Int
        var isRing: Bool
    }

    private let key: pthread_key_t
    private let leaseKey: pthread_key_t
    private let tag: UInt
    /// Internal rather than private: tests read a shard's state through it.
    let shards: ShardSet
    let rings: RingSet
    private let customLabel: (@Sendable () -> String)?
    /// Labels by thread index.
    private let labels = Locked<[String]>([])

    /// Bits of the thread-specific value that hold the thread index, the slot above it, and the ring flag above that.
    private static let indexBits: UInt = 16
    private static let ringBit: UInt = 32
    private static let payloadBits: UInt = 33

    init(shards: ShardSet, rings: RingSet, label: (@Sendable () -> String)? = nil) {
        var key = pthread_key_t()
        var status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        self.key = key
        var leaseKey = pthread_key_t()
        #if canImport(Darwin)
        status = pthread_key_create(&leaseKey) { Unmanaged<ThreadLease>.fromOpaque($0).release() }
        #else
        status = pthread_key_create(&leaseKey) { raw in
            if let raw { Unmanaged<ThreadLease>.fromOpaque(raw).release() }
        }
        #endif
        precondition(status == 0, "pthread_key_create failed: \(status)")
        self.leaseKey = leaseKey
        self.tag = UInt.random(in: 1...(UInt.max >> Self.payloadBits))
        self.shards = shards
        self.rings = rings
        self.customLabel = label
    }

    deinit {
        // After pthread_key_delete no destructor of the key runs, so a lease left under it is never
        // released. The thread releasing the recorder (usually the one that recorded) lets its own
        // go here; other threads still alive keep theirs, a few bytes each pointing at nothing.
        if let raw = pthread_getspecific(leaseKey) {
            pthread_setspecific(leaseKey, nil)
            let lease = Unmanaged<ThreadLease>.fromOpaque(raw).takeRetainedValue()
            lease.ring = nil  // the rings go with this registry
        }
        pthread_key_delete(leaseKey)
        pthread_key_delete(key)
    }

    /// The calling thread's index and ring or shard, binding the thread on first use.
    @inline(__always)
    func current() -> Binding {
        let raw = UInt(bitPattern: pthread_getspecific(key))
        if raw >> Self.payloadBits == tag {
            return Binding(
                thread: UInt32(truncatingIfNeeded: raw & 0xFFFF), slot: Int(truncatingIfNeeded: (raw >> Self.indexBits) & 0xFFFF),
                isRing: raw & (1 << Self.ringBit) != 0)
        }
        return bindCurrentThread()
    }

    @inline(never)
    private func bindCurrentThread() -> Binding {
        let custom = customLabel?()
        let label = custom ?? Self.label()
        let index = labels.withLock { labels in
            // Past 65,535 threads, later threads share the last index's label rather than overflow the tag.
            let index = min(labels.count, (1 << Int(Self.indexBits)) - 1)
            if index == labels.count { labels.append(custom != nil || label == "main" ? label : "\(label)#\(index)") }
            return index
        }
        var binding = Binding(thread: UInt32(index), slot: index % shards.count, isRing: false)
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *), let ring = rings.acquire() {
            let lease = ThreadLease(registry: self, ring: ring)
            let retained = Unmanaged.passRetained(lease)
            if pthread_setspecific(leaseKey, retained.toOpaque()) == 0 {
                binding = Binding(thread: UInt32(index), slot: ring, isRing: true)
            } else {
                // No exit hook, no ring: a ring the thread could not hand back would be lost to later threads.
                lease.ring = nil
                retained.release()
                rings.release(ring)
            }
        }
        if !binding.isRing { shards.activate(binding.slot) }
        let ringFlag: UInt = binding.isRing ? 1 << Self.ringBit : 0
        pthread_setspecific(
            key,
            UnsafeRawPointer(
                bitPattern: tag << Self.payloadBits | ringFlag | UInt(binding.slot) << Self.indexBits | UInt(index)))
        return binding
    }

    /// Lets the calling thread's lease go now, handing its ring back, rather than when the thread exits.
    ///
    /// The recorder calls it from ``Recorder/close()`` and its `deinit`, on the thread releasing it:
    /// the registry itself often dies later on the writer thread, whose `deinit` cannot reach the
    /// recording thread's lease, and after `pthread_key_delete` the key's destructor never runs.
    func releaseCurrentThread() {
        guard let raw = pthread_getspecific(leaseKey) else { return }
        pthread_setspecific(leaseKey, nil)
        Unmanaged<ThreadLease>.fromOpaque(raw).release()  // its deinit hands the ring back (threadExited)
    }

    /// The calling thread's lease, if it holds a ring (tests).
    func currentLease() -> ThreadLease? {
        guard let raw = pthread_getspecific(leaseKey) else { return nil }
        return Unmanaged<ThreadLease>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Called on an exiting thread (its lease's destructor): forgets its binding and hands its ring back.
    func threadExited(ring: Int) {
        pthread_setspecific(key, nil)
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) { rings.release(ring) }
    }

    /// The labels of all threads bound so far, by index.
    func snapshot() -> [String] {
        labels.withLock { $0 }
    }

    /// `main` for the main thread; otherwise the thread's own name where it has one.
    private static func label() -> String {
        if Thread.isMainThread { return "main" }
        if let name = Thread.current.name, !name.isEmpty, name != ProcessInfo.processInfo.processName {
            return name
        }
        return "thread"
    }
}
