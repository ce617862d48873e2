import Foundation
import LifelineFormat
import LifelineSupport
import LifelineTestSupport
import Testing

@testable import LifelineRecorder

/// The recorder's buffers on their own: what producers store, a consumer takes
/// and decodes as the writer does, without a file in between.
@Suite("Shard buffers")
struct ShardSetTests {
    /// A consumer that takes and decodes batches the way ``TraceWriter`` does, reusing its spare buffers,
    /// then parses each decoded event's line back (its tail after a `seq` and `t` head) to see what it holds.
    final class Consumer: @unchecked Sendable {
        let shards: ShardSet
        private var decoder: SlotDecoder
        private var spares: [UnsafeMutableRawPointer?]
        private var tails: [ByteBuffer]
        private(set) var events: [[DecodedEvent]]
        private(set) var dropped = 0
        private(set) var batches = 0

        /// Thread labels the decoder sees: `t0`, `t1`, ...
        static let labels = (0..<16).map { "t\($0)" }

        init(_ shards: ShardSet) {
            self.shards = shards
            decoder = SlotDecoder(shardCount: shards.count) { Consumer.labels }
            spares = Array(repeating: nil, count: shards.count)
            tails = (0..<shards.count).map { _ in ByteBuffer(capacity: 256) }
            events = Array(repeating: [], count: shards.count)
        }

        deinit {
            for spare in spares { spare?.deallocate() }
            for tail in tails { tail.deallocate() }
            decoder.deallocate()
        }

        /// Takes every shard's buffer once.
        func takeAll() {
            for shard in 0..<shards.count {
                let batch = shards.take(shard) {
                    if let spare = spares[shard] { return spare }
                    let spare = shards.allocateSlots()
                    spares[shard] = spare
                    return spare
                }
                dropped += batch.dropped
                guard let slots = batch.slots else { continue }
                if batch.count > 0 { batches += 1 }
                var pending: [PendingEvent] = []
                decoder.decode(batch, shard: shard, into: &pending, tails: &tails[shard])
                for event in pending { events[shard].append(Self.parse(event, tails[shard])) }
                tails[shard].removeAll()
                spares[shard] = slots
            }
        }

        static func parse(_ event: PendingEvent, _ tails: ByteBuffer) -> DecodedEvent {
            var line = ByteBuffer(capacity: 64)
            defer { line.deallocate() }
            EventLineEncoder.appendHead(seq: 1, t: event.t, to: &line)
            line.append(UnsafeRawBufferPointer(start: tails.base + event.tailStart, count: event.tailLength))
            let text = String(decoding: line.bytes.dropLast(), as: UTF8.self)
            guard case .event(let record) = try? TraceRecord(parsing: text) else {
                Issue.record("not an event line: \(text)")
                return DecodedEvent(t: event.t, callback: nil, name: nil, phase: .instant, thread: .max)
            }
            return DecodedEvent(
                t: event.t, callback: record.event.callback, name: record.event.callback == nil ? record.event.name : nil,
                phase: record.phase, session: record.session, scene: record.scene,
                thread: record.thread.flatMap { UInt32($0.dropFirst()) } ?? .max,
                attrs: record.attrs.isEmpty ? nil : record.attrs)
        }
    }

    /// What a decoded event's line says.
    struct DecodedEvent {
        var t: UInt64
        var callback: Callback?
        var name: String?
        var phase: Phase
        var session: String?
        var scene: String?
        var thread: UInt32
        var attrs: Attributes?
    }

