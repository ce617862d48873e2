import LifelineFormat
import Testing

@_spi(Reference) @testable import LifelineRules

/// The streaming checker against the reference evaluator on random traces: every pattern
/// under every scope and every slicing, and random state machines under every slicing,
/// 10,000 traces each. Each trace is checked once against all the combinations together
/// (one rule per pattern × scope × slicing), so every combination sees every trace.
@Suite("Differential: streaming checker vs reference evaluator")
struct DifferentialTests {
    /// Every pattern kind, written over p.a / p.b / p.c, with conditions using every operator
    /// (`v` is a version string: `v >= "15.4"` compares versions) and a bare field (`[v]`: the
    /// event has it; the random traces give `v` to some events only).
    static let patterns: [String] = [
        "never p.a",
        "never p.a[k != 0]",
        "only p.a | p.b | x.n",
        "only p.a[phase = begin] | p.b[k = 1] | s.q",
        "eventually p.b",
        "eventually p.b[v >= \"15.4\"]",
        "at most 1 p.a[k <= 1]",
        "at least 2 p.b[thread = main]",
        "exactly 1 p.c[k > 0, v]",
        "p.a precedes p.b",
        "p.a[k >= 1] precedes p.b[v < \"15.10\"]",
        "p.a[k = 1] | didFinishLaunching leads to p.b",
        "p.a then p.b precedes p.c",
        "p.a precedes p.b then p.c[k < 2]",
        "p.a leads to p.b then p.c",
        "p.a then p.b leads to p.c",
        "p.b within 2s after p.a",
        "never p.b within 1s after p.a[v > \"15\"]",
        "p.a lasts at most 2s",
        "p.a lasts at least 1s",
        "p.b responds to didDiscardSceneSessions",
    ]

    static let scopes = ["globally", "before s.r", "after s.q", "between s.q and s.r", "after s.q until s.r"]

    static let slicings = ["per launch", "per session", "per scene", "per trace", "per session across launches"]

    /// A `when` per scope: every operator over launch facts, versions included, and no condition at all.
    static let launchConditions = [
        "when lifecycle = scene",
        "",
        "when os >= \"15.4\" and app != \"com.b\"",
        "when pid > 99 and pid <= 250",
        "when os < \"16\" and device = \"iPhone15,2\"",
    ]

    static let tracesPerCase = 10_000

    /// The rules for one pattern under one slicing: one per scope, each with its own `when`.
    static func rules(for pattern: String, slicing: String) throws -> RuleSet {
        try RuleSet(parsing: text(for: pattern, slicing: slicing, prefix: "r"), file: "differential.rules")
    }

    static func text(for pattern: String, slicing: String, prefix: String) -> String {
        var text = ""
        for (number, scope) in scopes.enumerated() {
            text += "rule \(prefix)\(number + 1) \(slicing) {\(launchConditions[number])\n  \(scope): \(pattern)\n}\n"
        }
        return text
    }

    /// The rules for one pattern under every scope and every slicing it can be checked under.
    static func allRules(for pattern: String) throws -> RuleSet {
        try RuleSet(parsing: allRulesText(for: pattern), file: "differential.rules")
    }

    static func allRulesText(for pattern: String) -> String {
        var text = ""
        for slicing in slicings(for: pattern) {
            let prefix = slicing.split(separator: " ").dropFirst().joined(separator: "-") + "."
            text += Self.text(for: pattern, slicing: slicing, prefix: prefix)
        }
        return text
    }

    /// A random machine under every slicing, each with one of the `when`s.
    static func machineRules(seed: UInt64) throws -> RuleSet {
        try RuleSet(parsing: machineRulesText(seed: seed), file: "differential.rules")
    }

    static func machineRulesText(seed: UInt64) -> String {
        let body = RandomTraces.machine(seed: seed)
        var text = "rule owner: never x.n\n"
        for (number, slicing) in slicings.enumerated() {
            text += "machine m\(number + 1) \(slicing) {\(launchConditions[number])\n\(body)}\n"
        }
        return text
    }

    /// The slicings a pattern can be checked under (timed patterns stay inside one launch).
    static func slicings(for pattern: String) -> [String] {
        let timed = pattern.contains(" within ") || pattern.contains(" lasts ")
        return slicings.filter { !(timed && ($0 == "per trace" || $0.hasSuffix("launches"))) }
    }

