import Foundation
import LifelineFormat
import LifelineSupport
import LifelineTestSupport
import Testing

/// A recording process killed with SIGKILL at many random moments: what the file keeps, and what the kill loses.
///
/// The probe (`recorder-probe counted`) records from several threads with the default
/// configuration and tells, through a shared memory-mapped file that outlives it, how
/// many events each thread had recorded and when. Set `LIFELINE_RECORDER_KILLS` for more
/// rounds than CI's 100, and `LIFELINE_FAULT_SEED` to replay a run's moments.
@Suite("Recorder killed at random moments")
struct RecorderKillTests {
    static let threads = 4

    /// What one killed recording left and lost.
    struct Round {
        /// Nanoseconds between the last event recorded (by any thread) and the last one in the file.
        var lossWindow: Int64
        var recorded = 0
        /// Recorded but neither in the file nor counted in a `lifeline.dropped` event.
        var lost = 0
        var dropped = 0
        var tornTail = false
    }

    @Test("SIGKILL at 100 random moments: whole valid lines in order but a torn last one, and only the newest events lost")
    func killAtRandomMoments() throws {
        let rounds = ProcessInfo.processInfo.environment["LIFELINE_RECORDER_KILLS"].flatMap(Int.init) ?? 100
        let seed = ProcessInfo.processInfo.environment["LIFELINE_FAULT_SEED"].flatMap(UInt64.init) ?? 0x5EED_0012
        var random = SplitMix64(seed: seed)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var results: [Round] = []
        for round in 0..<rounds {
            // Up to 0.6 s: before the first flush, across two or more flush intervals (0.25 s by default).
            let delay = Double(random.next() % 600_001) / 1_000_000
            let result = try killRound(round, after: delay, in: directory)
            results.append(result)
        }
        let windows = results.map(\.lossWindow).sorted()
        let worst = windows.last ?? 0
        print(
            """
            recorder kill: \(rounds) rounds (seed \(seed)), \(Self.threads) threads, \
            \(results.map(\.recorded).reduce(0, +)) events recorded, \(results.map(\.lost).reduce(0, +)) lost to the kill, \
            \(results.map(\.dropped).reduce(0, +)) dropped and counted, worst loss \(results.map(\.lost).max() ?? 0) events, \
            \(results.filter(\.tornTail).count) torn last lines; loss window median \
            \(Double(windows[windows.count / 2]) / 1e6) ms, worst \(Double(worst) / 1e6) ms \
            (flush interval 250 ms)
            """)
    }

    /// Starts the probe, kills it `delay` seconds after it says it is recording, and checks its file.
    func killRound(_ round: Int, after delay: Double, in directory: URL) throws -> Round {
        let file = directory.appendingPathComponent("killed-\(round).ndjson")
        let counts = directory.appendingPathComponent("counts-\(round)")
        let process = Process()
        process.executableURL = RecorderProcessTests.probe
        process.arguments = ["counted", file.path, String(Self.threads), counts.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let ready = output.fileHandleForReading.availableData
        #expect(String(decoding: ready, as: UTF8.self).hasPrefix("ready"), "round \(round)")
        Thread.sleep(forTimeInterval: delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "round \(round)")

        // What the probe had recorded when it died.
        let slots = try Data(contentsOf: counts).withUnsafeBytes { Array($0.bindMemory(to: Int64.self)) }
        #expect(slots.count == 1 + Self.threads * 2)
        let started = slots[0]
        let recorded = (0..<Self.threads).map { Int(slots[1 + $0 * 2]) }
        let lastRecordedAt = (0..<Self.threads).map { slots[2 + $0 * 2] }.max() ?? started

        // The file may not exist yet (killed before the first flush): nothing was written.
        guard FileManager.default.fileExists(atPath: file.path) else {
            return Round(lossWindow: lastRecordedAt - started, recorded: recorded.reduce(0, +), lost: recorded.reduce(0, +))
        }
        let trace = try TraceFile(contentsOf: file.path)
        // Every terminated line is whole and valid; only an unterminated last line may be torn.
        #expect(trace.errors.isEmpty, "round \(round): \(trace.errors.map(\.description))")
        let bytes = try Data(contentsOf: file)
        let tail = bytes.lastIndex(of: 0x0A).map { bytes[($0 + 1)...] } ?? bytes[...]
        let tornTail = !tail.isEmpty && (try? TraceRecord(parsing: String(decoding: tail, as: UTF8.self))) == nil
        #expect(trace.records.first.map { if case .launch = $0 { true } else { false } } ?? true, "round \(round)")

        var indexes = Array(repeating: [Int64](), count: Self.threads)
        var lastWrittenAt = started
        var dropped: Int64 = 0
        var lastSeq: Int64 = 0
        for event in trace.events {
            #expect(event.seq > lastSeq, "round \(round): seq \(event.seq) after \(lastSeq)")
            lastSeq = event.seq
            if event.event == .dropped {
                if case .int(let count) = event.attrs["count"] { dropped += count }
                continue
            }
            guard let session = event.session, session.hasPrefix("T"), let thread = Int(session.dropFirst()),
                thread < Self.threads, case .int(let index) = event.attrs["index"],
                case .int(let at) = event.attrs["at"]
            else {
                Issue.record("round \(round): unexpected event \(event)")
                continue
            }
            indexes[thread].append(index)
            lastWrittenAt = max(lastWrittenAt, at)
        }
        var written = 0
        var holes: Int64 = 0
        for thread in 0..<Self.threads {
            let seen = indexes[thread]
            // Each thread's events in its own order, none twice; a gap only where events were dropped (counted).
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 }, "round \(round), thread \(thread)")
            if let last = seen.last { holes += last + 1 - Int64(seen.count) }
            // A kill between mark() returning and the count being stored leaves one event uncounted.
            #expect(seen.count <= recorded[thread] + 1, "round \(round), thread \(thread)")
            written += seen.count
        }
        #expect(holes <= dropped, "round \(round): \(holes) missing events but \(dropped) counted as dropped")
        let total = recorded.reduce(0, +)
        return Round(
            lossWindow: max(0, lastRecordedAt - lastWrittenAt), recorded: total,
            lost: max(0, total - written - Int(dropped)), dropped: Int(dropped), tornTail: tornTail)
    }
}
