import LifelineFormat
import LifelineRules
import LifelineTestSupport

/// Random traces over a tiny alphabet, built to hit scope edges, slicing and timing corners.
///
/// Pattern events are `p.a`, `p.b`, `p.c` (with an attribute `k`), scope
/// events `s.q` and `s.r`, noise `x.n`, plus `didFinishLaunching` (app-level)
/// and `didDiscardSceneSessions` naming sessions. Times advance 0–3 s per event.
enum RandomTraces {
    static let patternEvents = ["p.a", "p.b", "p.c"]
    static let allEvents = ["p.a", "p.b", "p.c", "s.q", "s.r", "x.n"]

    static func launches(seed: UInt64, maxEvents: Int = 14) -> [ReferenceEvaluator.Launch] {
        var random = SplitMix64(seed: seed)
        let launchCount = Int.random(in: 1...3, using: &random) == 3 ? 2 : 1
        var launches: [ReferenceEvaluator.Launch] = []
        var line = 1
        for launchIndex in 0..<launchCount {
            let lifecycle: Lifecycle = Int.random(in: 0..<5, using: &random) == 0 ? .app : .scene
            let record = LaunchRecord(launch: "L\(launchIndex + 1)", lifecycle: lifecycle)
            let launchLine = line
            line += 1
            var events: [(event: EventRecord, line: Int)] = []
            var t: Int64 = 1_000_000_000
            var openBegins: [(String, String?, String?)] = []
            let count = Int.random(in: 0...maxEvents, using: &random)
            for seq in 1...max(1, count) where count > 0 {
                t += Int64.random(in: 0...3, using: &random) * 500_000_000
                let session: String? = ["S1", "S2", nil, nil].randomElement(using: &random)!
                let scene: String? = session.map { $0 == "S1" ? (Bool.random(using: &random) ? "c1" : "c1b") : "c2" }
                var name = allEvents.randomElement(using: &random)!
                var phase = Phase.instant
                var attrs: Attributes = [:]
                let roll = Int.random(in: 0..<20, using: &random)
                var eventSession = session
                var eventScene = scene
                if roll == 0 {
                    name = Callback.didFinishLaunching.name
                    eventSession = nil
                    eventScene = nil
                } else if roll == 1 {
                    name = Callback.didDiscardSceneSessions.name
                    attrs["sessions"] = .strings([["S1"], ["S2"], ["S1", "S2"]].randomElement(using: &random)!)
                    eventSession = nil
                    eventScene = nil
                } else if roll < 6 {
                    // Begin/end pairs of p.a for durations.
                    if let open = openBegins.popLast(), Bool.random(using: &random) {
                        name = open.0
                        eventSession = open.1
                        eventScene = open.2
                        phase = .end
                    } else {
                        name = "p.a"
                        phase = .begin
                        openBegins.append((name, eventSession, eventScene))
                    }
                }
                if patternEvents.contains(name) { attrs["k"] = .int(Int64.random(in: 0...1, using: &random)) }
                let event = EventRecord(
                    seq: Int64(seq), t: t, event: EventName(name), phase: phase, session: eventSession,
                    scene: eventScene, thread: "main", attrs: attrs)
                events.append((event, line))
                line += 1
            }
            launches.append(
                ReferenceEvaluator.Launch(record: record, trace: "trace.ndjson", file: "trace.ndjson", line: launchLine, events: events))
        }
        return launches
    }

    /// Runs the streaming checker over launches, collecting comparable findings and verdicts.
    static func stream(_ rules: RuleSet, _ launches: [ReferenceEvaluator.Launch]) -> ([ReferenceFinding], [InstanceResult]) {
        StreamRun(rules).check(launches)
    }

    /// One checker reused for many traces: `finish()` ends a trace and the next one starts fresh.
    final class StreamRun {
        private var findings: [ReferenceFinding] = []
        private var instances: [InstanceResult] = []
        private var checker: RuleChecker!

        init(_ rules: RuleSet) {
            checker = RuleChecker(
                rules: rules, onFinding: { [unowned self] in findings.append(ReferenceFinding($0)) },
                onInstance: { [unowned self] in instances.append($0) })
        }

        func check(_ launches: [ReferenceEvaluator.Launch]) -> ([ReferenceFinding], [InstanceResult]) {
            findings.removeAll()
            instances.removeAll()
            for launch in launches {
                checker.beginLaunch(launch.record, trace: launch.trace, file: launch.file, line: launch.line)
                for (event, line) in launch.events { checker.check(event, line: line) }
            }
            _ = checker.finish()
            return (findings, instances)
        }
    }

    /// The same trace as NDJSON, for a failure message.
    static func render(_ launches: [ReferenceEvaluator.Launch]) -> String {
        var text = ""
        for launch in launches {
            var bytes: [UInt8] = []
            TraceEncoder.append(launch.record, to: &bytes)
            text += "\(launch.line): " + String(decoding: bytes, as: UTF8.self)
            for (event, line) in launch.events {
                bytes.removeAll()
                TraceEncoder.append(event, to: &bytes)
                text += "\(line): " + String(decoding: bytes, as: UTF8.self)
            }
        }
        return text
    }
}
