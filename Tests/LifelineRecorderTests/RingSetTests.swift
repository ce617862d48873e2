import Foundation
import LifelineCore
import LifelineFormat
import LifelineSupport
import LifelineTestSupport
import Testing

@testable import LifelineRecorder

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The per-thread rings: what a producer stores, the writer's take reads back, and how
/// threads take rings and give them back when they exit.
@Suite("Ring buffers")
struct RingSetTests {
    /// Takes and decodes a ring set's slots the way ``TraceWriter`` does.
    final class Consumer: @unchecked Sendable {
        let rings: RingSet
        private var decoder: SlotDecoder
        private var tails: [ByteBuffer]
        private(set) var events: [[ShardSetTests.DecodedEvent]]
        private(set) var dropped = 0
        /// Per take of a ring, whether its producer was inside an append.
        private(set) var appending: [Bool] = []

        init(_ rings: RingSet) {
            self.rings = rings
            decoder = SlotDecoder(shardCount: rings.count) { ShardSetTests.Consumer.labels }
            tails = (0..<rings.count).map { _ in ByteBuffer(capacity: 256) }
            events = Array(repeating: [], count: rings.count)
        }

        deinit {
            for tail in tails { tail.deallocate() }
            decoder.deallocate()
        }

        /// Takes every ring once.
        func takeAll() {
            guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
            for ring in 0..<rings.count {
                var pending: [PendingEvent] = []
                let taken = rings.take(ring) { batch in
                    let before = pending.count
                    decoder.decode(batch, shard: ring, into: &pending, tails: &tails[ring])
                    return pending.count - before
                }
                dropped += taken.dropped
                appending.append(taken.appending)
                for event in pending { events[ring].append(ShardSetTests.Consumer.parse(event, tails[ring])) }
                tails[ring].removeAll()
            }
        }
    }

