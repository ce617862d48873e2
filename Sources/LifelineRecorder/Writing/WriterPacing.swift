/// When the writer polls and when it parks: it polls while a thread records fast, and parks, for
/// the flush interval, when none does.
///
/// A parked writer is woken by the recording threads' wake points (``WriterDoorbell``), each a
/// system call on the recording thread; a polling writer sleeps a short ``interval`` at a time
/// and drains on its own, so those wake points cost the recording thread nothing. Polling only
/// pays while a thread records far faster than an app's lifecycle (dozens of events a second).
///
/// The writer polls after a drain when one source (a ring or a shard) supplied at least
/// ``threshold`` events (an eighth of a wake stride: 256 at the default capacity) since the last
/// decision, at a rate of at least ``threshold`` per ``window`` (16,000 events a second by default).
/// Once polling, it decides again only after a whole ``window``, so a thread recording in bursts
/// with gaps of a few milliseconds keeps it polling. Below that rate a thread reaches its next wake
/// point at most every 128 ms (a stride at 16,000 a second): a few system calls a second, not worth
/// the polls. An app recording dozens of events a second supplies a few per flush interval and
/// never reaches the threshold; a burst of a few hundred events makes the writer poll for a
/// window or two, then park.
///
/// How often it polls: half the time the busiest source takes to record a wake stride, at the
/// window's rate, between ``pollInterval`` (1 ms) and ``window`` (16 ms). Twice per stride, a
/// producer at its wake point normally finds less than a stride undrained, and the writer dozes
/// (``WriterDoorbell/doze(timeout:isQuiet:)``): only a producer that does find a stride undrained
/// (it sped up) signals it, and the drain that follows shortens the wait at once. So the writer
/// drains about as often as the wake points used to wake it (at 100,000 events a second, every
/// 10 ms), and its CPU per event stays what it was. At the fastest rates half a stride is under
/// 1 ms (a thread records about 4 million events a second at most on the machines measured: 2,048
/// events in 0.5 ms); the writer then polls every millisecond, marked awake, and producers never
/// signal: 1 ms is 4,000 events at that rate, under the 8,192 a ring holds.
///
/// Times are the monotonic clock's, never the recorder's configured clock (a simulation's clock
/// says nothing about how fast the buffers fill).
struct WriterPacing {
    /// The shortest wait between drains while polling, in seconds.
    static let pollInterval = 0.001
    /// How long the writer keeps polling before it looks at the rate again, in nanoseconds;
    /// also the longest wait between drains while polling.
    static let window: UInt64 = 16_000_000

    /// Events one source must supply since the last decision for the writer to poll.
    let threshold: Int
    /// Events a thread records between two of its wake points.
    let wakeStride: Int
    /// Whether the writer polls until the next drain.
    private(set) var isPolling = false
    /// While polling, how long to wait before the next drain, in seconds: under half the time the
    /// busiest source takes to record a wake stride, between ``pollInterval`` and ``window``.
    private(set) var interval = Self.pollInterval
    /// When the current window began (the last decision).
    private var windowStart: UInt64
    /// When the last drain ended.
    private var lastDrain: UInt64
    /// Per source, events taken since `windowStart`.
    private var taken: [Int]
    /// The most events one source gave the last drain.
    private var drainBusiest = 0

    /// - Parameters:
    ///   - sources: The shards and rings the writer drains.
    ///   - wakeStride: Events a thread records between two of its wake points.
    ///   - now: The monotonic clock's reading.
    init(sources: Int, wakeStride: Int, now: UInt64) {
        self.wakeStride = max(1, wakeStride)
        threshold = max(1, wakeStride / 8)
        windowStart = now
        lastDrain = now
        taken = Array(repeating: 0, count: sources)
    }

    /// Whether the writer polls every ``pollInterval`` without being rung (a thread records so fast
    /// that any longer wait would let it pass a wake point undrained), rather than dozing longer.
    var pollsAtShortest: Bool { interval <= Self.pollInterval }

    /// Counts the events a drain took from `source`.
    mutating func took(_ events: Int, from source: Int) {
        taken[source] += events
        drainBusiest = max(drainBusiest, events)
    }

    /// After a drain: decides whether the writer polls (``isPolling``), and how often
    /// (``interval``), or parks until the next.
    mutating func decide(now: UInt64) {
        let sinceDrain = now >= lastDrain ? now - lastDrain : 0
        // A drain that took a stride or more from one source came late for it (its producer found a
        // stride undrained): that source's rate since the last drain shortens the wait at once. Less
        // than a stride says nothing: a burst of a few hundred events looks fast over any interval.
        let lateRate = drainBusiest >= wakeStride ? Double(drainBusiest) / Double(max(1, sinceDrain)) : 0
        lastDrain = now
        drainBusiest = 0
        let elapsed = now >= windowStart ? now - windowStart : 0
        if isPolling && elapsed < Self.window {
            if lateRate > 0 { interval = min(interval, interval(forRate: lateRate)) }
            return
        }
        let busiest = taken.max() ?? 0
        isPolling = busiest >= threshold && Double(busiest) * Double(Self.window) >= Double(threshold) * Double(elapsed)
        if isPolling {
            interval = interval(forRate: max(lateRate, Double(busiest) / Double(max(1, elapsed))))
        }
        windowStart = now
        for source in taken.indices { taken[source] = 0 }
    }

    /// The wait, in seconds, for a source recording `rate` events a nanosecond: half a wake stride's worth.
    private func interval(forRate rate: Double) -> Double {
        guard rate > 0 else { return Double(Self.window) / 1e9 }
        let half = Double(wakeStride) / 2 / rate / 1e9
        return min(Double(Self.window) / 1e9, max(Self.pollInterval, half))
    }
}