    /// What one comparison found: nothing, or the first disagreement, described.
    struct Comparison {
        var mismatch: String?
        var verdicts: [Verdict: Int] = [:]
        var severities: Set<Severity> = []
        var compared = 0
        /// Rules found not applicable to a launch, summed over the traces.
        var inapplicable = 0
    }

    /// Runs `traces` random traces through both evaluators; stops at the first disagreement.
    ///
    /// `rules(n)` gives the rules of the `n`-th group of `tracesPerRules` traces.
    static func compare(
        traces: Int, seed: UInt64, label: String, tracesPerRules: Int = .max, rules: (Int) throws -> RuleSet,
        fault: MachineStepFault? = nil, partial: Bool = false
    ) throws -> Comparison {
        var result = Comparison()
        var ruleSet = RuleSet()
        var stream = RandomTraces.StreamRun(ruleSet)
        for index in 0..<traces {
            let traceSeed = seed &+ UInt64(index)
            if index % tracesPerRules == 0 {
                ruleSet = try rules(index / tracesPerRules)
                stream = RandomTraces.StreamRun(ruleSet, fault: fault)
            }
            let launches = partial ? RandomTraces.partialLaunches(seed: traceSeed) : RandomTraces.launches(seed: traceSeed)
            let (streamFindings, streamInstances) = stream.check(launches)
            let (referenceFindings, referenceInstances) = ReferenceEvaluator.evaluate(ruleSet, launches: launches)
            let referenceInapplicable = ReferenceEvaluator.inapplicable(ruleSet, launches: launches)
            if Self.counts(stream.inapplicable) != Self.counts(referenceInapplicable) {
                result.mismatch = """
                    disagreement on \(label), seed \(traceSeed), about what is not applicable:
                    streaming: \(stream.inapplicable.map(\.headline))
                    reference: \(referenceInapplicable.map(\.headline))
                    trace:
                    \(RandomTraces.render(launches))
                    """
                return result
            }
            result.inapplicable += referenceInapplicable.count
            // Compared as multisets: cheap enough for 10,000 traces in a debug build.
            if Self.counts(streamFindings) != Self.counts(referenceFindings)
                || Self.counts(streamInstances) != Self.counts(referenceInstances)
            {
                let streamSorted = streamFindings.sorted()
                let referenceSorted = referenceFindings.sorted()
                let streamVerdicts = streamInstances.map { "\($0.ruleID) \($0.slice) \($0.verdict)" }.sorted()
                let referenceVerdicts = referenceInstances.map { "\($0.ruleID) \($0.slice) \($0.verdict)" }.sorted()
                let onlyStream = streamSorted.filter { !referenceSorted.contains($0) }
                let onlyReference = referenceSorted.filter { !streamSorted.contains($0) }
                result.mismatch = """
                    disagreement on \(label), seed \(traceSeed):
                    only streaming: \(onlyStream.map(\.description).joined(separator: "\n  "))
                    only reference: \(onlyReference.map(\.description).joined(separator: "\n  "))
                    verdicts only streaming: \(streamVerdicts.filter { !referenceVerdicts.contains($0) })
                    verdicts only reference: \(referenceVerdicts.filter { !streamVerdicts.contains($0) })
                    trace:
                    \(RandomTraces.render(launches))
                    """
                return result
            }
            for instance in streamInstances { result.verdicts[instance.verdict, default: 0] += 1 }
            result.severities.formUnion(streamFindings.map(\.severity))
            result.compared += 1
        }
        return result
    }

    static func counts<Element: Hashable>(_ elements: [Element]) -> [Element: Int] {
        var counts: [Element: Int] = [:]
        for element in elements { counts[element, default: 0] += 1 }
        return counts
    }

    static func seed(_ text: String) -> UInt64 {
        var seed: UInt64 = 0x5EED
        for byte in text.utf8 { seed = seed &* 31 &+ UInt64(byte) }
        return seed
    }

    @Test(arguments: patterns)
    func streamingAgreesWithReference(pattern: String) throws {
        let rules = try Self.allRules(for: pattern)
        #expect(rules.rules.count == Self.scopes.count * Self.slicings(for: pattern).count)
        let result = try Self.compare(
            traces: Self.tracesPerCase, seed: Self.seed(pattern), label: "'\(pattern)'", rules: { _ in rules })
        if let mismatch = result.mismatch { Issue.record(Comment(rawValue: mismatch)) }
        #expect(result.compared == Self.tracesPerCase)
        // The traces must exercise the pattern: some instances violated, some not.
        #expect(result.verdicts[.violated, default: 0] > 0)
        #expect(result.verdicts[.satisfied, default: 0] + result.verdicts[.vacuous, default: 0] > 0)
    }

