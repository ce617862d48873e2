import LifelineFormat
import Testing

@testable import LifelineRules

/// The streaming checker against the reference evaluator on random traces:
/// every pattern under every scope and slicing, 10,000 traces each.
@Suite("Differential: streaming checker vs reference evaluator")
struct DifferentialTests {
    /// Every pattern kind, written over p.a / p.b / p.c (one with an attribute condition).
    static let patterns: [String] = [
        "never p.a",
        "only p.a | p.b | x.n",
        "only p.a[phase = begin] | p.b[k = 1] | s.q",
        "eventually p.b",
        "at most 1 p.a",
        "at least 2 p.b",
        "exactly 1 p.c",
        "p.a precedes p.b",
        "p.a[k = 1] | didFinishLaunching leads to p.b",
        "p.a then p.b precedes p.c",
        "p.a precedes p.b then p.c",
        "p.a leads to p.b then p.c",
        "p.a then p.b leads to p.c",
        "p.b within 2s after p.a",
        "never p.b within 1s after p.a",
        "p.a lasts at most 2s",
        "p.a lasts at least 1s",
        "p.b responds to didDiscardSceneSessions",
    ]

    static let scopes = ["globally", "before s.r", "after s.q", "between s.q and s.r", "after s.q until s.r"]

    static let slicings = ["per launch", "per session", "per scene", "per trace", "per session across launches"]

    static let tracesPerCase = 10_000

    /// The rules for one pattern under one slicing: one per scope.
    static func rules(for pattern: String, slicing: String) throws -> RuleSet {
        var text = ""
        for (number, scope) in scopes.enumerated() {
            let when = number % 2 == 0 ? " when lifecycle = scene" : ""
            text += "rule r\(number + 1) \(slicing) {\(when)\n  \(scope): \(pattern)\n}\n"
        }
        return try RuleSet(parsing: text, file: "differential.rules")
    }

    /// The slicings a pattern can be checked under (timed patterns stay inside one launch).
    static func slicings(for pattern: String) -> [String] {
        let timed = pattern.contains(" within ") || pattern.contains(" lasts ")
        return slicings.filter { !(timed && ($0 == "per trace" || $0.hasSuffix("launches"))) }
    }

    /// Each trace is checked under every scope (one rule each) and one slicing, in rotation,
    /// so every pattern × scope sees `tracesPerCase` traces and every slicing a share of them.
    @Test(arguments: patterns)
    func streamingAgreesWithReference(pattern: String) throws {
        let slicings = Self.slicings(for: pattern)
        let ruleSets = try slicings.map { try Self.rules(for: pattern, slicing: $0) }
        let runs = ruleSets.map(RandomTraces.StreamRun.init)
        var seed: UInt64 = 0x5EED
        for byte in pattern.utf8 { seed = seed &* 31 &+ UInt64(byte) }
        var compared = 0
        var verdicts: [Verdict: Int] = [:]
        for index in 0..<Self.tracesPerCase {
            let traceSeed = seed &+ UInt64(index)
            let launches = RandomTraces.launches(seed: traceSeed)
            let rules = ruleSets[index % ruleSets.count]
            let (streamFindings, streamInstances) = runs[index % runs.count].check(launches)
            let (referenceFindings, referenceInstances) = ReferenceEvaluator.evaluate(rules, launches: launches)
            let streamSorted = streamFindings.sorted()
            let referenceSorted = referenceFindings.sorted()
            let streamVerdicts = streamInstances.map { "\($0.ruleID) \($0.slice) \($0.verdict)" }.sorted()
            let referenceVerdicts = referenceInstances.map { "\($0.ruleID) \($0.slice) \($0.verdict)" }.sorted()
            if streamSorted != referenceSorted || streamVerdicts != referenceVerdicts {
                let onlyStream = streamSorted.filter { !referenceSorted.contains($0) }
                let onlyReference = referenceSorted.filter { !streamSorted.contains($0) }
                Issue.record(
                    """
                    disagreement on '\(pattern)' \(slicings[index % slicings.count]), seed \(traceSeed):
                    only streaming: \(onlyStream.map(\.description).joined(separator: "\n  "))
                    only reference: \(onlyReference.map(\.description).joined(separator: "\n  "))
                    verdicts only streaming: \(streamVerdicts.filter { !referenceVerdicts.contains($0) })
                    verdicts only reference: \(referenceVerdicts.filter { !streamVerdicts.contains($0) })
                    trace:
                    \(RandomTraces.render(launches))
                    """)
                return
            }
            for instance in streamInstances { verdicts[instance.verdict, default: 0] += 1 }
            compared += 1
        }
        #expect(compared == Self.tracesPerCase)
        // The traces must exercise the pattern: some instances violated, some not.
        #expect(verdicts[.violated, default: 0] > 0)
        #expect(verdicts[.satisfied, default: 0] + verdicts[.vacuous, default: 0] > 0)
    }

    @Test func theGeneratorProducesEveryVerdict() throws {
        // A differential test over traces that never violate anything proves little.
        let rules = try Self.rules(for: "p.a leads to p.b", slicing: "per session")
        var verdicts: Set<Verdict> = []
        for seed in 0..<300 {
            let (_, instances) = RandomTraces.stream(rules, RandomTraces.launches(seed: UInt64(seed)))
            verdicts.formUnion(instances.map(\.verdict))
        }
        #expect(verdicts == Set(Verdict.allCases))
    }
}
