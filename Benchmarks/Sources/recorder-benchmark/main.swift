// Measures what recording costs the app's thread, next to reading the clock, in one run; and,
// with --sustained, whether the writer keeps up with two threads recording for a minute.
//
// Latency: each recording thread alternates two timed batches of `batch` calls: one of the
// clock alone and one of the workload, so the clock peer sees the same moment of machine
// load as the recorder (other processes, the writer thread, frequency changes). A batch is
// timed with the monotonic clock and divided, which spreads the timer's own cost; percentiles
// are over batches. Every `burst` events a thread calls flush() outside the timed region, as
// an app's bursts are separated by quiet time, so buffers never overflow (drops are printed;
// expect 0). Each figure is the median over rounds. `switched` is the share of the workload's
// batches during which the thread was context-switched (its RUSAGE_THREAD counts read before
// and after the batch, outside the timed region; Linux only), `of tail` the share of the
// batches slower than the p99 that were: how much of the tail the scheduler accounts for;
// `faulted` and its `of tail` the same for batches in which the thread took a page fault.
//
// Sustained: two threads record `record` calls in bursts paced to a rate (by default the
// rate the latency run's 2-thread `record` case reached, flushes included) for the given
// seconds (a thread that lost the CPU skips the bursts it missed rather than catch up), with
// the default RecorderConfiguration and no flush; prints what was dropped and the writer
// thread's CPU time per event.
import Dispatch
import Foundation
import LifelineFormat
import LifelineRecorder

struct Options {
    var samples = 20_000
    var batch = 100
    var burst = 1_000
    var rounds = 5
    var sustained: Double?
    var rate: Double?
    var only: Workload?
    /// Sustained mode: a buffer capacity other than the default, to see what headroom buys.
    var capacity: Int?

    init(_ arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--samples": samples = Int(iterator.next() ?? "") ?? samples
            case "--batch": batch = Int(iterator.next() ?? "") ?? batch
            case "--rounds": rounds = Int(iterator.next() ?? "") ?? rounds
            case "--burst": burst = Int(iterator.next() ?? "") ?? burst
            case "--sustained": sustained = Double(iterator.next() ?? "") ?? 60
            case "--rate": rate = Double(iterator.next() ?? "")
            case "--capacity": capacity = Int(iterator.next() ?? "")
            case "--only": only = Workload(rawValue: iterator.next() ?? "")
            default:
                print(
                    """
                    usage: recorder-benchmark [--samples N] [--batch N] [--rounds N] [--burst EVENTS] [--only WORKLOAD]
                           recorder-benchmark --sustained SECONDS [--rate EVENTS_PER_SECOND_PER_THREAD] [--burst EVENTS] [--capacity EVENTS]
                    workloads: \(Workload.allCases.map(\.rawValue).joined(separator: ", "))
                    """)
                exit(2)
            }
        }
        samples = max(1, samples)
        batch = max(1, batch)
        rounds = max(1, rounds)
        burst = max(batch, burst)
    }
}

enum Workload: String, CaseIterable {
    /// `record(.sceneDidBecomeActive, session:scene:)` with a UUID session: what a scene delegate does.
    case record
    /// `mark("db.open", session:)`: an app event without attributes.
    case mark
    /// Building `["pages": .int(i), "wal": true]` alone: what the caller pays before `mark` is called.
    case attrs
    /// `mark("db.open", session:, attrs: [...])` with the dictionary built per call: caller and recorder together.
    case markWithAttributes = "mark+attrs"

    var records: Bool { self != .attrs }
}

/// Per-event nanoseconds, one value per timed batch.
typealias Samples = [Double]

