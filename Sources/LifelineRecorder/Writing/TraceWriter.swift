import Dispatch
import Foundation
import LifelineCore

/// The recorder's background thread: drains the rings and the shards, orders
/// events by time, assigns `seq`, encodes whole lines and appends them to the file.
///
/// Ordering: each drain first reads the clock (`W`), then takes every shard's
/// buffer and every ring's published slots. An event stored after a shard was
/// taken read the clock under that shard's lock after `W`. An event a ring had
/// not published yet read the clock after `W` unless the ring's producer was
/// inside an append when its slots were taken (``RingSet/Taken/appending``); then
/// the event's time is no earlier than the last one taken from that ring, and the
/// writer assumes no earlier than `W − settleTime` either (``RingSet/settleTime``).
/// So every event with `t ≤ W`, or below those bounds for a ring caught inside an
/// append (the watermark), is in hand; those are merged by time and written,
/// later ones wait for the next drain, which comes at most `settleTime` later
/// when a ring held events back.
/// On `flush()` and `close()` everything in hand is written, and the writer
/// clamps times so the file never goes backwards even if a thread races a flush.
///
/// Between drains the writer parks for the flush interval, woken early by a
/// recording thread at one of its wake points (``WriterDoorbell``), or, while a
/// thread records fast, polls (every millisecond at the fastest rates, otherwise
/// dozing twice per wake stride of the busiest thread) so those wake points cost
/// the thread no system call (``WriterPacing``).
final class TraceWriter: @unchecked Sendable {
    // Immutable after init.
    private let shards: ShardSet
    private let rings: RingSet
    private let registry: ThreadRegistry
    private let clock: RecorderClock
    private let origin: UInt64
    private let launch: LaunchRecord
    private let configuration: RecorderConfiguration

    // Guarded by `control`.
    private let control = NSCondition()
    private var flushRequested = 0
    private var flushCompleted = 0
    private var stopRequested = false
    private var exited = false
    private var paused = false
    private var totalDropped = 0
    private var currentPath: String
    /// Drains so far (tests: an idle writer drains once per flush interval).
    private var drains = 0

    /// Rung by producers at their wake points (a signal only while the writer is parked), signalled by flush, close and pause.
    private let doorbell = WriterDoorbell()
    /// Signalled once the writer thread has let go of this writer (and, re-signalled, by each ``stop()`` after it).
    private let threadFinished = DispatchSemaphore(value: 0)

    // Owned by the writer thread (and by `init` before the thread starts).
    private var sink: TraceFileSink
    /// Per ring: the time of the last event taken from it (its times never go backwards).
    private var ringLastT: [UInt64]
    /// Whether the last drain held events back for a ring caught inside an append: the next comes sooner.
    private var heldBack = false
    /// Whether the writer polls or parks between drains.
    private var pacing: WriterPacing
    /// Per source (the shards, then the rings): its decoded events not yet written.
    private var pending: [[PendingEvent]]
    /// Per source: how many of its `pending` events (from the front) are already written; they are
    /// removed, and the tails moved down, only when that is most of them, not on every drain.
    private var written: [Int]
    /// Per source: the encoded tails of its pending events, in their order.
    private var tails: [ByteBuffer]
    private var spares: [UnsafeMutableRawPointer?]
    private var decoder: SlotDecoder
    private var nextSeq: Int64 = 1
    private var lastT: UInt64 = 0
    private var unreportedDrops = 0
    private var output = ByteBuffer(capacity: 64 << 10)
    private var scratch: [UInt8] = []
    /// Where each encoded line of `output` ends, with the `seq` and `t` it carries.
    private var lineEnds: [(end: Int, seq: Int64, t: UInt64, isDropReport: Bool)] = []

    init(
        path: String, launch: LaunchRecord, shards: ShardSet, rings: RingSet, registry: ThreadRegistry, clock: RecorderClock,
        origin: UInt64, configuration: RecorderConfiguration
    ) throws(RecorderError) {
        self.shards = shards
        self.rings = rings
        self.registry = registry
        self.clock = clock
        self.origin = origin
        self.launch = launch
        self.configuration = configuration
        self.sink = try TraceFileSink(path: path)
        self.currentPath = path
        let sources = shards.count + rings.count
        self.pending = Array(repeating: [], count: sources)
        self.written = Array(repeating: 0, count: sources)
        self.spares = Array(repeating: nil, count: shards.count)
        self.ringLastT = Array(repeating: 0, count: rings.count)
        self.tails = (0..<sources).map { _ in ByteBuffer(capacity: 16 << 10) }
        self.decoder = SlotDecoder(shardCount: sources) { [registry] in registry.snapshot() }
        self.pacing = WriterPacing(sources: sources, wakeStride: shards.wakeStride, now: MonotonicClock.now())
        // The launch record goes out first and at once: a process killed a moment later still names its launch.
        var first: [UInt8] = []
        TraceEncoder.append(launch, to: &first)
        guard sink.append(first) == first.count else {
            sink.close()
            throw RecorderError(.cannotWriteFile, path: path, reason: "the launch record could not be written")
        }
    }

