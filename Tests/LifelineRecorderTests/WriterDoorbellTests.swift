import Dispatch
import Foundation
import LifelineFormat
import LifelineSupport
import Synchronization
import Testing

@testable import LifelineRecorder

/// The doorbell between the recording threads and the writer: a producer's ring wakes a parked
/// writer and costs nothing otherwise, and no ring is lost between the writer's last look at the
/// buffers and its sleep.
@Suite("Writer doorbell")
struct WriterDoorbellTests {
    /// A counter two threads share.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    final class Shared: Sendable {
        let value = Atomic<Int>(0)
    }

    @Test("a ring while the writer is not parked signals nothing; flush's signal always does")
    func ringSignalsOnlyAParkedWriter() {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let doorbell = WriterDoorbell()
        for _ in 0..<100 { doorbell.ring() }
        #expect(doorbell.ringsSignalled == 0)
        #expect(!doorbell.isParked)
        #expect(!doorbell.poll(timeout: 0.001), "no ring left a signal behind for the writer's next wait")
        doorbell.signal()
        #expect(doorbell.poll(timeout: 30), "signal() wakes a polling writer")
    }

    @Test("a writer that finds a buffer past its wake point does not sleep")
    func parkReturnsAtOnceWhenNotQuiet() {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let doorbell = WriterDoorbell()
        var asked = 0
        // Were it to sleep, it would sleep 30 s and report a timeout.
        let woken = doorbell.park(timeout: 30) {
            asked += 1
            #expect(doorbell.isParked, "the writer is marked parked before it looks at the buffers")
            return false
        }
        #expect(woken)
        #expect(asked == 1)
        #expect(!doorbell.isParked)
    }

    @Test("a ring wakes a parked writer, once, and the writer is no longer parked after")
    func ringWakesAParkedWriter() async {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let doorbell = WriterDoorbell()
        let woken = Shared()
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            woken.value.store(doorbell.park(timeout: 30) { true } ? 1 : 0, ordering: .releasing)
            finished.signal()
        }
        while !doorbell.isParked { usleep(100) }
        doorbell.ring()
        finished.wait()
        #expect(woken.value.load(ordering: .acquiring) == 1, "woken by the ring, not by the 30 s timeout")
        #expect(doorbell.ringsSignalled == 1)
        #expect(!doorbell.isParked)
    }

    @Test("a dozing writer is woken only by a producer that is behind (a stride or more undrained)")
    func dozeWokenOnlyWhenBehind() {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let doorbell = WriterDoorbell()
        let woken = Shared()
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            woken.value.store(doorbell.doze(timeout: 30) { true } ? 1 : 0, ordering: .releasing)
            finished.signal()
        }
        while !doorbell.isDozing { usleep(100) }
        #expect(!doorbell.isParked)
        for _ in 0..<100 { doorbell.ring { false } }
        #expect(doorbell.ringsSignalled == 0, "a producer on schedule does not wake a dozing writer")
        #expect(doorbell.isDozing)
        doorbell.ring { true }
        finished.wait()
        #expect(woken.value.load(ordering: .acquiring) == 1, "woken by the ring, not by the 30 s timeout")
        #expect(doorbell.ringsSignalled == 1)
        #expect(!doorbell.isDozing)
    }

    @Test("a ring from inside the writer's last look at the buffers is not lost: the park returns at once")
    func ringWhileParking() {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let doorbell = WriterDoorbell()
        // The writer looked before the producer published (so it found the buffers quiet), and the
        // producer rang after the writer marked itself parked: the ring signals, the wait ends at once.
        let woken = doorbell.park(timeout: 30) {
            doorbell.ring()
            return true
        }
        #expect(woken, "woken by the ring, not by the 30 s timeout")
        #expect(doorbell.ringsSignalled == 1)
    }

    @Test("a producer that publishes then rings never leaves the writer asleep on its event (20,000 rounds, two threads)")
    func noLostWakeUp() {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let rounds = 20_000
        let doorbell = WriterDoorbell()
        let published = Shared()
        let taken = DispatchSemaphore(value: 0)
        let timeouts = Shared()
        let done = DispatchSemaphore(value: 0)
        // The writer: takes what was published, says so, looks again and, finding nothing new, parks a
        // random moment later (as the recorder's writer decides, after a drain, whether to poll or
        // park). A lost wake-up shows as a park that ran to its timeout with an event not taken.
        Thread.detachNewThread {
            var seen = 0
            var random = SplitMix64(seed: 8)
            var sink = 0
            while seen < rounds {
                let now = published.value.load(ordering: .acquiring)
                if now > seen {
                    seen = now
                    taken.signal()
                    continue
                }
                for spin in 0..<Int.random(in: 0..<2_000, using: &random) { sink &+= spin }
                let woken = doorbell.park(timeout: 2) { published.value.load(ordering: .relaxed) == seen }
                if !woken && published.value.load(ordering: .acquiring) > seen {
                    timeouts.value.wrappingAdd(1, ordering: .relaxed)
                }
            }
            withExtendedLifetime(sink) {}
            done.signal()
        }
        // The producer: waits until its last event is taken, then a random moment as long as the
        // writer's, then publishes one event and rings; so each event lands before the writer's
        // look, between its look and its parking, or while it sleeps, and nothing after it can
        // wake the writer for it.
        var random = SplitMix64(seed: 9)
        var sink = 0
        for round in 1...rounds {
            for spin in 0..<Int.random(in: 0..<2_000, using: &random) { sink &+= spin }
            published.value.store(round, ordering: .releasing)
            doorbell.ring()
            taken.wait()
            if timeouts.value.load(ordering: .relaxed) > 0 { break }
        }
        withExtendedLifetime(sink) {}
        // Whatever happened, let the writer finish: it exits once it has taken the last round.
        published.value.store(rounds, ordering: .releasing)
        doorbell.signal()
        done.wait()
        #expect(timeouts.value.load(ordering: .relaxed) == 0, "the writer slept through a ring")
        #expect(doorbell.ringsSignalled > 0, "some rounds found the writer parked")
        #expect(doorbell.ringsSignalled <= rounds)
    }
}
