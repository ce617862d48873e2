import LifelineFormat
import Testing

@_spi(Reference) @testable import LifelineRules

/// Durations and deadlines at the ends of the trace clock: located errors and right verdicts, never a trap or a wrap.
@Suite("Rule times at the limits")
struct TimeOverflowTests {
    private func firstError(_ source: String) throws -> Diagnostic {
        do {
            _ = try RuleSet(parsing: source, file: "t.rules")
        } catch {
            return try #require(error.diagnostics.first)
        }
        Issue.record("'\(source)' parsed")
        throw Failure()
    }

    private func duration(_ text: String) throws -> Int64 {
        let rules = try RuleSet(parsing: "rule r: a.b lasts at most \(text)", file: "t.rules").rules
        guard case .pattern(_, .maximumDuration(_, let duration)) = rules[0].body else { throw Failure() }
        return duration.nanoseconds
    }

    // MARK: - Parsing

    static let tooLong: [(source: String, column: Int, message: String)] = [
        (
            "rule r: a.b within 9300000000s after c.d", 20,
            "duration '9300000000s' is too long (it must be shorter than 9223372036854775807ns, about 292 years)"
        ),
        (
            "rule r: a.b lasts at most 9223372036854775807ns", 27,
            "duration '9223372036854775807ns' is too long (it must be shorter than 9223372036854775807ns, about 292 years)"
        ),
        (
            "rule r: a.b lasts at least 99999999999999999999999ns", 28,
            "duration '99999999999999999999999ns' is too long (it must be shorter than 9223372036854775807ns, about 292 years)"
        ),
        (
            "rule r: never a.b within 153722867.5min after c.d", 26,
            "duration '153722867.5min' is too long (it must be shorter than 9223372036854775807ns, about 292 years)"
        ),
        (
            "rule r: a.b within 0.0000001ns after c.d", 20,
            "duration '0.0000001ns' rounds to 0ns (the trace clock counts whole nanoseconds)"
        ),
        (
            "rule r: a.b within 0.0000000001s after c.d", 20,
            "duration '0.0000000001s' rounds to 0ns (the trace clock counts whole nanoseconds)"
        ),
        ("rule r: a.b within 0.000s after c.d", 20, "a duration must be greater than zero"),
        (
            "rule r: a.b within 1.2.3s after c.d", 20,
            "invalid duration '1.2.3s' (expected a number and a unit, such as '1.5s')"
        ),
    ]

    @Test("out-of-range and zero-rounding durations are located errors", arguments: tooLong)
    func outOfRangeDurations(_ source: String, column: Int, message: String) throws {
        let diagnostic = try firstError(source)
        #expect(diagnostic.message == message)
        #expect(diagnostic.location == SourceLocation(line: 1, column: column))
    }

    @Test("durations convert exactly, up to one nanosecond below Int64.max")
    func exactDurations() throws {
        #expect(try duration("9223372036854775806ns") == .max - 1)
        #expect(try duration("9223372036.854775806s") == .max - 1)
        #expect(try duration("0.5ns") == 1)
        #expect(try duration("1.0000000015s") == 1_000_000_002)
        #expect(try duration("0.1us") == 100)
        #expect(try duration("153722867min") == 9_223_372_020_000_000_000)
        #expect(try duration("1.000000000000000000000001ms") == 1_000_000)
    }

    @Test(
        "describing a duration near Int64.max gives text that reads back exactly",
        arguments: [Int64.max - 1, 9_223_372_036_854_775_000, 9_223_372_020_000_000_000, 1])
    func describing(_ nanoseconds: Int64) throws {
        let text = RuleDuration(nanoseconds: nanoseconds).description
        #expect(try duration(text) == nanoseconds)
    }

    @Test("describing Int64.max nanoseconds does not trap")
    func describingTheLimit() {
        #expect(RuleDuration(nanoseconds: .max).description == "9223372036854775807ns")
    }

    // MARK: - Deadlines

    private static func launch(_ events: [(Int64, String, Phase)]) -> [ReferenceEvaluator.Launch] {
        let records = events.enumerated().map { index, event in
            (event: EventRecord(seq: Int64(index + 1), t: event.0, event: EventName(event.1), phase: event.2), line: index + 2)
        }
        return [
            ReferenceEvaluator.Launch(
                record: LaunchRecord(launch: "L"), trace: "t.ndjson", file: "t.ndjson", line: 1,
                events: records)
        ]
    }

    /// Findings of the streaming checker and of the reference evaluator, which must agree.
    private func findings(_ rules: String, _ launches: [ReferenceEvaluator.Launch]) throws -> [ReferenceFinding] {
        let ruleSet = try RuleSet(parsing: rules, file: "t.rules")
        let streamed = RandomTraces.stream(ruleSet, launches).0.sorted()
        let reference = ReferenceEvaluator.evaluate(ruleSet, launches: launches).findings.sorted()
        #expect(streamed == reference)
        return streamed
    }

    @Test("a deadline past the end of the clock is pending, not a proven violation")
    func deadlinePastTheClock() throws {
        let found = try findings(
            "rule r per launch: a.b within 10ns after c.d",
            Self.launch([(.max - 5, "c.d", .instant), (.max - 1, "x.y", .instant)]))
        #expect(found.map(\.status) == [.pending])
        #expect(found.map(\.reason) == [.late])
    }

    @Test("a too-short span ending near the end of the clock is still a violation")
    func minimumDurationNearTheLimit() throws {
        let found = try findings(
            "rule r per launch: a.b lasts at least 10ns",
            Self.launch([(.max - 5, "a.b", .begin), (.max - 1, "a.b", .end)]))
        #expect(found.map(\.status) == [.violated])
        #expect(found.map(\.reason) == [.tooShort])
    }

    @Test("a span that cannot exceed its limit before the clock ends is never too long")
    func maximumDurationNearTheLimit() throws {
        let found = try findings(
            "rule r per launch: a.b lasts at most 1min",
            Self.launch([(.max - 5, "a.b", .begin), (.max, "a.b", .end)]))
        #expect(found.isEmpty)
    }

    @Test("a gap across the whole clock is measured without wrapping")
    func invarianceAcrossTheClock() throws {
        let found = try findings(
            "rule r per launch: never a.b within 1s after c.d",
            Self.launch([(0, "c.d", .instant), (.max, "a.b", .instant)]))
        #expect(found.isEmpty)
    }

    @Test("saturating arithmetic holds at the ends of Int64")
    func saturating() {
        #expect(Int64.max.saturatingAdding(1) == .max)
        #expect(Int64.min.saturatingAdding(-1) == .min)
        #expect(Int64(5).saturatingAdding(-7) == -2)
        #expect(Int64.min.saturatingSubtracting(1) == .min)
        #expect(Int64.max.saturatingSubtracting(-1) == .max)
        #expect(Int64(0).saturatingSubtracting(.min) == .max)
        #expect(Int64(5).saturatingSubtracting(7) == -2)
    }

    private struct Failure: Error {}
}
