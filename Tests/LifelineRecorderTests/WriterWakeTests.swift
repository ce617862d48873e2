import Foundation
import LifelineFormat
import LifelineSupport
import LifelineTestSupport
import Testing

@testable import LifelineRecorder

/// How the recording threads and the writer wake each other, through a whole recorder: a writer
/// that parks is always woken by the next wake point, and an idle writer does not poll.
@Suite("Waking the writer")
struct WriterWakeTests {
    /// Waits (sleeping 50 µs at a time) until `condition` holds; `false` if it still does not after 30 s.
    static func wait(until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while !condition() {
            if Date() > deadline { return false }
            usleep(50)
        }
        return true
    }

    /// Records `total` events on this thread in bursts of up to two wake strides into a 256-event buffer,
    /// with a flush interval of an hour: only the wake points wake the writer. After each burst it waits
    /// until the writer has drained what the wake points it passed promise (`caughtUp`), so the buffer
    /// can never fill, however slow the writer; every 32nd burst it first waits until the writer has
    /// parked, and then records at least a stride, so that burst passes a wake point with the writer
    /// asleep. A wake-up lost there leaves the writer asleep for the hour: the wait runs out and the
    /// buffer fills and drops.
    static func recordInBursts(
        ringCount: Int, total: Int, seed: UInt64, caughtUp: (Recorder, ThreadRegistry.Binding) -> Bool
    ) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = RecorderConfiguration()
        configuration.bufferCapacity = 256
        configuration.ringCount = ringCount
        configuration.shardCount = 1
        configuration.flushInterval = 3600
        let file = directory.appendingPathComponent("bursts.ndjson")
        let recorder = try Recorder(file: file, launch: RecorderTests.launch, configuration: configuration)
        let binding = recorder.registry.current()
        #expect(binding.isRing == (ringCount > 0))
        let stride = 64
        var random = SplitMix64(seed: seed)
        var recorded = 0
        var bursts = 0
        var parks = 0
        while recorded < total {
            let afterPark = bursts % 32 == 31
            if afterPark {
                guard wait(until: { recorder.writerIsParked }) else {
                    Issue.record("the writer never parked (\(recorded) events recorded)")
                    break
                }
                parks += 1
            }
            let size = min(total - recorded, Int.random(in: (afterPark ? stride : 1)...(2 * stride), using: &random))
            for _ in 0..<size {
                recorder.mark("tick", attrs: ["i": .int(Int64(recorded))])
                recorded += 1
            }
            bursts += 1
            guard wait(until: { caughtUp(recorder, binding) }) else {
                Issue.record("the writer slept through a wake point (\(recorded) events recorded, burst \(bursts))")
                break
            }
        }
        #expect(recorder.droppedCount == 0)
        #expect(parks > 0)
        #expect(recorder.writerWakesByProducers > 0, "some wake points found the writer parked and woke it")
        recorder.close()
        #expect(recorder.droppedCount == 0)

        let trace = try ParsedTrace(path: file.path)
        #expect(trace.errors.isEmpty)
        #expect(trace.events.count == total)
        // Compared one by one: a failed comparison of two 200,000-element arrays takes minutes to describe.
        let wrong = trace.events.indices.first { index in
            trace.events[index].seq != Int64(index + 1) || trace.events[index].attrs["i"] != .int(Int64(index))
        }
        #expect(wrong == nil, "every event once, in order, numbered from 1")
    }

    @Test("a thread recording 200,000 events in bursts into a 256-event ring is never left with a writer asleep past its wake point")
    func ringBursts() throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        try Self.recordInBursts(ringCount: 1, total: 200_000, seed: 16) { recorder, binding in
            // The writer promises: once a ring passes a wake point, it drains to within a stride of it
            // (it drains on the ring, or it saw the ring's tail when it parked and left less than a stride).
            let rings = recorder.registry.rings
            let producer = rings.producer(binding.slot)
            let lastWakePoint = producer.pointee.wakeAt - rings.wakeStride
            let head = producer.pointee.tail - rings.undrainedSlots(binding.slot)
            return head + rings.wakeStride > lastWakePoint
        }
    }

    @Test(
        "a thread recording 50,000 events in bursts into a 256-event shared buffer is never left with a writer asleep past its wake point")
    func shardBursts() throws {
        // Below these the writer has no parked mark to wait for (and every wake point signals).
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        try Self.recordInBursts(ringCount: 0, total: 50_000, seed: 17) { recorder, binding in
            // A shard past its wake point is taken by the writer (which clears the mark) before it parks.
            !recorder.registry.shards.hasPassedWakePoint(binding.slot)
        }
    }

    @Test("an idle recorder's writer drains once per flush interval, not at the polling rate, after a burst too")
    func idleWriterParks() throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = RecorderConfiguration()
        configuration.flushInterval = 0.1
        let file = directory.appendingPathComponent("idle.ndjson")
        let recorder = try Recorder(file: file, launch: RecorderTests.launch, configuration: configuration)
        for index in 0..<10 { recorder.mark("tick", attrs: ["i": .int(Int64(index))]) }
        var before = recorder.writerDrainCount
        Thread.sleep(forTimeInterval: 0.5)
        // About 5 drains in 0.5 s; polling would make about 500 (fewer, never more, on a loaded machine).
        #expect(recorder.writerDrainCount - before <= 15)
        #expect(recorder.writerWakesByProducers == 0, "10 events reach no wake point")

        // A burst of 5,000 events makes the writer poll; once it parks, it drains at its interval again.
        for index in 0..<5_000 { recorder.mark("burst", attrs: ["i": .int(Int64(index))]) }
        // After the flush's drain the writer is awake (it clears its mark before it drains): the park waited for is a new one.
        recorder.flush()
        #expect(Self.wait(until: { recorder.writerIsParked }))
        before = recorder.writerDrainCount
        Thread.sleep(forTimeInterval: 0.5)
        #expect(recorder.writerDrainCount - before <= 15)
        recorder.close()
        #expect(recorder.droppedCount == 0)
        #expect(try ParsedTrace(path: file.path).events.count == 5_010)
    }
}
