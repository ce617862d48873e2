import LifelineCheck
import LifelineFormat
import LifelineRules
import LifelineStore
import Testing

@Suite("findings read back from the violation table")
struct StoredFindingTests {
    @Test("a finding stored and read back explains itself as it did, the reference taken from the loaded rules")
    func roundTrip() throws {
        let rule = try #require(BuiltinCatalog.all.rules.first { $0.id == "scene.connect-after-launch" })
        let finding = Finding(
            ruleID: rule.id, severity: rule.severity, status: .violated, reason: .unpreceded,
            slice: SliceKey(trace: "bug.ndjson", launch: "1A3C", session: "S2"),
            witnesses: [
                Witness(
                    role: .offending, seq: 8, t: 50, event: "scene(_:willConnectTo:options:)", phase: .begin, file: "bug.ndjson", line: 31),
                Witness(
                    role: .scopeCloser, seq: 14, t: 88, event: "application(_:didFinishLaunchingWithOptions:)", phase: .instant,
                    file: "bug.ndjson", line: 37),
            ],
            explanation: "came too early", message: rule.message, reference: rule.reference,
            citation: rule.reference.map { Citation($0, of: rule) })
        let stored = CheckRun.storedViolation(finding)
        let phases: [Int64: Phase] = [8: .begin, 14: .instant]
        let read = CheckRun.finding(from: stored, rules: BuiltinCatalog.all) { seq, _, _ in phases[seq] ?? .instant }
        #expect(read.explained == finding.explained)
        #expect(read.slice.session == "S2" && read.primary?.seq == 8)
        let withoutRules = CheckRun.finding(from: stored, rules: nil) { seq, _, _ in phases[seq] ?? .instant }
        #expect(!withoutRules.explained.contains("  see: "))
    }
}
