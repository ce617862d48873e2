// Measures what recording costs the app's thread, next to reading the clock, in one run.
//
// Each sample times a batch of `batch` calls with the monotonic clock and divides, so the
// timer's own cost is spread over the batch; percentiles are over samples. Every
// `flushEvery` events a thread calls flush() outside the timed region, as an app's bursts
// are separated by quiet time, so buffers never overflow (drops are reported; expect 0).
// The default burst (1,000 events) with the default buffer (4,096 events per thread) is an
// app's situation; `--burst 100000` shows the cost when the buffer no longer fits in cache.
import Dispatch
import Foundation
import LifelineFormat
import LifelineRecorder

struct Options {
    var samples = 20_000
    var batch = 100
    var flushEvery = 1_000
    var rounds = 3

    init(_ arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--samples": samples = Int(iterator.next() ?? "") ?? samples
            case "--batch": batch = Int(iterator.next() ?? "") ?? batch
            case "--rounds": rounds = Int(iterator.next() ?? "") ?? rounds
            case "--burst": flushEvery = Int(iterator.next() ?? "") ?? flushEvery
            default:
                print("usage: recorder-benchmark [--samples N] [--batch N] [--rounds N] [--burst EVENTS]")
                exit(2)
            }
        }
    }
}

/// Per-event nanoseconds, one value per sample.
typealias Samples = [Double]

func percentile(_ sorted: Samples, _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
}

@inline(never)
func measureClock(_ options: Options) -> Samples {
    var samples = Samples()
    samples.reserveCapacity(options.samples)
    var sink: UInt64 = 0
    for _ in 0..<options.samples {
        let start = MonotonicClock.now()
        for _ in 0..<options.batch { sink &+= MonotonicClock.now() }
        let end = MonotonicClock.now()
        samples.append(Double(end - start) / Double(options.batch))
    }
    if sink == 42 { print("") }  // keep the loop
    return samples
}

enum Workload: String, CaseIterable {
    /// `record(.sceneDidBecomeActive, session:scene:)` with a UUID session: what a scene delegate does.
    case callback
    /// `mark("db.open", attrs: [...])`: an app event with a two-entry attribute dictionary built per call.
    case markWithAttributes = "mark+attrs"
}

@inline(never)
func recordBatches(_ recorder: Recorder, _ workload: Workload, _ options: Options, thread: Int) -> Samples {
    var samples = Samples()
    samples.reserveCapacity(options.samples)
    let session = UUID().uuidString
    let scene = "0x60000\(thread)"
    var recorded = 0
    for _ in 0..<options.samples {
        let start = MonotonicClock.now()
        switch workload {
        case .callback:
            for _ in 0..<options.batch { recorder.record(.sceneDidBecomeActive, session: session, scene: scene) }
        case .markWithAttributes:
            for index in 0..<options.batch {
                recorder.mark("db.open", session: session, attrs: ["pages": .int(Int64(index)), "wal": true])
            }
        }
        let end = MonotonicClock.now()
        samples.append(Double(end - start) / Double(options.batch))
        recorded += options.batch
        if recorded >= options.flushEvery {
            recorder.flush()
            recorded = 0
        }
    }
    return samples
}

func measureRecorder(_ workload: Workload, threads: Int, _ options: Options, directory: URL) throws -> (Samples, Int) {
    var configuration = RecorderConfiguration()
    configuration.bufferCapacity = max(RecorderConfiguration().bufferCapacity, options.flushEvery * 2)
    configuration.maximumFileSize = 1 << 40
    let file = directory.appendingPathComponent("bench-\(workload.rawValue)-\(threads).ndjson")
    let recorder = try Recorder(file: file, launch: .current(lifecycle: .scene), configuration: configuration)
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    let results = ResultBox(count: threads)
    for thread in 0..<threads {
        done.enter()
        Thread.detachNewThread {
            start.wait()
            results.set(thread, recordBatches(recorder, workload, options, thread: thread))
            done.leave()
        }
    }
    for _ in 0..<threads { start.signal() }
    done.wait()
    recorder.close()
    try? FileManager.default.removeItem(at: file)
    return (results.all.flatMap { $0 }, recorder.droppedCount)
}

/// Collects each thread's samples.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Samples]
    init(count: Int) { values = Array(repeating: [], count: count) }
    func set(_ index: Int, _ samples: Samples) {
        lock.lock()
        values[index] = samples
        lock.unlock()
    }
    var all: [Samples] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}

let options = Options(CommandLine.arguments)
let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lifeline-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

print("recorder-benchmark: \(options.samples) samples x \(options.batch) calls per thread, best of \(options.rounds) rounds, \(ProcessInfo.processInfo.activeProcessorCount) cores")
print("case                 threads  p50 ns/event  p99 ns/event  p50 / clock p50  dropped")

func row(_ name: String, _ threads: Int, _ samples: Samples, clock: Double, dropped: Int) -> String {
    let sorted = samples.sorted()
    let p50 = percentile(sorted, 0.50)
    let p99 = percentile(sorted, 0.99)
    func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
    func num(_ value: Double) -> String { String(format: "%8.1f", value) }
    return pad(name, 21) + pad(String(threads), 9) + pad(num(p50), 14) + pad(num(p99), 14)
        + pad(String(format: "%10.2fx", p50 / clock), 17) + String(dropped)
}

// Rounds interleave the cases so drift in machine load affects all of them alike; each case keeps its best round.
var best: [String: (Samples, Int)] = [:]
func keep(_ key: String, _ samples: Samples, _ dropped: Int, in best: inout [String: (Samples, Int)]) {
    let p50 = percentile(samples.sorted(), 0.5)
    if let current = best[key], percentile(current.0.sorted(), 0.5) <= p50 { return }
    best[key] = (samples, dropped)
}
for _ in 0..<options.rounds {
    keep("clock", measureClock(options), 0, in: &best)
    for workload in Workload.allCases {
        for threads in [1, 2] {
            let (samples, dropped) = try measureRecorder(workload, threads: threads, options, directory: directory)
            keep("\(workload.rawValue)/\(threads)", samples, dropped, in: &best)
        }
    }
}
let clockSamples = best["clock"]!.0
let clockP50 = percentile(clockSamples.sorted(), 0.5)
print(row("clock_gettime", 1, clockSamples, clock: clockP50, dropped: 0))
for workload in Workload.allCases {
    for threads in [1, 2] {
        let (samples, dropped) = best["\(workload.rawValue)/\(threads)"]!
        print(row(workload.rawValue, threads, samples, clock: clockP50, dropped: dropped))
    }
}