    /// A clock that counts up by one per reading, so times are distinct and ordered.
    static func countingClock() -> RecorderClock {
        let counter = Counter()
        return .custom { counter.next() }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value: UInt64 = 0
        func next() -> UInt64 {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }

    @discardableResult
    static func append(
        _ shards: ShardSet, shard: Int = 0, clock: RecorderClock, callback: Callback? = nil, name: String? = nil,
        phase: Phase = .instant, thread: UInt32 = 0, session: String? = nil, scene: String? = nil,
        attrs: Attributes? = nil
    ) -> Bool {
        shards.activate(shard)
        return shards.append(
            to: shard, clock: clock, origin: 0, callback: callback, name: name, phase: phase, thread: thread,
            session: session, scene: scene, attrs: attrs)
    }

    @Test("slots are 32 bytes, two to a cache line, and the kind byte comes first in both kinds")
    func slotLayout() {
        #expect(MemoryLayout<EventSlot>.size <= EventSlot.stride)
        #expect(MemoryLayout<StringDefinitionSlot>.size <= EventSlot.stride)
        #expect(EventSlot.stride == 32 && 64 % EventSlot.stride == 0)
        #expect(MemoryLayout<EventSlot>.offset(of: \.header) == 0)
        #expect(MemoryLayout<StringDefinitionSlot>.offset(of: \.header) == 0)
        #expect(ShardSet.slotAlignment % EventSlot.stride == 0)
    }

    @Test("events come out in the order they were stored, with every field as given")
    func order() {
        let shards = ShardSet(count: 1, capacity: 64)
        let clock = Self.countingClock()
        let session = UUID().uuidString  // a heap string
        Self.append(shards, clock: clock, callback: .willConnectTo, phase: .begin, thread: 3, session: session, scene: "0x1")
        Self.append(shards, clock: clock, name: "db.open", attrs: ["pages": 120, "wal": true])
        Self.append(shards, clock: clock, callback: .willConnectTo, phase: .end, thread: 3, session: session, scene: "0x1")
        Self.append(shards, clock: clock, name: "a name longer than fifteen bytes", phase: .begin, session: "S2")
        Self.append(shards, clock: clock, callback: .didFinishLaunching)
        let consumer = Consumer(shards)
        consumer.takeAll()
        let events = consumer.events[0]
        #expect(events.map(\.t) == [1, 2, 3, 4, 5])
        #expect(events.map(\.callback) == [.willConnectTo, nil, .willConnectTo, nil, .didFinishLaunching])
        #expect(events.map(\.name) == [nil, "db.open", nil, "a name longer than fifteen bytes", nil])
        #expect(events.map(\.phase) == [.begin, .instant, .end, .begin, .instant])
        #expect(events.map(\.session) == [session, nil, session, "S2", nil])
        #expect(events.map(\.scene) == ["0x1", nil, "0x1", nil, nil])
        #expect(events.map(\.thread) == [3, 0, 3, 0, 0])
        #expect(events[1].attrs == ["pages": 120, "wal": true])
        #expect(events.filter { $0.attrs != nil }.count == 1)
        #expect(consumer.dropped == 0)
    }

    @Test("a string is interned once per shard: repeating it stores no new definition")
    func interning() {
        let shards = ShardSet(count: 1, capacity: 64)
        let clock = Self.countingClock()
        let session = UUID().uuidString
        for _ in 0..<10 { Self.append(shards, clock: clock, callback: .sceneDidBecomeActive, session: session, scene: "0x1") }
        // Two definitions (the session and the scene), then ten events.
        #expect(shards.header(0).pointee.count == 12)
        #expect(shards.header(0).pointee.events == 10)
        #expect(shards.header(0).pointee.strings.count == 2)
        // Equal characters in another storage object are a different entry, which decodes to the same text.
        let rebuilt = String(session.utf8.map { Character(Unicode.Scalar($0)) })
        Self.append(shards, clock: clock, callback: .sceneDidBecomeActive, session: rebuilt, scene: "0x1")
        let consumer = Consumer(shards)
        consumer.takeAll()
        #expect(consumer.events[0].count == 11)
        #expect(consumer.events[0].allSatisfy { $0.session == session && $0.scene == "0x1" })
    }

    @Test("buffers are reused take after take, and ids stay right when the table replaces its strings")
    func wrapAround() {
        // Each round stores 8 events, each with up to three strings new to the table: at most 32 slots
        // of the 40 a 32-event buffer has, so nothing drops.
        let perRound = 8
        let shards = ShardSet(count: 1, capacity: 32)
        let clock = Self.countingClock()
        let consumer = Consumer(shards)
        var random = SplitMix64(seed: 16)
        var expected: [(name: String, session: String, scene: String)] = []
        // 300 distinct names through a 64-entry table, each event sharing strings with recent ones.
        for round in 0..<100 {
            for index in 0..<perRound {
                let name = "event.\(Int.random(in: 0..<300, using: &random))"
                let session = "session-\(round / 3)-" + String(repeating: "x", count: 20)
                let scene = "0x\(index % 3)"
                Self.append(shards, clock: clock, name: name, session: session, scene: scene, attrs: ["i": .int(Int64(expected.count))])
                expected.append((name, session, scene))
            }
            consumer.takeAll()
        }
        let events = consumer.events[0]
        #expect(consumer.dropped == 0)
        #expect(consumer.batches == 100)
        #expect(events.count == expected.count)
        #expect(events.map(\.attrs) == (0..<expected.count).map { ["i": .int(Int64($0))] })
        #expect(events.map(\.name) == expected.map(\.name))
        #expect(events.map(\.session) == expected.map(\.session))
        #expect(events.map(\.scene) == expected.map(\.scene))
        #expect(events.map(\.t) == (1...UInt64(expected.count)).map { $0 })
        #expect(shards.header(0).pointee.strings.count == StringInterner.capacity)
    }

    @Test("the table never replaces a string the event being stored uses")
    func evictionKeepsTheEventsOwnStrings() {
        let shards = ShardSet(count: 1, capacity: 1_000)
        let clock = Self.countingClock()
        // Fill the table, then keep the oldest entry (the next to be replaced) in use as the session
        // while every event brings a new name and scene.
        Self.append(shards, clock: clock, name: "fill0", session: "oldest")
        for index in 1..<StringInterner.capacity { Self.append(shards, clock: clock, name: "fill\(index)") }
        for index in 0..<200 {
            Self.append(shards, clock: clock, name: "name\(index)", session: "oldest", scene: "scene\(index)")
        }
        let consumer = Consumer(shards)
        consumer.takeAll()
        let events = consumer.events[0].suffix(200)
        #expect(events.map(\.name) == (0..<200).map { "name\($0)" })
        #expect(events.allSatisfy { $0.session == "oldest" })
        #expect(events.map(\.scene) == (0..<200).map { "scene\($0)" })
    }

    @Test("a full buffer drops and counts what does not fit, and the next take starts empty")
    func fullBufferDrops() {
        let shards = ShardSet(count: 1, capacity: 4)
        let clock = Self.countingClock()
        var wakes = 0
        for index in 0..<10 {
            if Self.append(shards, clock: clock, name: "tick", attrs: ["i": .int(Int64(index))]) { wakes += 1 }
        }
        #expect(wakes == 1, "the writer is woken once per fill, at a quarter")
        #expect(shards.pendingDrops() == 6)
        let consumer = Consumer(shards)
        consumer.takeAll()
        #expect(consumer.dropped == 6)
        #expect(consumer.events[0].map(\.attrs) == (0..<4).map { ["i": .int(Int64($0))] })
        #expect(shards.pendingDrops() == 0)
        for index in 10..<13 { Self.append(shards, clock: clock, name: "tick", attrs: ["i": .int(Int64(index))]) }
        consumer.takeAll()
        #expect(consumer.dropped == 6)
        #expect(consumer.events[0].count == 7)
        #expect(consumer.events[0].last?.attrs == ["i": 12])
    }

    @Test("an event whose new strings do not all fit is dropped whole, and the table is left as it was")
    func definitionsThatDoNotFit() {
        // 3 events, 7 slots: the first two events below need 4 slots each (three new strings and itself).
        let shards = ShardSet(count: 1, capacity: 3)
        let clock = Self.countingClock()
        Self.append(shards, clock: clock, name: "n0", session: "s0", scene: "c0")
        Self.append(shards, clock: clock, name: "n1", session: "s1", scene: "c1")
        #expect(shards.pendingDrops() == 1)
        #expect(shards.header(0).pointee.strings.count == 3)
        // Strings already in the table need no slot: this one fits.
        Self.append(shards, clock: clock, name: "n0", session: "s0", scene: "c0")
        let consumer = Consumer(shards)
        consumer.takeAll()
        #expect(consumer.dropped == 1)
        #expect(consumer.events[0].map(\.name) == ["n0", "n0"])
        #expect(consumer.events[0].map(\.scene) == ["c0", "c0"])
    }

    @Test("producers on real threads with a consumer taking meanwhile: every event once, each thread's in order")
    func concurrentProducers() {
        // Four producers over two shards (two threads share each shard's lock); the consumer takes
        // while they store. Capacity holds every event, so nothing may drop.
        let producers = 4
        let perProducer = 50_000
        let shards = ShardSet(count: 2, capacity: producers * perProducer)
        let consumer = Consumer(shards)
        let finished = Flag()
        let group = DispatchGroup()
        for producer in 0..<producers {
            group.enter()
            Thread.detachNewThread {
                let session = "producer-\(producer)-" + UUID().uuidString
                for index in 0..<perProducer {
                    let name = index % 7 == 0 ? "seven.\(index % 5)" : "tick"
                    shards.activate(producer % 2)
                    _ = shards.append(
                        to: producer % 2, clock: .monotonic, origin: 0, callback: nil, name: name, phase: .instant,
                        thread: UInt32(producer), session: session, scene: nil, attrs: ["i": .int(Int64(index))])
                }
                group.leave()
            }
        }
        let consumerDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            while !finished.value { consumer.takeAll() }
            consumer.takeAll()
            consumerDone.signal()
        }
        group.wait()
        finished.value = true
        consumerDone.wait()

        #expect(consumer.dropped == 0)
        var next = [UInt32: Int](minimumCapacity: producers)
        for (shard, events) in consumer.events.enumerated() {
            #expect(zip(events, events.dropFirst()).allSatisfy { $0.t <= $1.t }, "times never go back within a shard")
            for event in events {
                #expect(Int(event.thread) % 2 == shard)
                let expected = next[event.thread, default: 0]
                guard case .int(let index) = event.attrs?["i"], index == expected else {
                    Issue.record("producer \(event.thread): \(String(describing: event.attrs)) where \(expected) was next")
                    return
                }
                #expect(event.name == (expected % 7 == 0 ? "seven.\(expected % 5)" : "tick"))
                #expect(event.session?.hasPrefix("producer-\(event.thread)-") == true)
                next[event.thread] = expected + 1
            }
        }
        #expect(next.count == producers)
        #expect(next.values.allSatisfy { $0 == perProducer })
    }

    /// A flag set on one thread and read on another.
    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var stored = false
        var value: Bool {
            get { lock.lock(); defer { lock.unlock() }; return stored }
            set { lock.lock(); stored = newValue; lock.unlock() }
        }
    }
}