    deinit {
        for spare in spares {
            spare?.deallocate()
        }
        output.deallocate()
        decoder.deallocate()
        for tail in tails { tail.deallocate() }
    }

    /// Starts the background thread.
    func start() {
        // The thread lets go of the writer before it signals that it ended, so ``stop()`` returns with the
        // recorder holding the last reference: the writer, the registry and the rings go on the thread
        // releasing the recorder, never later on this one (where the registry could not reach the
        // recording thread's lease, and a leak check could run before they were gone).
        let retained = Unmanaged.passRetained(self)
        let finished = threadFinished
        let thread = Thread {
            do {
                let writer = retained.takeRetainedValue()
                writer.run()
            }
            finished.signal()
        }
        thread.name = "lifeline.recorder.writer"
        thread.qualityOfService = .utility
        thread.start()
    }

    // MARK: - Caller side

    /// A producer reached a wake point (its buffer filled by a quarter): wakes the writer if it is
    /// parked, or dozing while the producer's ring (`ring`, or a shard: `nil`) holds a stride undrained.
    @inline(never)
    func nudge(ring: Int?) {
        doorbell.ring {
            guard let ring, #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else {
                return true  // a shard's wake point: a quarter undrained since the writer last took it
            }
            return rings.undrainedSlots(ring) >= rings.wakeStride
        }
    }

    /// Blocks until everything recorded before the call is written.
    func flush() {
        control.lock()
        guard !exited else {
            control.unlock()
            return
        }
        flushRequested += 1
        let target = flushRequested
        control.unlock()
        doorbell.signal()
        control.lock()
        while flushCompleted < target && !exited { control.wait() }
        control.unlock()
    }

    /// Writes what is left, stops the thread and closes the file. Idempotent.
    func stop() {
        control.lock()
        stopRequested = true
        paused = false
        control.unlock()
        doorbell.signal()
        control.lock()
        while !exited { control.wait() }
        control.unlock()
        threadFinished.wait()
        threadFinished.signal()  // for any later stop()
    }

    var droppedCount: Int {
        control.lock()
        defer { control.unlock() }
        return totalDropped + shards.pendingDrops() + rings.pendingDrops()
    }

    var path: String {
        control.lock()
        defer { control.unlock() }
        return currentPath
    }

    /// Test hook: a paused writer drains nothing, as if the disk hung.
    func setPaused(_ value: Bool) {
        control.lock()
        paused = value
        control.unlock()
        doorbell.signal()
    }

    /// Test hook: how many times the writer has drained.
    var drainCount: Int {
        control.lock()
        defer { control.unlock() }
        return drains
    }

    /// Test hook: whether the writer is parked, waiting for a producer's wake point, a flush or its interval.
    var isParked: Bool { doorbell.isParked }

    /// Test hook: how many times a producer's wake point found the writer parked and woke it.
    var wakesByProducers: Int { doorbell.ringsSignalled }

    // MARK: - Writer thread

    private func run() {
        let interval = max(0.001, configuration.flushInterval)
        var isPaused = false
        while true {
            if isPaused {
                // Producers do not ring a paused writer; unpausing, flush and close signal it.
                _ = doorbell.poll(timeout: interval)
            } else if pacing.isPolling && pacing.pollsAtShortest {
                _ = doorbell.poll(timeout: WriterPacing.pollInterval)
            } else if pacing.isPolling {
                let timeout = heldBack ? min(pacing.interval, Double(RingSet.settleTime) / 1e9) : pacing.interval
                _ = doorbell.doze(timeout: timeout) { isQuiet() }
            } else {
                // Events held back for a ring caught inside an append go out at the next drain: soon, not a whole interval later.
                let timeout = heldBack ? min(interval, Double(RingSet.settleTime) / 1e9) : interval
                _ = doorbell.park(timeout: timeout) { isQuiet() }
            }
            control.lock()
            let target = flushRequested
            let stopping = stopRequested
            isPaused = paused
            control.unlock()
            if isPaused { continue }
            let everything = stopping || target > flushCompleted
            let dropped = drain(everything: everything)
            pacing.decide(now: MonotonicClock.now())
            if everything && configuration.synchronizesOnFlush { sink.synchronize() }
            control.lock()
            drains += 1
            totalDropped += dropped
            flushCompleted = max(flushCompleted, target)
            currentPath = sink.path
            if stopping {
                sink.close()
                exited = true
            }
            control.broadcast()
            control.unlock()
            if stopping { return }
        }
    }

    /// Whether no buffer has passed its wake point undrained: the writer may park (asked after it marked itself parked).
    private func isQuiet() -> Bool {
        for shard in 0..<shards.count where shards.hasPassedWakePoint(shard) { return false }
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            for ring in 0..<rings.count where rings.undrainedSlots(ring) >= rings.wakeStride { return false }
        }
        return true
    }

    /// Writes every event that can be ordered now; returns how many events were lost in this round.
    private func drain(everything: Bool) -> Int {
        let now = relativeNow()
        var watermark = now
        var lost = 0
        for shard in 0..<shards.count {
            let taken = shards.take(shard) {
                if let spare = spares[shard] { return spare }
                let spare = shards.allocateSlots()
                spares[shard] = spare
                return spare
            }
            lost += taken.dropped
            guard let slots = taken.slots else { continue }
            let before = pending[shard].count
            decoder.decode(taken, shard: shard, into: &pending[shard], tails: &tails[shard])
            pacing.took(pending[shard].count - before, from: shard)
            spares[shard] = slots
        }
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            for ring in 0..<rings.count {
                let source = shards.count + ring
                let taken = rings.take(ring) { batch in
                    let before = pending[source].count
                    decoder.decode(batch, shard: source, into: &pending[source], tails: &tails[source])
                    return pending[source].count - before
                }
                lost += taken.dropped
                pacing.took(taken.events, from: source)
                if let last = pending[source].last { ringLastT[ring] = last.t }
                if taken.appending {
                    let settled = now > RingSet.settleTime ? now - RingSet.settleTime : 0
                    watermark = min(watermark, max(ringLastT[ring], settled))
                }
            }
        }
        unreportedDrops += lost

        output.removeAll()
        lineEnds.removeAll(keepingCapacity: true)
        var heads = written
        let firstSeq = nextSeq
        let firstT = lastT
        // Only shards with pending events take part in the merge; ties go to the lower shard, as they always have.
        var active = (0..<pending.count).filter { heads[$0] < pending[$0].count }
        while active.count > 1 {
            var bestIndex = 0
            var bestT = UInt64.max
            for index in active.indices {
                let shard = active[index]
                let t = pending[shard][heads[shard]].t
                if t < bestT {
                    bestIndex = index
                    bestT = t
                }
            }
            if !everything && bestT > watermark { break }
            let best = active[bestIndex]
            encode(pending[best][heads[best]], shard: best)
            heads[best] += 1
            if heads[best] == pending[best].count { active.remove(at: bestIndex) }
        }
        // One shard left: its events are in time order already, so they go out as a run.
        if active.count == 1 {
            let shard = active[0]
            var head = heads[shard]
            let count = pending[shard].count
            while head < count && (everything || pending[shard][head].t <= watermark) {
                encode(pending[shard][head], shard: shard)
                head += 1
            }
            heads[shard] = head
        }
        heldBack = !everything && watermark < now && (0..<pending.count).contains { heads[$0] < pending[$0].count }
        for source in 0..<pending.count where heads[source] > written[source] {
            let done = heads[source]
            if done == pending[source].count {
                pending[source].removeAll(keepingCapacity: true)
                tails[source].removeAll()
                written[source] = 0
            } else if done * 2 >= pending[source].count {
                // Most of them are written: move the rest down (a run of held-back events stays in front otherwise).
                let consumed = pending[source][done].tailStart
                tails[source].removeFirst(consumed)
                pending[source].removeFirst(done)
                for index in pending[source].indices { pending[source][index].tailStart -= consumed }
                written[source] = 0
            } else {
                written[source] = done
            }
        }
        if unreportedDrops > 0 { encodeDrops(unreportedDrops) }
        guard output.count > 0 else { return lost }

        let kept = sink.append(output.bytes)
        // Lines the file took are final; the rest of the batch is lost and counted.
        var keptEvents = 0
        var reportDelivered = false
        nextSeq = firstSeq
        lastT = firstT
        for line in lineEnds where line.end <= kept {
            if line.isDropReport { reportDelivered = true } else { keptEvents += 1 }
            nextSeq = line.seq + 1
            lastT = line.t
        }
        let eventLines = lineEnds.filter { !$0.isDropReport }.count
        if reportDelivered { unreportedDrops = 0 }
        unreportedDrops += eventLines - keptEvents
        lost += eventLines - keptEvents
        if kept == output.count && sink.size >= configuration.maximumFileSize { rotate() }
        return lost
    }

    @inline(__always)
    private func encode(_ event: PendingEvent, shard: Int) {
        if event.t > lastT { lastT = event.t }
        EventLineEncoder.appendHead(seq: UInt64(nextSeq), t: lastT, to: &output)
        output.append(UnsafeRawBufferPointer(start: tails[shard].base + event.tailStart, count: event.tailLength))
        lineEnds.append((output.count, nextSeq, lastT, false))
        nextSeq += 1
    }

    private func encodeDrops(_ count: Int) {
        let record = EventRecord(seq: nextSeq, t: Int64(lastT), event: .dropped, attrs: ["count": .int(Int64(count))])
        scratch.removeAll(keepingCapacity: true)
        TraceEncoder.append(record, to: &scratch)
        output.append(scratch)
        lineEnds.append((output.count, nextSeq, lastT, true))
        nextSeq += 1
    }

    private func rotate() {
        guard sink.rotate() else { return }
        var continued = launch
        continued.part = sink.part
        scratch.removeAll(keepingCapacity: true)
        TraceEncoder.append(continued, to: &scratch)
        _ = sink.append(scratch)
    }

    private func relativeNow() -> UInt64 {
        let now = clock.now()
        return now >= origin ? now - origin : 0
    }
}