func percentile(_ sorted: Samples, _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

@inline(never)
func blackHole(_ attributes: Attributes) -> Int { attributes.count }

/// One thread's samples: the clock peer and the workload, taken alternately.
struct ThreadSamples {
    var clock = Samples()
    var work = Samples()
    /// The workload's batches during which the thread was switched out (Linux; empty elsewhere).
    var switched = Samples()
    /// The workload's batches during which the thread took a page fault (Linux; empty elsewhere).
    var faulted = Samples()
    /// Events recorded and the wall time the thread took, flushes included.
    var events = 0
    var seconds = 0.0
}

@inline(never)
func measureThread(_ recorder: Recorder, _ workload: Workload, _ options: Options, thread: Int) -> ThreadSamples {
    var result = ThreadSamples()
    result.clock.reserveCapacity(options.samples)
    result.work.reserveCapacity(options.samples)
    let session = UUID().uuidString
    let scene = "0x60000\(thread)"
    var sink: UInt64 = 0
    var sinceFlush = 0
    let began = MonotonicClock.now()
    for _ in 0..<options.samples {
        let clockStart = MonotonicClock.now()
        for _ in 0..<options.batch { sink &+= MonotonicClock.now() }
        let clockEnd = MonotonicClock.now()
        result.clock.append(Double(clockEnd - clockStart) / Double(options.batch))

        let switchesBefore = contextSwitches()
        let start = MonotonicClock.now()
        switch workload {
        case .record:
            for _ in 0..<options.batch { recorder.record(.sceneDidBecomeActive, session: session, scene: scene) }
        case .mark:
            for _ in 0..<options.batch { recorder.mark("db.open", session: session) }
        case .attrs:
            for index in 0..<options.batch {
                sink &+= UInt64(blackHole(["pages": .int(Int64(index)), "wal": true]))
            }
        case .markWithAttributes:
            for index in 0..<options.batch {
                recorder.mark("db.open", session: session, attrs: ["pages": .int(Int64(index)), "wal": true])
            }
        }
        let end = MonotonicClock.now()
        result.work.append(Double(end - start) / Double(options.batch))
        if let before = switchesBefore, let after = contextSwitches() {
            if after.switches != before.switches { result.switched.append(Double(end - start) / Double(options.batch)) }
            if after.faults != before.faults { result.faulted.append(Double(end - start) / Double(options.batch)) }
        }
        if workload.records {
            result.events += options.batch
            sinceFlush += options.batch
            if sinceFlush >= options.burst {
                recorder.flush()
                sinceFlush = 0
            }
        }
    }
    result.seconds = Double(MonotonicClock.now() - began) / 1e9
    if sink == 42 { print("") }  // keeps the loops
    return result
}

/// Context switches of the calling thread so far, voluntary and involuntary, and its page faults
/// (Linux: `RUSAGE_THREAD`).
func contextSwitches() -> (switches: Int, faults: Int)? {
    #if os(Linux)
    var usage = rusage()
    // RUSAGE_THREAD (1): Glibc's module does not export it (it needs _GNU_SOURCE).
    guard getrusage(__rusage_who_t(1), &usage) == 0 else { return nil }
    return (usage.ru_nvcsw + usage.ru_nivcsw, usage.ru_minflt + usage.ru_majflt)
    #else
    return nil
    #endif
}

/// Runs `body` on `threads` new threads started together; returns their results in order.
func onThreads<Result>(_ threads: Int, _ body: @escaping @Sendable (Int) -> Result) -> [Result] {
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    let results = ResultBox<Result>(count: threads)
    for thread in 0..<threads {
        done.enter()
        Thread.detachNewThread {
            start.wait()
            results.set(thread, body(thread))
            done.leave()
        }
    }
    for _ in 0..<threads { start.signal() }
    done.wait()
    return results.all
}

/// Collects each thread's result.
final class ResultBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Value) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }
    var all: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return values.map { $0! }
    }
}

/// The figures of one case in one round.
struct RoundFigures {
    var p50: Double
    var p99: Double
    var clockP50: Double
    var clockP99: Double
    /// The share of the workload's batches the thread was switched out in, and of the batches above the p99.
    var switchedShare: Double
    var switchedShareOfTail: Double
    var faultedShare: Double
    var faultedShareOfTail: Double
    var dropped: Int
    /// Events per second per thread, flushes included.
    var rate: Double
}

func measure(_ workload: Workload, threads: Int, _ options: Options, directory: URL) throws -> RoundFigures {
    var configuration = RecorderConfiguration()
    configuration.bufferCapacity = max(RecorderConfiguration().bufferCapacity, options.burst * 2)
    configuration.maximumFileSize = 1 << 40
    let file = directory.appendingPathComponent("bench-\(workload.rawValue)-\(threads).ndjson")
    let recorder = try Recorder(file: file, launch: .current(lifecycle: .scene), configuration: configuration)
    let results = onThreads(threads) { measureThread(recorder, workload, options, thread: $0) }
    recorder.close()
    try? FileManager.default.removeItem(at: file)
    let work = results.flatMap(\.work).sorted()
    let clock = results.flatMap(\.clock).sorted()
    let rate = results.map { Double($0.events) / $0.seconds }.reduce(0, +) / Double(threads)
    let p99 = percentile(work, 0.99)
    let switched = results.flatMap(\.switched)
    let faulted = results.flatMap(\.faulted)
    let tail = work.filter { $0 > p99 }.count
    return RoundFigures(
        p50: percentile(work, 0.5), p99: p99, clockP50: percentile(clock, 0.5), clockP99: percentile(clock, 0.99),
        switchedShare: Double(switched.count) / Double(max(1, work.count)),
        switchedShareOfTail: Double(switched.filter { $0 > p99 }.count) / Double(max(1, tail)),
        faultedShare: Double(faulted.count) / Double(max(1, work.count)),
        faultedShareOfTail: Double(faulted.filter { $0 > p99 }.count) / Double(max(1, tail)),
        dropped: recorder.droppedCount, rate: rate)
}

