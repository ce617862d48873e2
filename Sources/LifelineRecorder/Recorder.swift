import Foundation
import LifelineCore

/// Records an app's lifecycle callbacks and its own events to a trace file.
///
/// Create one recorder at launch and keep it for the life of the process. Each
/// call stores the event in the calling thread's own ring buffer (no lock; past
/// ``RecorderConfiguration/ringCount`` threads, a shared buffer under an
/// uncontended lock) and returns; a background thread writes whole NDJSON lines (trace format v1)
/// every ``RecorderConfiguration/flushInterval``, when a buffer fills, on
/// ``flush()`` and on ``close()``. The caller's thread never waits on I/O: if
/// the buffer is full or the disk fails, events are dropped and counted, and
/// the count is written to the trace as a `lifeline.dropped` event.
///
/// ```swift
/// let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
/// let recorder = try Recorder(directory: caches.appendingPathComponent("lifeline"))
///
/// recorder.span(.didFinishLaunching) { setUpDatabase() }   // in application(_:didFinishLaunchingWithOptions:)
/// recorder.record(.sceneDidBecomeActive, scene: scene)      // in sceneDidBecomeActive(_:)
/// recorder.mark("db.open", attrs: ["pages": 120])           // an app-defined event
/// ```
///
/// Apps keep one, created before the first callback records (docs/recorder.md, and
/// examples/SceneApp/Lifeline.swift); unit tests and builds that do not record use an
/// ``InMemoryRecorder`` or a ``NoOpRecorder`` in its place, through ``LifecycleRecording``.
///
/// `seq` is assigned by the writer in time order, so the events of one thread
/// keep their order and events of different threads interleave by when they
/// happened.
public final class Recorder: LifecycleRecording {
    /// The launch record written at the top of the file.
    public let launch: LaunchRecord

    private let shards: ShardSet
    private let rings: RingSet
    /// Internal rather than private: tests read a thread's ring lease through it.
    let registry: ThreadRegistry
    private let writer: TraceWriter
    private let clock: RecorderClock
    private let origin: UInt64

    /// Records into a new file in `directory` (created if needed), named
    /// `<app>-<yyyyMMdd-HHmmss>-<pid>.ndjson`.
    public convenience init(
        directory: URL, launch: LaunchRecord = .current(), configuration: RecorderConfiguration = .init()
    ) throws(RecorderError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw RecorderError(.cannotCreateDirectory, path: directory.path, reason: error.localizedDescription)
        }
        let file = directory.appendingPathComponent(Self.fileName(for: launch, in: directory))
        try self.init(file: file, launch: launch, configuration: configuration)
    }

    /// Records into `file`, appending if it exists (a file may hold several launches).
    public init(
        file: URL, launch: LaunchRecord = .current(), configuration: RecorderConfiguration = .init()
    ) throws(RecorderError) {
        let origin = configuration.clock.now()
        let launch = ProcessStart.placed(in: launch, clock: configuration.clock, origin: origin)
        self.launch = launch
        self.clock = configuration.clock
        self.origin = origin
        self.shards = ShardSet(count: configuration.shardCount, capacity: configuration.bufferCapacity)
        self.rings = RingSet(count: configuration.ringCount, capacity: configuration.bufferCapacity)
        self.registry = ThreadRegistry(shards: shards, rings: rings, label: configuration.threadLabel)
        self.writer = try TraceWriter(
            path: file.path, launch: launch, shards: shards, rings: rings, registry: registry, clock: clock, origin: origin,
            configuration: configuration)
        writer.start()
    }

    deinit {
        writer.stop()
        // The registry may die later on the writer thread, out of this thread's reach: let this thread's lease go now.
        registry.releaseCurrentThread()
    }

    // MARK: - Recording

    /// Stores one event in the calling thread's buffer and returns: the entry point of
    /// `record`, `mark` and `span` (``LifecycleRecording``).
    @inline(__always)
    public func recordEvent(
        callback: Callback?, name: String?, phase: Phase, session: String?, scene: String?, attrs: Attributes?
    ) {
        let binding = registry.current()
        let wake: Bool
        if binding.isRing, #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            wake = rings.append(
                to: binding.slot, clock: clock, origin: origin, callback: callback, name: name, phase: phase,
                thread: binding.thread, session: session, scene: scene, attrs: attrs)
        } else {
            wake = shards.append(
                to: binding.slot, clock: clock, origin: origin, callback: callback, name: name, phase: phase,
                thread: binding.thread, session: session, scene: scene, attrs: attrs)
        }
        if wake { writer.nudge(ring: binding.isRing ? binding.slot : nil) }
    }

    // MARK: - Writing

    /// Blocks until every event recorded before the call is in the file.
    ///
    /// Call it where losing the last events would hurt: when the app enters the
    /// background (it may be suspended and killed without another chance) and
    /// before termination. It waits for the writer, so avoid it on hot paths.
    public func flush() { writer.flush() }

    /// Writes what is left and closes the file. Later events are ignored. Idempotent.
    public func close() {
        writer.stop()
        registry.releaseCurrentThread()
    }

    /// Events lost so far because a buffer was full or the disk failed.
    public var droppedCount: Int { writer.droppedCount }

    /// The file being written (it changes when the trace rotates).
    public var fileURL: URL { URL(fileURLWithPath: writer.path) }

    /// Test hook: stalls the writer as a hung disk would (events pile up, then drop).
    func setWriterPaused(_ paused: Bool) { writer.setPaused(paused) }

    /// Test hook: how many times the writer has drained the buffers.
    var writerDrainCount: Int { writer.drainCount }

    /// Test hook: whether the writer is parked (a recording thread's next wake point will wake it).
    var writerIsParked: Bool { writer.isParked }

    /// Test hook: how many wake points found the writer parked and woke it (a system call each).
    var writerWakesByProducers: Int { writer.wakesByProducers }

    static func fileName(for launch: LaunchRecord, in directory: URL) -> String {
        let app = (launch.app ?? "trace").map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
        let stamp = (launch.started ?? Timestamp.format(nanosecondsSince1970: Int64(Date().timeIntervalSince1970 * 1e9)))
            .filter { $0.isNumber || $0 == "T" }.prefix(15)
        let base = "\(String(app))-\(stamp)-\(launch.pid ?? 0)"
        var name = base + ".ndjson"
        var attempt = 2
        while FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path) {
            name = "\(base)-\(attempt).ndjson"
            attempt += 1
        }
        return name
    }
}
