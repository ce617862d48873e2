/// Tunables of a ``Recorder``; the defaults suit an app.
public struct RecorderConfiguration: Sendable {
    /// How often the background writer appends buffered events to the file, in seconds.
    /// A `kill -9` loses at most this much recording. While a thread records more than
    /// 16,000 events a second the writer appends more often (every 1 to 16 ms).
    public var flushInterval: Double = 0.25

    /// Events each thread buffer holds before the recorder drops (and counts) new ones.
    /// A sleeping writer is woken each time a quarter of a buffer fills. A buffer takes 40 bytes
    /// per event (32-byte slots, and a quarter as many for string definitions): a ring
    /// rounds that up to a power of two of slots (512 KiB by default), a shared buffer
    /// (``shardCount``) needs it twice over while the writer drains one (640 KiB).
    public var bufferCapacity: Int = 8192

    /// How many recording threads get a ring buffer of their own, which the thread
    /// stores into without a lock. A ring is allocated when a thread first takes it
    /// (40 bytes per event of ``bufferCapacity``, rounded up to a power of two of
    /// 32-byte slots: 512 KiB by default) and passed to the next thread when its
    /// thread exits. Threads beyond this use the shared buffers (``shardCount``).
    /// On Apple platforms rings need iOS 18, macOS 15, tvOS 18, watchOS 11 or
    /// visionOS 2 (`Synchronization.Atomic`); below those every thread uses the
    /// shared buffers.
    public var ringCount: Int = 8

    /// How many independent buffers (each with its own lock) the threads without
    /// a ring are spread over, round-robin.
    public var shardCount: Int = 8

    /// Size in bytes after which the recorder continues in a new file (`name.2.ndjson`, ...).
    public var maximumFileSize: Int = 32 << 20

    /// Where event times come from.
    public var clock: RecorderClock = .monotonic

    /// Whether ``Recorder/flush()`` also asks the OS to put the data on disk (`fsync`).
    public var synchronizesOnFlush = false

    /// Names a thread in the trace, asked once per thread the first time it records.
    ///
    /// `nil` (the default) writes `main` for the main thread and the thread's own
    /// name (or `thread`) with `#index` for any other. A simulation that models
    /// UIKit's main thread on whatever thread it runs on (a test runner's worker,
    /// say) returns `"main"` here so its traces do not depend on the host. The
    /// label is written as returned.
    public var threadLabel: (@Sendable () -> String)?

    public init() {}
}
