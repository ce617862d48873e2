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

    @Test("a witness with no seq (the launch record, the end of the trace) and no line reads back without them, not as -1 or 0")
    func witnessesWithoutSeqOrLine() throws {
        let finding = Finding(
            ruleID: "x.rule", severity: .error, status: .violated, reason: .forbidden,
            slice: SliceKey(trace: "t.ndjson", launch: "1A3C"),
            witnesses: [
                Witness(role: .trigger, seq: nil, t: 0, event: "launch", phase: .instant, file: "t.ndjson", line: 1),
                Witness(role: .endOfTrace, seq: nil, t: 0, event: "", phase: .instant, file: "t.ndjson", line: nil),
            ],
            explanation: "", message: "m", reference: nil, citation: nil)
        #expect(
            finding.witnesses.map(\.description) == [
                "trigger: launch record at t.ndjson:1", "trace ended after: launch record at t.ndjson",
            ])
        let stored = CheckRun.storedViolation(finding)
        #expect(stored.seq == nil && stored.line == finding.primary?.line)
        let read = CheckRun.finding(from: stored, rules: nil) { _, _, _ in .begin }
        #expect(read.witnesses.map(\.seq) == [nil, nil])
        #expect(read.witnesses.map(\.line) == [1, nil])
        #expect(read.witnesses.map(\.phase) == [.instant, .instant], "no event to ask the phase of")
    }
}
