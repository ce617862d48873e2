import LifelineFormat
import Testing

@testable import LifelineRules

/// Conditions compare versions part by part, and other text as text.
@Suite("Condition values")
struct ConditionValueTests {
    static let versions: [(String, String, Int)] = [
        ("15.4", "15.4", 0), ("15.10", "15.4", 1), ("15", "15.0.0", 0), ("16.0.1", "16", 1), ("9.9", "15", -1),
        ("17.5.1", "17.5.2", -1), ("1.2.3.4", "1.2.3.5", -1), ("007", "7", 0),
        // Not versions: compared as text.
        ("15..4", "15.4", -1), ("1.2.3.4.5", "1.2.3.4.6", -1), ("15a", "15", 1), ("iPad13,4", "iPhone15,2", -1), ("", "1", -1),
    ]

    @Test(arguments: versions)
    func textComparesAsVersionsWhenBothSidesAreVersions(_ left: String, _ right: String, order: Int) {
        #expect(ConditionValue.order(text: left, right) == order)
        #expect(ConditionValue.order(text: right, left) == -order)
    }

    @Test func aDurationComparesWithAnAttributeThatCountsNanoseconds() throws {
        let value = ConditionValue.duration(RuleDuration(nanoseconds: 400_000_000))
        #expect(value.description == "400ms")
        #expect(value.order(of: .int(400_000_001)) == 1)
        #expect(value.order(of: .int(400_000_000)) == 0)
        #expect(value.order(of: .double(3.5e8)) == -1)
        #expect(value.order(of: .string("400ms")) == nil, "text is not a duration")
        #expect(value.order(of: "anything") == nil, "nor is a launch fact")
        let rules = try RuleSet(parsing: "rule r: never lifeline.anatomy[launchTime >= 1.5s]", file: "t.rules")
        #expect(rules.rules.first?.message == "never lifeline.anatomy[launchTime >= 1.5s]")
    }

    @Test func aLaunchConditionOnTheOSVersionComparesVersions() throws {
        let rules = try RuleSet(parsing: "rule r {\n  when os >= \"15.4\"\n  never a.b\n}", file: "t.rules")
        let rule = try #require(rules.rules.first)
        let holds = ["15.4", "15.10", "16", "17.5.1", "15.4.0"].map { rule.applies(to: LaunchRecord(os: $0)) }
        let fails = ["15", "15.3.9", "9.9", "15.3"].map { rule.applies(to: LaunchRecord(os: $0)) }
        #expect(holds.allSatisfy { $0 })
        #expect(fails.allSatisfy { !$0 })
        // A launch without the field satisfies only '!='.
        #expect(!rule.applies(to: LaunchRecord()))
    }
}
