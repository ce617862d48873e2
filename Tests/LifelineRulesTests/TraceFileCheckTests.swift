import Foundation
import LifelineFormat
import Testing

@testable import LifelineRules

/// What `check(file:)` could not check is returned, never dropped: a gate decides what it means.
@Suite("the lines a file check skips")
struct TraceFileCheckTests {
    static func check(
        _ text: String, rules: String = "rule r per session: never sceneDidBecomeActive\n"
    ) throws
        -> (TraceFileCheck, [Finding])
    {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("skipped-\(UUID().uuidString).ndjson")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        var findings: [Finding] = []
        let checker = RuleChecker(rules: try RuleSet(parsing: rules, file: "r.rules"), onFinding: { findings.append($0) })
        let checked = try checker.check(file: url.path, label: "t.ndjson")
        _ = checker.finish()
        return (checked, findings)
    }

    @Test func invalidLinesEventsBeforeALaunchAndATornTailAreSkippedAndLocated() throws {
        let (checked, findings) = try Self.check(
            """
            {"seq":1,"t":5,"event":"sceneDidBecomeActive","session":"S0","scene":"a"}
            {"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}
            {"seq":1,"t":10,"event":"sceneDidBecomeActive","session":"S1","scene":"a"}
            not json
            {"seq":2,"t":20,"event":"sceneWillResignActive","session":"S1","scene":"a"}
            {"seq":3,"t":30,"event":"sceneDidEnterBa
            """)
        #expect(
            checked.skipped.map(\.description) == [
                "1:1: error: event before any launch record",
                "4:1: error: expected '{' at the start of a record",
                "6:41: error: last line is not terminated and is incomplete (the producer stopped mid-write or is still writing)",
            ])
        #expect(checked.launches == 1)
        #expect(checked.events == 2)
        // The event before the launch record was not checked: only S1's activation is a finding.
        #expect(findings.map(\.slice.session) == ["S1"])
    }

    @Test func aWholeFileSkipsNothing() throws {
        let (checked, _) = try Self.check(
            """
            {"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}
            {"seq":1,"t":10,"event":"sceneWillEnterForeground","session":"S1","scene":"a"}

            """)
        #expect(checked == TraceFileCheck(skipped: [], launches: 1, events: 1))
    }
}
