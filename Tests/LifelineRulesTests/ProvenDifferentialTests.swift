import LifelineFormat
import LifelineSupport
import Testing

@_spi(Reference) @testable import LifelineRules

/// The streaming checker against the definition of what a partly recorded trace proves: the
/// reference evaluator judges every completion of each slice (every way of putting up to two
/// unseen events into each gap) and keeps the findings they all raise. Random traces over scene
/// callbacks, each launch recording a random subset of them, some beginning mid-run.
@Suite("Differential: what a partly recorded trace proves")
struct ProvenDifferentialTests {
    /// Every pattern kind over p.a / p.b / p.c (scene callbacks here), and one with a condition.
    static let patterns: [String] = [
        "never p.a",
        "never p.a[k = 1]",
        "only p.a | p.b | x.n",
        "eventually p.b",
        "at most 1 p.a",
        "at least 2 p.b",
        "exactly 1 p.c",
        "p.a precedes p.b",
        "p.a leads to p.b",
        "p.a then p.b precedes p.c",
        "p.a precedes p.b then p.c",
        "p.a leads to p.b then p.c",
        "p.a then p.b leads to p.c",
        "p.b within 2s after p.a",
        "never p.b within 1s after p.a",
        "p.a lasts at most 2s",
        "p.a lasts at least 1s",
    ]

    static let tracesPerCase = 60

    /// A launch's slice, a scene's (whose events share the launch's gaps), and a trace's (whose
    /// gaps belong to different launches, some beginning mid-run).
    static let slicings = ["per launch", "per scene", "per trace"]

    static func rulesText(for pattern: String) -> String {
        var text = ""
        for slicing in slicings where !(slicing == "per trace" && (pattern.contains(" within ") || pattern.contains(" lasts "))) {
            let prefix = slicing.split(separator: " ").dropFirst().joined(separator: "-") + "."
            text += DifferentialTests.text(for: pattern, slicing: slicing, prefix: prefix)
        }
        return RandomTraces.overCallbacks(text)
    }

    /// Unseen events per gap: three reach every state the patterns here can be in from a gap (an
    /// opener and two events of `at least 2`, or of a chain), which the checker's closure reaches
    /// with any number.
    static let insertions = 3

    /// Unseen events may or may not have the attribute the conditional pattern tests.
    static let variants: [Attributes] = [[:], ["k": 1]]

    /// Small random launches over callbacks: one or two, at most three events each, each recording a
    /// random subset of the callbacks (one in four: all of them), one in three beginning mid-run.
    static func launches(seed: UInt64) -> [ReferenceEvaluator.Launch] {
        var random = SplitMix64(seed: seed ^ 0xA076_1D64_78BD_642F)
        let used = Array(RandomTraces.callbackNames.values).sorted() + [.didFinishLaunching, .didDiscardSceneSessions]
        return Array(RandomTraces.launches(seed: seed, maxEvents: 4).prefix(2)).map { launch in
            var launch = launch
            if Int.random(in: 0..<4, using: &random) > 0 {
                launch.record.records = CallbackSet(used.filter { _ in Int.random(in: 0..<4, using: &random) > 0 })
            }
            if Int.random(in: 0..<3, using: &random) == 0 { launch.record.excerpt = true }
            launch.events = launch.events.compactMap { event, line in
                var event = event
                if let callback = RandomTraces.callbackNames[event.event.name] { event.event = EventName(callback) }
                if let callback = event.event.callback, !launch.record.records(callback) { return nil }
                return (event, line)
            }
            return launch
        }
    }

    struct Outcome {
        var mismatch: String?
        var compared = 0
        var skipped = 0
        var findings = 0
        var inapplicable = 0
    }

    static func compare(pattern: String, traces: Int, fault: UnseenFault? = nil) throws -> Outcome {
        let rules = try RuleSet(parsing: rulesText(for: pattern), file: "proven.rules")
        var outcome = Outcome()
        let stream = RandomTraces.StreamRun(rules, unseenFault: fault)
        for index in 0..<traces {
            let seed = DifferentialTests.seed("proven " + pattern) &+ UInt64(index)
            let launches = Self.launches(seed: seed)
            guard
                let (expected, expectedInstances, unsound) = ReferenceEvaluator.evaluateProven(
                    rules, launches: launches, insertions: Self.insertions, variants: variants, maximumCompletions: 20_000)
            else {
                outcome.skipped += 1
                continue
            }
            let (found, instances) = stream.check(launches)
            let inapplicable = ReferenceEvaluator.inapplicable(rules, launches: launches)
            outcome.inapplicable += inapplicable.count
            if !unsound.isEmpty {
                outcome.mismatch = """
                    '\(pattern)', seed \(seed): not applicable, yet every completion shares these findings:
                    \(unsound.map(\.description).joined(separator: "\n  "))
                    trace:
                    \(RandomTraces.render(launches))
                    """
                return outcome
            }
            if DifferentialTests.counts(found) != DifferentialTests.counts(expected)
                || DifferentialTests.counts(instances) != DifferentialTests.counts(expectedInstances)
                || DifferentialTests.counts(stream.inapplicable) != DifferentialTests.counts(inapplicable)
            {
                let onlyStream = found.sorted().filter { !expected.contains($0) }
                let onlyReference = expected.sorted().filter { !found.contains($0) }
                outcome.mismatch = """
                    disagreement on '\(pattern)', seed \(seed):
                    only streaming: \(onlyStream.map(\.description).joined(separator: "\n  "))
                    only reference: \(onlyReference.map(\.description).joined(separator: "\n  "))
                    verdicts only streaming: \(instances.filter { !expectedInstances.contains($0) })
                    verdicts only reference: \(expectedInstances.filter { !instances.contains($0) })
                    not applicable, streaming: \(stream.inapplicable.map(\.headline))
                    not applicable, reference: \(inapplicable.map(\.headline))
                    trace:
                    \(RandomTraces.render(launches))
                    """
                return outcome
            }
            outcome.compared += 1
            outcome.findings += found.count
        }
        return outcome
    }

    @Test(arguments: patterns)
    func theCheckerProvesWhatEveryCompletionShares(pattern: String) throws {
        let outcome = try Self.compare(pattern: pattern, traces: Self.tracesPerCase)
        if let mismatch = outcome.mismatch { Issue.record(Comment(rawValue: mismatch)) }
        #expect(outcome.compared >= Self.tracesPerCase * 2 / 3, "\(outcome.skipped) traces too long to enumerate")
        // The traces must exercise it: findings to compare.
        #expect(outcome.findings > 0)
    }

    /// A differential test that cannot fail proves nothing: each deliberately broken way of judging
    /// a partial trace must make the checker disagree with the definition on these patterns.
    @Test(arguments: UnseenFault.allCases)
    func aBrokenJudgementIsCaught(_ fault: UnseenFault) throws {
        var caught = false
        for pattern in ["eventually p.b", "at least 2 p.b", "p.a precedes p.b", "never p.a"] where !caught {
            caught = try Self.compare(pattern: pattern, traces: Self.tracesPerCase, fault: fault).mismatch != nil
        }
        #expect(caught, "the differential test missed \(fault)")
    }
}
