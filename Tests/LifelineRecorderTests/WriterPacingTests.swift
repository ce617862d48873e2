import Testing

@testable import LifelineRecorder

/// When the writer polls and when it parks, from the events its drains took and the times they
/// ended (simulated: no clock is read).
@Suite("Writer pacing")
struct WriterPacingTests {
    static let millisecond: UInt64 = 1_000_000

    /// A drain that took `events` from each source in `sources`, ending at `now` ms.
    static func drain(_ pacing: inout WriterPacing, at now: UInt64, _ events: [Int: Int] = [:]) -> Bool {
        for (source, count) in events { pacing.took(count, from: source) }
        pacing.decide(now: now * millisecond)
        return pacing.isPolling
    }

    @Test("the threshold is an eighth of the wake stride, at least one event")
    func threshold() {
        #expect(WriterPacing(sources: 16, wakeStride: 2048, now: 0).threshold == 256)
        #expect(WriterPacing(sources: 16, wakeStride: 64, now: 0).threshold == 8)
        #expect(WriterPacing(sources: 1, wakeStride: 1, now: 0).threshold == 1)
    }

    @Test("an app recording dozens of events a second never makes the writer poll, bursts of a hundred included")
    func appPaceParks() {
        var pacing = WriterPacing(sources: 16, wakeStride: 2048, now: 0)
        for interval in 1...400 {
            // 100 events a second on the main thread, a burst of 200 on another every second.
            let burst = interval % 4 == 0 ? 200 : 0
            #expect(!Self.drain(&pacing, at: UInt64(interval) * 250, [0: 25, 9: burst]))
        }
    }

    @Test("many events over a long interval (4,000 a second) is not fast enough to poll")
    func slowRateParks() {
        var pacing = WriterPacing(sources: 16, wakeStride: 2048, now: 0)
        #expect(!Self.drain(&pacing, at: 250, [3: 1_000]))
        #expect(!Self.drain(&pacing, at: 500, [3: 1_000]))
    }

    @Test("a thread reaching its wake point fast makes the writer poll; a window with little parks it")
    func fastThreadPollsThenParks() {
        var pacing = WriterPacing(sources: 16, wakeStride: 2048, now: 0)
        // Parked; rung 20 ms later with a stride taken (100,000 events a second).
        #expect(Self.drain(&pacing, at: 20, [8: 2_048]))
        // Polls of 1 ms: the rate is judged only once a window (16 ms) has passed, however little each took.
        for now in UInt64(21)..<36 { #expect(Self.drain(&pacing, at: now, [8: 10])) }
        // 15 × 10 + 100 = 250 events in the window: under the threshold of 256, so it parks.
        #expect(!Self.drain(&pacing, at: 36, [8: 100]))
    }

    @Test("bursts with gaps shorter than a window keep the writer polling")
    func burstsKeepPolling() {
        var pacing = WriterPacing(sources: 16, wakeStride: 2048, now: 0)
        #expect(Self.drain(&pacing, at: 1, [8: 1_000]))
        // A burst of 1,000 every 10 ms (100,000 events a second), polled every millisecond.
        for now in UInt64(2)...200 {
            #expect(Self.drain(&pacing, at: now, now % 10 == 0 ? [8: 1_000] : [:]))
        }
        // The bursts stop: the writer parks at the end of the first window without one, within two windows.
        var parkedAt: UInt64?
        for now in UInt64(201)...260 where parkedAt == nil {
            if !Self.drain(&pacing, at: now) { parkedAt = now }
        }
        #expect(parkedAt.map { $0 > 200 && $0 <= 232 } == true)
    }

    @Test("the threshold is per source: several slow threads do not add up to a fast one")
    func perSource() {
        var pacing = WriterPacing(sources: 16, wakeStride: 2048, now: 0)
        #expect(!Self.drain(&pacing, at: 16, [0: 200, 1: 200, 2: 200, 3: 200]))
        #expect(Self.drain(&pacing, at: 32, [0: 200, 1: 300]))
    }

    @Test("while polling, the writer waits half the time the busiest thread takes to fill a wake stride, 1 to 16 ms")
    func intervalFollowsTheRate() {
        // 2,048 events in 1 ms (2 million a second): a stride in 1.02 ms, half of it under the 1 ms floor.
        var fast = WriterPacing(sources: 16, wakeStride: 2048, now: 0)
        #expect(Self.drain(&fast, at: 1, [8: 2_048]))
        #expect(fast.pollsAtShortest)
        // 2,048 events in 20 ms (~100,000 a second): a stride in 20 ms, so a drain every 10 ms.
        var steady = WriterPacing(sources: 16, wakeStride: 2048, now: 0)
        #expect(Self.drain(&steady, at: 20, [8: 2_048]))
        #expect(!steady.pollsAtShortest)
        #expect(abs(steady.interval - 0.010) < 0.0001)
        // 300 events in 16 ms (~19,000 a second): half a stride is 55 ms, capped at the 16 ms window.
        var slow = WriterPacing(sources: 16, wakeStride: 2048, now: 0)
        #expect(Self.drain(&slow, at: 16, [2: 300]))
        #expect(slow.interval == 0.016)
    }

    @Test("a thread that speeds up between two drains shortens the wait at once, not at the window's end")
    func speedUpShortensTheWait() {
        var pacing = WriterPacing(sources: 16, wakeStride: 2048, now: 0)
        #expect(Self.drain(&pacing, at: 20, [8: 2_048]))
        #expect(!pacing.pollsAtShortest)
        // 10 ms later, a drain woken by the thread (a stride undrained at its wake point) took 4,096.
        #expect(Self.drain(&pacing, at: 22, [8: 4_096]))
        #expect(pacing.pollsAtShortest)
    }

    @Test("a clock reading before the window's start counts as no time passed")
    func clockBackwards() {
        var pacing = WriterPacing(sources: 2, wakeStride: 2048, now: 100 * Self.millisecond)
        #expect(Self.drain(&pacing, at: 50, [1: 256]))
    }
}