func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ")
        ?? "unknown"
}

func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
func number(_ value: Double, _ format: String = "%.1f") -> String { String(format: format, value) }

// MARK: - Latency

func runLatency(_ options: Options, directory: URL) throws {
    let workloads = options.only.map { [$0] } ?? Workload.allCases
    print(
        "recorder-benchmark: \(options.samples) batches x \(options.batch) calls per thread and workload, clock batches interleaved, median of \(options.rounds) rounds, \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(loadAverage())"
    )
    var rounds: [String: [RoundFigures]] = [:]
    // Rounds interleave the cases so drift in machine load affects all of them alike.
    for _ in 0..<options.rounds {
        for workload in workloads {
            for threads in [1, 2] {
                rounds["\(workload.rawValue)/\(threads)", default: []].append(
                    try measure(workload, threads: threads, options, directory: directory))
            }
        }
    }
    print(
        pad("case", 12) + pad("threads", 9) + pad("clock p50", 11) + pad("p50 ns", 9) + pad("p99 ns", 9)
            + pad("p50/clock", 11) + pad("p99/clock", 11) + pad("clock p99", 11) + pad("switched", 10)
            + pad("of tail", 9) + pad("faulted", 9) + pad("of tail", 9) + pad("events/s/thread", 17) + "dropped")
    var p50s: [String: Double] = [:]
    var clocks: [String: Double] = [:]
    var worstRatio = 0.0
    var worstTail = 0.0
    for workload in workloads {
        for threads in [1, 2] {
            let key = "\(workload.rawValue)/\(threads)"
            let figures = rounds[key]!
            let clock = median(figures.map(\.clockP50))
            let p50 = median(figures.map(\.p50))
            let p99 = median(figures.map(\.p99))
            p50s[key] = p50
            clocks[key] = clock
            let p50Ratio = median(figures.map { $0.p50 / $0.clockP50 })
            let p99Ratio = median(figures.map { $0.p99 / $0.clockP50 })
            if workload == .record {
                worstRatio = max(worstRatio, p50Ratio)
                worstTail = max(worstTail, p99Ratio)
            }
            print(
                pad(workload.rawValue, 12) + pad(String(threads), 9) + pad(number(clock), 11) + pad(number(p50), 9)
                    + pad(number(p99), 9) + pad(number(p50Ratio, "%.2fx"), 11) + pad(number(p99Ratio, "%.2fx"), 11)
                    + pad(number(median(figures.map(\.clockP99))), 11)
                    + pad(number(median(figures.map(\.switchedShare)) * 100, "%.2f%%"), 10)
                    + pad(number(median(figures.map(\.switchedShareOfTail)) * 100, "%.0f%%"), 9)
                    + pad(number(median(figures.map(\.faultedShare)) * 100, "%.2f%%"), 9)
                    + pad(number(median(figures.map(\.faultedShareOfTail)) * 100, "%.0f%%"), 9)
                    + pad(workload.records ? number(median(figures.map(\.rate)), "%.0f") : "-", 17)
                    + (workload.records ? String(figures.map(\.dropped).reduce(0, +)) : "-"))
        }
    }
    for threads in [1, 2] where workloads.contains(.markWithAttributes) && workloads.contains(.attrs) {
        let total = p50s["mark+attrs/\(threads)"]!
        let caller = p50s["attrs/\(threads)"]!
        let clock = clocks["mark+attrs/\(threads)"]!
        print(
            "mark+attrs, \(threads) thread\(threads == 1 ? "" : "s"): \(number(total)) ns = caller building the attributes \(number(caller)) ns + recorder \(number(total - caller)) ns (\(number((total - caller) / clock, "%.2f"))x the clock read)"
        )
    }
    if workloads.contains(.record) {
        // The line a script compares with the targets (p50 <= 2x, p99 <= 4x): the worse of 1 and 2 threads.
        print("record p50 / clock read: \(number(worstRatio, "%.2f"))x, p99 / clock read: \(number(worstTail, "%.2f"))x")
    }
}

