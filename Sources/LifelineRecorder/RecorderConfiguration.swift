/// Tunables of a ``Recorder``; the defaults suit an app.
public struct RecorderConfiguration: Sendable {
    /// How often the background writer appends buffered events to the file, in seconds.
    /// A `kill -9` loses at most this much recording.
    public var flushInterval: Double = 0.25

    /// Events each thread buffer holds before the recorder drops (and counts) new ones.
    /// The writer is woken when a buffer is a quarter full. A buffer takes 40 bytes per
    /// event (32-byte slots, and a quarter as many for string definitions), twice over
    /// while the writer drains one: 640 KiB per recording thread by default.
    public var bufferCapacity: Int = 8192

    /// How many independent buffers (each with its own lock) threads are spread over.
    /// Threads beyond this share buffers round-robin.
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