    @discardableResult
    static func append(
        _ rings: RingSet, ring: Int = 0, clock: RecorderClock, name: String? = nil, thread: UInt32 = 0,
        session: String? = nil, scene: String? = nil, attrs: Attributes? = nil
    ) -> Bool {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return false }
        return rings.append(
            to: ring, clock: clock, origin: 0, callback: nil, name: name, phase: .instant, thread: thread,
            session: session, scene: scene, attrs: attrs)
    }

    /// Runs `body` on a new thread and waits until the thread has ended, its thread-specific
    /// destructors included (`pthread_join`).
    static func runThread(_ body: @escaping @Sendable () -> Void) {
        final class Box {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let argument = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread, nil,
            { raw in
                #if canImport(Darwin)
                Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
                #else
                if let raw { Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body() }
                #endif
                return nil
            }, argument)
        #expect(status == 0)
        guard status == 0 else { return }
        #if canImport(Darwin)
        if let thread { pthread_join(thread, nil) }
        #else
        pthread_join(thread, nil)
        #endif
    }

    @Test("rings exist on this platform")
    func available() {
        #if os(Linux)
        #expect(RingSet(count: 3, capacity: 8).count == 3)
        #endif
        #expect(RingSet(count: 0, capacity: 8).count == 0)
    }

    @Test("a ring wrapping around many times gives back every event in order, ids right across redefinitions")
    func wrapAround() throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        // 32 events and 64 slots; rounds of 1–12 events, each with up to three strings new to the table
        // (at most 48 slots), taken after each round: the positions wrap mid-round again and again.
        let rings = RingSet(count: 1, capacity: 32)
        #expect(rings.slotCount == 64)
        let ring = try #require(rings.acquire())
        let clock = ShardSetTests.countingClock()
        let consumer = Consumer(rings)
        var random = SplitMix64(seed: 61)
        var expected: [(name: String, session: String, scene: String)] = []
        for round in 0..<400 {
            for index in 0..<Int.random(in: 1...12, using: &random) {
                let name = "event.\(Int.random(in: 0..<300, using: &random))"
                let session = "session-\(round / 3)-" + String(repeating: "x", count: 20)
                let scene = "0x\(index % 3)"
                Self.append(
                    rings, ring: ring, clock: clock, name: name, session: session, scene: scene,
                    attrs: ["i": .int(Int64(expected.count))])
                expected.append((name, session, scene))
            }
            consumer.takeAll()
        }
        let events = consumer.events[0]
        #expect(consumer.dropped == 0)
        #expect(rings.producer(0).pointee.tail > UInt64(rings.slotCount * 20), "the ring wrapped many times")
        #expect(events.count == expected.count)
        #expect(events.map(\.attrs) == (0..<expected.count).map { ["i": .int(Int64($0))] })
        #expect(events.map(\.name) == expected.map(\.name))
        #expect(events.map(\.session) == expected.map(\.session))
        #expect(events.map(\.scene) == expected.map(\.scene))
        #expect(events.map(\.t) == (1...UInt64(expected.count)).map { $0 })
    }

    @Test("a full ring drops and counts what does not fit, and a take makes room again")
    func fullRingDrops() throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let rings = RingSet(count: 1, capacity: 4)
        let ring = try #require(rings.acquire())
        let clock = ShardSetTests.countingClock()
        for index in 0..<10 { Self.append(rings, ring: ring, clock: clock, name: "tick", attrs: ["i": .int(Int64(index))]) }
        #expect(rings.pendingDrops() == 6)
        let consumer = Consumer(rings)
        consumer.takeAll()
        #expect(consumer.dropped == 6)
        #expect(rings.pendingDrops() == 0)
        #expect(consumer.events[0].map(\.attrs) == (0..<4).map { ["i": .int(Int64($0))] })
        for index in 10..<14 { Self.append(rings, ring: ring, clock: clock, name: "tick", attrs: ["i": .int(Int64(index))]) }
        consumer.takeAll()
        #expect(consumer.dropped == 6)
        #expect(consumer.events[0].map(\.attrs) == ((0..<4).map { $0 } + (10..<14).map { $0 }).map { ["i": .int(Int64($0))] })
    }

    @Test("a take tells a producer inside an append (its clock read, its event not yet published) from one between appends")
    func producerInsideAnAppend() throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let rings = RingSet(count: 1, capacity: 4)
        let consumer = Consumer(rings)
        // The clock stops the producer inside its second append until the test lets it go.
        let reads = Locked(0)
        let inside = DispatchSemaphore(value: 0)
        let resume = DispatchSemaphore(value: 0)
        let clock = RecorderClock.custom {
            let read = reads.withLock { count in
                count += 1
                return count
            }
            if read == 2 {
                inside.signal()
                resume.wait()
            }
            return UInt64(read) * 100
        }
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            guard let ring = rings.acquire() else { return }
            Self.append(rings, ring: ring, clock: clock, name: "first")
            Self.append(rings, ring: ring, clock: clock, name: "second")
            // Past the ring's room the last of these are dropped, which ends an append as publishing does.
            for _ in 0..<6 { Self.append(rings, ring: ring, clock: clock, name: "second") }
            done.signal()
        }
        inside.wait()
        consumer.takeAll()
        #expect(consumer.events[0].map(\.name) == ["first"])
        #expect(consumer.appending == [true], "the second event's clock is read, the event not published")
        resume.signal()
        done.wait()
        consumer.takeAll()
        // Room for 4 events once the first was taken: the blocked one and three more; three dropped.
        #expect(consumer.events[0].map(\.name) == ["first"] + Array(repeating: "second", count: 4))
        #expect(consumer.events[0].map(\.t) == [100, 200, 300, 400, 500])
        #expect(consumer.dropped == 3)
        #expect(consumer.appending == [true, false], "the last append dropped its event: none in progress")
        Self.append(rings, ring: 0, clock: clock, name: "third")
        consumer.takeAll()
        #expect(consumer.appending == [true, false, false], "an append that published its event is over")
    }

    @Test("an event whose new strings do not fit in the ring is dropped whole")
    func definitionsThatDoNotFit() throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        // 2 events in 8 slots: the first two events take 4 slots each (three new strings and the event);
        // a third, with three more new strings, does not fit, and defines none of them.
        let rings = RingSet(count: 1, capacity: 2)
        #expect(rings.slotCount == 8)
        let ring = try #require(rings.acquire())
        let clock = ShardSetTests.countingClock()
        Self.append(rings, ring: ring, clock: clock, name: "n0", session: "s0", scene: "c0")
        Self.append(rings, ring: ring, clock: clock, name: "n1", session: "s1", scene: "c1")
        #expect(rings.pendingDrops() == 0)
        Self.append(rings, ring: ring, clock: clock, name: "n2", session: "s2", scene: "c2")
        #expect(rings.pendingDrops() == 1)
        #expect(rings.producer(ring).pointee.strings.count == 6, "the dropped event defined nothing")
        let consumer = Consumer(rings)
        consumer.takeAll()
        #expect(consumer.events[0].map(\.name) == ["n0", "n1"])
        #expect(consumer.events[0].map(\.scene) == ["c0", "c1"])
        #expect(consumer.dropped == 1)
    }

    @Test("threads take the free rings, the ones beyond share the shards, and an exiting thread gives its ring back")
    func bindingAndThreadExit() {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let shards = ShardSet(count: 2, capacity: 16)
        let rings = RingSet(count: 2, capacity: 16)
        let registry = ThreadRegistry(shards: shards, rings: rings) { "worker" }
        let bindings = Locked<[ThreadRegistry.Binding]>([])
        // Four threads alive at once: two get the rings, two the shards.
        let bound = DispatchGroup()
        let release = DispatchSemaphore(value: 0)
        let ended = DispatchGroup()
        for _ in 0..<4 {
            bound.enter()
            ended.enter()
            Thread.detachNewThread {
                let binding = registry.current()
                #expect(registry.current() == binding, "a thread keeps its binding")
                bindings.withLock { $0.append(binding) }
                bound.leave()
                release.wait()
                ended.leave()
            }
        }
        bound.wait()
        let first = bindings.withLock { $0 }
        #expect(first.filter(\.isRing).map(\.slot).sorted() == [0, 1])
        #expect(first.filter { !$0.isRing }.count == 2)
        #expect(Set(first.map(\.thread)) == [0, 1, 2, 3])
        #expect(rings.isHeld(0) && rings.isHeld(1))
        for _ in 0..<4 { release.signal() }
        ended.wait()

        // A joined thread has run its destructors: after it, the ring it held is free again.
        let rings1 = RingSet(count: 1, capacity: 16)
        let registry1 = ThreadRegistry(shards: shards, rings: rings1) { "worker" }
        let seen = Locked<[ThreadRegistry.Binding]>([])
        for _ in 0..<3 {
            Self.runThread { seen.withLock { $0.append(registry1.current()) } }
            #expect(!rings1.isHeld(0))
        }
        #expect(seen.withLock { $0 }.map(\.isRing) == [true, true, true])
        #expect(seen.withLock { $0 }.map(\.thread) == [0, 1, 2])
        withExtendedLifetime(registry) {}
    }

    @Test(
        "a recorder released by the thread that recorded lets that thread's lease go, though its registry lives on elsewhere",
        arguments: [false, true])
    func releasingLetsTheLeaseGo(closesFirst: Bool) throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("lease.ndjson")
        // The registry outlives the recorder here, as it does when the writer thread drops it last:
        // its deinit (and the key's deletion) comes later, on another thread.
        let kept = Locked<ThreadRegistry?>(nil)
        let outcome = Locked<(held: Bool, released: Bool)>((false, false))
        Self.runThread {
            var recorder: Recorder? = try? Recorder(file: file, launch: RecorderTests.launch)
            recorder?.mark("leased")
            weak let lease = recorder?.registry.currentLease()
            kept.withLock { $0 = recorder?.registry }
            let held = lease != nil
            // close() lets it go at once; without it, releasing the recorder does.
            if closesFirst { recorder?.close() } else { recorder = nil }
            outcome.withLock { $0 = (held, lease == nil) }
            recorder = nil
        }
        #expect(outcome.withLock { $0.held }, "recording took a ring and its lease")
        #expect(outcome.withLock { $0.released }, "the recording thread's lease is gone with the recorder")
        kept.withLock { $0 = nil }
        #expect(try ParsedTrace(path: file.path).events.map(\.event.name) == ["leased"])
    }

    @Test("threads ending and starting hand their rings on: each thread's events in the file, in order")
    func ringsHandedOnAcrossThreads() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = RecorderConfiguration()
        configuration.ringCount = 1
        configuration.threadLabel = { "worker" }
        let file = directory.appendingPathComponent("handed-on.ndjson")
        let recorder = try Recorder(file: file, launch: RecorderTests.launch, configuration: configuration)
        // One ring, five threads one after the other, all recording with the same strings:
        // each new owner finds the table its predecessor filled and must not redefine wrongly.
        for worker in 0..<5 {
            Self.runThread {
                for index in 0..<1_000 {
                    recorder.mark("name.\(index % 80)", session: "worker-\(worker)", attrs: ["i": .int(Int64(index))])
                }
            }
        }
        recorder.close()
        #expect(recorder.droppedCount == 0)
        let events = try ParsedTrace(path: file.path).events
        #expect(events.count == 5_000)
        for worker in 0..<5 {
            let own = events.filter { $0.session == "worker-\(worker)" }
            #expect(own.map { $0.attrs["i"] } == (0..<1_000).map { .int(Int64($0)) })
            #expect(own.map(\.event.name) == (0..<1_000).map { "name.\($0 % 80)" })
        }
        #expect(events.map(\.seq) == (1...5_000).map { Int64($0) })
    }

    @Test("a stress of more threads than rings, coming and going: the file holds exactly what each recorded")
    func stress() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = RecorderConfiguration()
        configuration.ringCount = 2
        configuration.shardCount = 2
        configuration.bufferCapacity = 1 << 16  // room for every burst: this test is about what arrives, not overflow
        configuration.maximumFileSize = 1 << 30
        let file = directory.appendingPathComponent("stress.ndjson")
        let recorder = try Recorder(file: file, launch: RecorderTests.launch, configuration: configuration)
        let waves = 4
        let perWave = 4
        let perThread = 10_000
        // What each worker recorded: (name, scene, i), by worker.
        let recorded = Locked<[Int: [(String, String?, Int64)]]>([:])
        for wave in 0..<waves {
            let group = DispatchGroup()
            for member in 0..<perWave {
                let worker = wave * perWave + member
                group.enter()
                Thread.detachNewThread {
                    var random = SplitMix64(seed: UInt64(worker) &* 7919)
                    var mine: [(String, String?, Int64)] = []
                    mine.reserveCapacity(perThread)
                    let session = "worker-\(worker)"
                    for index in 0..<perThread {
                        let name = "n\(Int.random(in: 0..<100, using: &random))"
                        let scene: String? = Bool.random(using: &random) ? "scene-\(Int.random(in: 0..<30, using: &random))" : nil
                        recorder.mark(name, session: session, scene: scene, attrs: ["i": .int(Int64(index))])
                        mine.append((name, scene, Int64(index)))
                        if index % 2_500 == 0 && member == 0 { recorder.flush() }
                    }
                    recorded.withLock { $0[worker] = mine }
                    group.leave()
                }
            }
            group.wait()
        }
        recorder.close()
        #expect(recorder.droppedCount == 0)

        let trace = try ParsedTrace(path: file.path)
        #expect(trace.errors.isEmpty)
        #expect(trace.events.count == waves * perWave * perThread)
        #expect(trace.events.map(\.seq) == (1...trace.events.count).map { Int64($0) })
        #expect(zip(trace.events, trace.events.dropFirst()).allSatisfy { $0.t <= $1.t }, "times never go back")
        var byWorker: [String: [(String, String?, Int64)]] = [:]
        for event in trace.events {
            guard let session = event.session, case .int(let index) = event.attrs["i"] else {
                Issue.record("an event without its session or index: \(event)")
                return
            }
            byWorker[session, default: []].append((event.event.name, event.scene, index))
        }
        let expected = recorded.withLock { $0 }
        #expect(byWorker.count == waves * perWave)
        for (worker, mine) in expected {
            let written = byWorker["worker-\(worker)"] ?? []
            #expect(written.count == mine.count)
            let same = zip(written, mine).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 }
            #expect(same, "worker \(worker): the file differs from what it recorded")
        }
    }
}
