/// When the writer polls and when it parks: it polls while a thread records fast, and parks, for
/// the flush interval, when none does.
///
/// A parked writer is woken by the recording threads' wake points (``WriterDoorbell``), each a
/// system call on the recording thread; a polling writer sleeps ``pollInterval`` at a time and
/// drains on its own, so those wake points cost the recording thread nothing. Polling costs the
/// writer's core a thousand short wakes a second, which only a thread recording far faster than
/// an app's lifecycle (dozens of events a second) is worth.
///
/// The writer polls after a drain when one source (a ring or a shard) supplied at least
/// ``threshold`` events (an eighth of a wake stride: 256 at the default capacity) since the last
/// decision, at a rate of at least ``threshold`` per ``window`` (16,000 events a second by default).
/// Once polling, it decides again only after a whole ``window`` (16 polls), so a thread recording
/// in bursts with gaps of a few milliseconds keeps it polling. Below that rate a thread reaches
/// its next wake point at most every 128 ms (a stride at 16,000 a second), about eight system calls
/// a second against a thousand polls; above it the polls pay for themselves. An app recording
/// dozens of events a second supplies a few per flush interval and never reaches the threshold;
/// a burst of a few hundred events makes the writer poll for one window, then park.
///
/// ``pollInterval``: at the fastest rate a thread records (about 4 million events a second on the
/// machines measured), 1 ms is 4,000 events, under the 8,192 a ring holds by default, so a polling
/// writer keeps up with one thread without being rung; a smaller buffer makes the thread reach its
/// wake points between polls, and then it rings only if the writer has parked.
///
/// Times are the monotonic clock's, never the recorder's configured clock (a simulation's clock
/// says nothing about how fast the buffers fill).
struct WriterPacing {
    /// How long the writer sleeps between drains while polling, in seconds.
    static let pollInterval = 0.001
    /// How long the writer keeps polling before it looks at the rate again, in nanoseconds.
    static let window: UInt64 = 16_000_000

    /// Events one source must supply since the last decision for the writer to poll.
    let threshold: Int
    /// Whether the writer polls until the next drain.
    private(set) var isPolling = false
    /// When the current window began (the last decision).
    private var windowStart: UInt64
    /// Per source, events taken since `windowStart`.
    private var taken: [Int]

    /// - Parameters:
    ///   - sources: The shards and rings the writer drains.
    ///   - wakeStride: Events a thread records between two of its wake points.
    ///   - now: The monotonic clock's reading.
    init(sources: Int, wakeStride: Int, now: UInt64) {
        threshold = max(1, wakeStride / 8)
        windowStart = now
        taken = Array(repeating: 0, count: sources)
    }

    /// Counts the events a drain took from `source`.
    mutating func took(_ events: Int, from source: Int) {
        taken[source] += events
    }

    /// After a drain: decides whether the writer polls (``isPolling``) or parks until the next.
    mutating func decide(now: UInt64) {
        let elapsed = now >= windowStart ? now - windowStart : 0
        if isPolling && elapsed < Self.window { return }
        let busiest = taken.max() ?? 0
        isPolling = busiest >= threshold && Double(busiest) * Double(Self.window) >= Double(threshold) * Double(elapsed)
        windowStart = now
        for source in taken.indices { taken[source] = 0 }
    }
}
