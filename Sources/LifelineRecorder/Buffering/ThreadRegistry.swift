import Foundation
import LifelineFormat

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Binds each recording thread to a shard and a label, once per thread.
///
/// The binding lives in a thread-specific value under a key of this recorder's
/// own, so the hot path reads it with one `pthread_getspecific` and decodes it
/// with shifts and masks (no division). The value carries a random tag: a key
/// number reused after another recorder deleted its key can never be mistaken
/// for ours. Layout: tag in the high bits, then 16 bits of shard, then 16 bits
/// of thread index.
final class ThreadRegistry: @unchecked Sendable {
    private let key: pthread_key_t
    private let tag: UInt
    private let shards: ShardSet
    private let customLabel: (@Sendable () -> String)?
    /// Labels by thread index.
    private let labels = Locked<[String]>([])

    /// Bits of the thread-specific value that hold the thread index, and the shard above it.
    private static let indexBits: UInt = 16
    private static let payloadBits: UInt = 32

    init(shards: ShardSet, label: (@Sendable () -> String)? = nil) {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        self.key = key
        self.tag = UInt.random(in: 1...(UInt.max >> Self.payloadBits))
        self.shards = shards
        self.customLabel = label
    }

    deinit { pthread_key_delete(key) }

    /// The calling thread's index and shard, binding the thread on first use.
    @inline(__always)
    func current() -> (thread: UInt32, shard: Int) {
        let raw = UInt(bitPattern: pthread_getspecific(key))
        if raw >> Self.payloadBits == tag {
            return (UInt32(truncatingIfNeeded: raw & 0xFFFF), Int(truncatingIfNeeded: (raw >> Self.indexBits) & 0xFFFF))
        }
        return bindCurrentThread()
    }

    @inline(never)
    private func bindCurrentThread() -> (thread: UInt32, shard: Int) {
        let custom = customLabel?()
        let label = custom ?? Self.label()
        let index = labels.withLock { labels in
            // Past 65,535 threads, later threads share the last index's label rather than overflow the tag.
            let index = min(labels.count, (1 << Int(Self.indexBits)) - 1)
            if index == labels.count { labels.append(custom != nil || label == "main" ? label : "\(label)#\(index)") }
            return index
        }
        let shard = index % shards.count
        shards.activate(shard)
        pthread_setspecific(
            key, UnsafeRawPointer(bitPattern: tag << Self.payloadBits | UInt(shard) << Self.indexBits | UInt(index)))
        return (UInt32(index), shard)
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