// MARK: - Sustained

/// The ids of this process's threads (Linux: /proc/self/task).
func threadIDs() -> Set<String> {
    Set((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? [])
}

/// CPU nanoseconds the thread `id` of this process has run (Linux: its schedstat; nil elsewhere).
func threadCPUNanoseconds(_ id: String) -> UInt64? {
    let stat = (try? String(contentsOfFile: "/proc/self/task/\(id)/schedstat", encoding: .utf8)) ?? ""
    return stat.split(separator: " ").first.flatMap { UInt64($0) }
}

func runSustained(_ options: Options, seconds: Double, directory: URL) throws {
    let threads = 2
    let rate: Double
    if let given = options.rate {
        rate = given
    } else {
        // The rate the latency benchmark's 2-thread `record` case reaches, flushes included.
        var calibration = options
        calibration.samples = min(options.samples, 5_000)
        rate = try measure(.record, threads: threads, calibration, directory: directory).rate
    }
    print(
        "recorder-benchmark --sustained: \(threads) threads x \(number(rate, "%.0f")) events/s each for \(number(seconds, "%.0f")) s, bursts of \(options.burst), \(options.capacity.map { "buffers of \($0) events" } ?? "default configuration"), \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(loadAverage())"
    )
    let file = directory.appendingPathComponent("sustained.ndjson")
    // The writer is the one thread the recorder starts.
    let threadsBefore = threadIDs()
    var configuration = RecorderConfiguration()
    if let capacity = options.capacity { configuration.bufferCapacity = capacity }
    let recorder = try Recorder(file: file, launch: .current(lifecycle: .scene), configuration: configuration)
    let started = threadIDs().subtracting(threadsBefore)
    let writer = started.count == 1 ? started.first : nil
    let writerBefore = writer.flatMap(threadCPUNanoseconds)
    let burstInterval = Double(options.burst) / rate
    let results = onThreads(threads) { thread -> (events: Int, lateBursts: Int) in
        let session = UUID().uuidString
        let scene = "0x60000\(thread)"
        let began = MonotonicClock.now()
        var events = 0
        var late = 0
        var next = 0.0
        while next < seconds {
            let now = Double(MonotonicClock.now() - began) / 1e9
            if now < next {
                usleep(UInt32(min(1e6, (next - now) * 1e6)))
                continue
            }
            // A thread that lost the CPU past its next burst skips the bursts it missed, as an app's
            // events happen when they happen: catching up would record many bursts back to back, a
            // spike above the rate that no buffer of a fixed size absorbs.
            if now - next > burstInterval {
                late += 1
                next = now
            }
            for _ in 0..<options.burst { recorder.record(.sceneDidBecomeActive, session: session, scene: scene) }
            events += options.burst
            next += burstInterval
        }
        return (events, late)
    }
    let dropped = recorder.droppedCount
    let writerAfterRecording = writer.flatMap(threadCPUNanoseconds)
    recorder.close()
    let recorded = results.map(\.events).reduce(0, +)
    // Every part of the trace (it rotates at 32 MiB): event lines, not launch records.
    var written = 0
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasPrefix("sustained") {
        let part = directory.appendingPathComponent(name)
        if let data = FileManager.default.contents(atPath: part.path) {
            written += data.withUnsafeBytes { bytes in bytes.reduce(0) { $0 &+ ($1 == 10 ? 1 : 0) } } - 1
        }
        try? FileManager.default.removeItem(at: part)
    }
    print(
        "recorded \(recorded) events (\(number(Double(recorded) / seconds, "%.0f")) events/s), \(results.map(\.lateBursts).reduce(0, +)) times a thread was late and skipped what it missed; \(written) event lines written (a `lifeline.dropped` report among them if anything dropped)"
    )
    if let before = writerBefore, let after = writerAfterRecording {
        let cpu = Double(after - before)
        print(
            "writer thread CPU: \(number(cpu / 1e9, "%.2f")) s over \(number(seconds, "%.0f")) s = \(number(cpu / Double(recorded), "%.0f")) ns per event (\(number(cpu / 1e9 / seconds * 100, "%.1f"))% of a core)"
        )
    } else {
        print("writer thread CPU: unavailable on this platform")
    }
    print("dropped: \(dropped)")
}

// MARK: - Main

let options = Options(CommandLine.arguments)
let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lifeline-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
if let seconds = options.sustained {
    try runSustained(options, seconds: seconds, directory: directory)
} else {
    try runLatency(options, directory: directory)
}
