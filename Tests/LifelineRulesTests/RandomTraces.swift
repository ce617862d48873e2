import LifelineFormat
import LifelineSupport
import LifelineTestSupport

@_spi(Reference) @testable import LifelineRules

/// Random traces over a tiny alphabet, built to hit scope edges, slicing and timing corners.
///
/// Pattern events are `p.a`, `p.b`, `p.c` (with an integer attribute `k`, a version `v`
/// and a thread), scope events `s.q` and `s.r`, noise `x.n`, plus `didFinishLaunching`
/// (app-level) and `didDiscardSceneSessions` naming sessions. Times advance 0–3 s per
/// event. Launches spread over one or two trace files and carry random launch facts
/// (`os`, `app`, `pid`, `device`, `lifecycle`, each sometimes missing) for `when`.
enum RandomTraces {
    static let patternEvents = ["p.a", "p.b", "p.c"]
    static let allEvents = ["p.a", "p.b", "p.c", "s.q", "s.r", "x.n"]
    static let versions = ["15", "15.4", "15.10", "16.0.1", "9.9"]

    /// - Parameters:
    ///   - maxEvents: the most events of one launch.
    ///   - spreadOverFiles: whether later launches may start new trace files (otherwise all are in `trace.ndjson`).
    static func launches(seed: UInt64, maxEvents: Int = 5, spreadOverFiles: Bool = true) -> [ReferenceEvaluator.Launch] {
        var random = SplitMix64(seed: seed)
        let launchCount = [1, 1, 2, 3].randomElement(using: &random)!
        var launches: [ReferenceEvaluator.Launch] = []
        var line = 1
        var file = "trace.ndjson"
        for launchIndex in 0..<launchCount {
            if spreadOverFiles, launchIndex > 0, Int.random(in: 0..<3, using: &random) == 0 {
                // A new trace file (files are read one after another and never come back):
                // launch-spanning slices end with the previous one.
                file = "trace\(launchIndex + 1).ndjson"
                line = 1
            }
            let record = LaunchRecord(
                launch: "L\(launchIndex + 1)", pid: [nil, 99, 100, 250, 301].randomElement(using: &random)!,
                app: [nil, "com.a", "com.b"].randomElement(using: &random)!,
                os: [nil, "15", "15.4", "15.10", "17.5.1"].randomElement(using: &random)!,
                device: [nil, "iPad13,4", "iPhone15,2"].randomElement(using: &random)!,
                lifecycle: Int.random(in: 0..<5, using: &random) == 0 ? .app : .scene)
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
                if patternEvents.contains(name) {
                    attrs["k"] = .int(Int64.random(in: 0...2, using: &random))
                    if Bool.random(using: &random) { attrs["v"] = .string(versions.randomElement(using: &random)!) }
                }
                let event = EventRecord(
                    seq: Int64(seq), t: t, event: EventName(name), phase: phase, session: eventSession,
                    scene: eventScene, thread: Int.random(in: 0..<4, using: &random) == 0 ? "bg" : "main", attrs: attrs)
                events.append((event, line))
                line += 1
            }
            launches.append(ReferenceEvaluator.Launch(record: record, trace: file, file: file, line: launchLine, events: events))
        }
        return launches
    }

    // MARK: - Partial instrumentation

    /// The pattern and scope events as scene callbacks, for traces that record only some callbacks.
    static let callbackNames: [String: Callback] = [
        "p.a": .sceneWillEnterForeground, "p.b": .sceneDidBecomeActive, "p.c": .sceneWillResignActive,
        "s.q": .sceneDidEnterBackground, "s.r": .sceneDidDisconnect,
    ]

    /// Rules text over `p.a`…`s.r` rewritten over the callbacks of ``callbackNames``.
    static func overCallbacks(_ text: String) -> String {
        callbackNames.reduce(text) { text, entry in text.replacingOccurrences(of: entry.key, with: String(describing: entry.value)) }
    }

    /// The random launches of `seed` over callbacks, each recording a random subset of the callbacks
    /// the traces use (or, for one launch in four, every callback). A launch has no events of the
    /// callbacks it does not record, as a log that never prints them.
    static func partialLaunches(seed: UInt64) -> [ReferenceEvaluator.Launch] {
        var random = SplitMix64(seed: seed ^ 0x9E37_79B9_7F4A_7C15)
        let used = Array(callbackNames.values).sorted() + [.didFinishLaunching, .didDiscardSceneSessions]
        return launches(seed: seed).map { launch in
            var launch = launch
            if Int.random(in: 0..<4, using: &random) > 0 {
                launch.record.records = CallbackSet(used.filter { _ in Int.random(in: 0..<4, using: &random) > 0 })
            }
            launch.events = launch.events.compactMap { event, line in
                var event = event
                if let callback = callbackNames[event.event.name] { event.event = EventName(callback) }
                if let callback = event.event.callback, !launch.record.records(callback) { return nil }
                return (event, line)
            }
            return launch
        }
    }

    /// Runs the streaming checker over launches, collecting comparable findings and verdicts.
    static func stream(_ rules: RuleSet, _ launches: [ReferenceEvaluator.Launch]) -> ([ReferenceFinding], [InstanceResult]) {
        StreamRun(rules).check(launches)
    }

    /// One checker reused for many traces: `finish()` ends a trace and the next one starts fresh.
    final class StreamRun {
        private var findings: [ReferenceFinding] = []
        private var instances: [InstanceResult] = []
        private(set) var inapplicable: [Inapplicability] = []
        private var checker: RuleChecker!

        /// `fault` breaks the checker's machine step on purpose (the mutation check).
        init(_ rules: RuleSet, fault: MachineStepFault? = nil, unseenFault: UnseenFault? = nil) {
            checker = RuleChecker(
                rules: rules, fault: fault, unseenFault: unseenFault,
                onFinding: { [unowned self] in findings.append(ReferenceFinding($0)) },
                onInstance: { [unowned self] in instances.append($0) },
                onNotApplicable: { [unowned self] in inapplicable.append($0) })
        }

        func check(_ launches: [ReferenceEvaluator.Launch]) -> ([ReferenceFinding], [InstanceResult]) {
            findings.removeAll()
            instances.removeAll()
            inapplicable.removeAll()
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
            text += "\(launch.file):\(launch.line): " + String(decoding: bytes, as: UTF8.self)
            for (event, line) in launch.events {
                bytes.removeAll()
                TraceEncoder.append(event, to: &bytes)
                text += "\(launch.file):\(line): " + String(decoding: bytes, as: UTF8.self)
            }
        }
        return text
    }

    // MARK: - Random machines

    /// A random state machine in rule syntax: 2–4 states, 2–9 transitions over the pattern and
    /// scope events (some with conditions), `*` and multi-state sources, overlapping transitions
    /// (so the first one written must win), per-transition severities and transitions `reported by`
    /// the rule `owner`, which the machine's file must define.
    static func machine(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        let states = Array(["s0", "s1", "s2", "s3"].prefix(Int.random(in: 2...4, using: &random)))
        let events = ["p.a", "p.b", "p.c", "s.q", "p.a[k >= 1]", "p.b[k != 0]", "p.c[v < \"15.4\"]", "p.a[thread = bg]"]
        var text = "initial \(states.randomElement(using: &random)!)\n"
        for _ in 0..<Int.random(in: 2...9, using: &random) {
            let from: String
            switch Int.random(in: 0..<5, using: &random) {
            case 0: from = "*"
            case 1: from = states.shuffled(using: &random).prefix(2).joined(separator: ", ")
            default: from = states.randomElement(using: &random)!
            }
            var on = events.randomElement(using: &random)!
            if Int.random(in: 0..<3, using: &random) == 0 { on += " | " + events.randomElement(using: &random)! }
            text += "\(from) -> \(states.randomElement(using: &random)!) on \(on)"
            switch Int.random(in: 0..<6, using: &random) {
            case 0: text += " { severity warning\n message \"flagged\" }"
            case 1: text += " { severity info }"
            case 2: text += " { severity error\n reference \"why\" }"
            case 3: text += " { reported by owner }"
            default: break
            }
            text += "\n"
        }
        return text
    }
}