    // Patterns over launches that record only some callbacks, or begin mid-run, are compared with
    // the definition of what such a trace proves in ProvenDifferentialTests.swift.

    /// Random machines over scene callbacks on launches that record random subsets: the projected
    /// machine (sets of possible states) must agree with the reference's.
    @Test func randomMachinesOverPartialRecordsAgreeWithReference() throws {
        let result = try Self.compare(
            traces: Self.tracesPerCase, seed: Self.seed("partial machines"), label: "random machines over partial records",
            tracesPerRules: Self.tracesPerMachine,
            rules: { try RuleSet(parsing: RandomTraces.overCallbacks(Self.machineRulesText(seed: UInt64($0))), file: "m.rules") },
            partial: true)
        if let mismatch = result.mismatch { Issue.record(Comment(rawValue: mismatch)) }
        #expect(result.compared == Self.tracesPerCase)
        #expect(result.inapplicable > 0)
        #expect(result.verdicts[.violated, default: 0] > 0)
        #expect(result.verdicts[.satisfied, default: 0] > 0)
        #expect(result.severities == Set(Severity.allCases))
    }

    /// A new random machine every 10 traces, under every slicing.
    static let tracesPerMachine = 10

    @Test func randomMachinesAgreeWithReference() throws {
        let result = try Self.compare(
            traces: Self.tracesPerCase, seed: Self.seed("machines"), label: "random machines",
            tracesPerRules: Self.tracesPerMachine, rules: { try Self.machineRules(seed: UInt64($0)) })
        if let mismatch = result.mismatch { Issue.record(Comment(rawValue: mismatch)) }
        #expect(result.compared == Self.tracesPerCase)
        #expect(result.verdicts[.violated, default: 0] > 0)
        #expect(result.verdicts[.satisfied, default: 0] > 0)
        #expect(result.verdicts[.vacuous, default: 0] > 0)
        // Undeclared transitions (error) and flagged ones of every severity were compared.
        #expect(result.severities == Set(Severity.allCases))
    }

    /// A differential test that cannot fail proves nothing: each deliberately broken machine
    /// step must make the checker disagree with the reference evaluator.
    @Test(arguments: MachineStepFault.allCases)
    func aBrokenMachineStepIsCaught(_ fault: MachineStepFault) throws {
        let result = try Self.compare(
            traces: 2_000, seed: Self.seed("mutants"), label: "machines with \(fault)",
            tracesPerRules: Self.tracesPerMachine, rules: { try Self.machineRules(seed: UInt64($0)) }, fault: fault)
        #expect(result.mismatch != nil, "the differential test missed \(fault) over \(result.compared) traces")
    }

    /// The projected machine step (sets of possible states) must catch each fault too.
    @Test(arguments: MachineStepFault.allCases)
    func aBrokenMachineStepIsCaughtOverPartialRecords(_ fault: MachineStepFault) throws {
        let result = try Self.compare(
            traces: 2_000, seed: Self.seed("partial mutants"), label: "machines over partial records with \(fault)",
            tracesPerRules: Self.tracesPerMachine,
            rules: { try RuleSet(parsing: RandomTraces.overCallbacks(Self.machineRulesText(seed: UInt64($0))), file: "m.rules") },
            fault: fault, partial: true)
        #expect(result.mismatch != nil, "the differential test missed \(fault) over \(result.compared) partial traces")
    }

    @Test func theFaithfulStepAgreesOnTheMutantsTraces() throws {
        // The mutation check's traces and machines, without the fault: any disagreement above is the fault's.
        let result = try Self.compare(
            traces: 2_000, seed: Self.seed("mutants"), label: "machines",
            tracesPerRules: Self.tracesPerMachine, rules: { try Self.machineRules(seed: UInt64($0)) })
        #expect(result.mismatch == nil, "\(result.mismatch ?? "")")
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

    @Test func theGeneratorSpreadsLaunchesOverSeveralTraceFiles() {
        var files: Set<Int> = []
        for seed in 0..<300 { files.insert(Set(RandomTraces.launches(seed: UInt64(seed)).map(\.trace)).count) }
        #expect(files == [1, 2, 3])
    }
}
