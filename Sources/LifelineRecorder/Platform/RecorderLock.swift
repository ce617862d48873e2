#if canImport(Darwin)
import os
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The smallest mutual-exclusion lock each platform offers: `os_unfair_lock`
/// on Darwin, a `pthread_mutex_t` elsewhere.
///
/// `Synchronization.Mutex` would do, but apps below iOS 18 cannot use it. The
/// lock lives in memory the caller provides (``byteCount`` bytes aligned to
/// ``alignment``) so shards can keep the lock on the same cache line as the
/// state it guards.
enum RecorderLock {
    #if canImport(Darwin)
    typealias Primitive = os_unfair_lock_s
    #else
    typealias Primitive = pthread_mutex_t
    #endif

    static var byteCount: Int { MemoryLayout<Primitive>.size }
    static var alignment: Int { MemoryLayout<Primitive>.alignment }

    static func initialize(_ memory: UnsafeMutableRawPointer) {
        let lock = memory.bindMemory(to: Primitive.self, capacity: 1)
        #if canImport(Darwin)
        lock.initialize(to: os_unfair_lock_s())
        #else
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        #endif
    }

    static func deinitialize(_ memory: UnsafeMutableRawPointer) {
        let lock = memory.assumingMemoryBound(to: Primitive.self)
        #if !canImport(Darwin)
        pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
    }

    @inline(__always)
    static func lock(_ memory: UnsafeMutableRawPointer) {
        #if canImport(Darwin)
        os_unfair_lock_lock(memory.assumingMemoryBound(to: Primitive.self))
        #else
        pthread_mutex_lock(memory.assumingMemoryBound(to: Primitive.self))
        #endif
    }

    @inline(__always)
    static func unlock(_ memory: UnsafeMutableRawPointer) {
        #if canImport(Darwin)
        os_unfair_lock_unlock(memory.assumingMemoryBound(to: Primitive.self))
        #else
        pthread_mutex_unlock(memory.assumingMemoryBound(to: Primitive.self))
        #endif
    }
}
