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
