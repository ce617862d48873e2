import Foundation
import LifelineFormat
import Testing

@testable import LifelineRules

/// Scene callbacks that name no scene (recorded with the session only, or a console line naming
/// neither) are judged by per-scene and per-session rules as their session's one scene, or the
/// launch's one unnamed scene, and the checker says so (``IdentityNote``).
@Suite("Scene callbacks without a scene")
struct SceneIdentityTests {
    struct Outcome {
        var findings: [Finding] = []
        var notes: [IdentityNote] = []
    }

    static let rules = """
        rule nothing-after-disconnect per scene {
          after sceneDidDisconnect until willConnectTo: never sceneDidBecomeActive
        }
        rule connect-after-launch per session {
          before didFinishLaunching: never willConnectTo
        }
        """

    /// Checks lines of events (`callback` and the JSON fields after it) in one launch.
    static func check(_ events: [(String, String)]) throws -> Outcome {
        var text = #"{"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}"# + "\n"
        for (index, (callback, fields)) in events.enumerated() {
            text += #"{"seq":\#(index + 1),"t":\#(index * 10),"event":"\#(callback)"\#(fields)}"# + "\n"
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("identity-\(UUID().uuidString).ndjson")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        var outcome = Outcome()
        let checker = RuleChecker(
            rules: try RuleSet(parsing: rules, file: "t.rules"), onFinding: { outcome.findings.append($0) },
            onIdentity: { outcome.notes.append($0) })
        try checker.check(file: url.path, label: "t.ndjson")
        _ = checker.finish()
        return outcome
    }

    @Test("scene callbacks recorded with their session only are judged as that session's scene")
    func sessionOnly() throws {
        let outcome = try Self.check([
            ("didFinishLaunching", ""), ("willConnectTo", #","session":"S1""#), ("sceneDidBecomeActive", #","session":"S1""#),
            ("sceneDidDisconnect", #","session":"S1""#), ("sceneDidBecomeActive", #","session":"S1""#),
        ])
        #expect(outcome.findings.map(\.ruleID) == ["nothing-after-disconnect"])
        #expect(outcome.findings.first?.primary?.line == 6)
        #expect(outcome.findings.first?.slice == SliceKey(trace: "t.ndjson", launch: "L1", session: "S1"))
        #expect(outcome.notes.map(\.perSession) == [4])
        #expect(outcome.notes.map(\.unnamed) == [0])
        #expect(outcome.notes.first?.ambiguousLines == [])
    }

    @Test("console lines naming neither are judged as the launch's one scene, by per-session rules too")
    func neither() throws {
        let outcome = try Self.check([
            ("willConnectTo", ""), ("didFinishLaunching", ""), ("sceneDidBecomeActive", ""), ("sceneDidDisconnect", ""),
            ("sceneDidBecomeActive", ""),
        ])
        #expect(outcome.findings.map(\.ruleID).sorted() == ["connect-after-launch", "nothing-after-disconnect"])
        #expect(outcome.findings.allSatisfy { $0.slice.session == nil && $0.slice.scene == nil && $0.slice.launch == "L1" })
        #expect(outcome.notes.map(\.unnamed) == [4])
        #expect(outcome.notes.first?.summary.contains("judge them as the launch's one scene") == true)
    }

    @Test("a scene that connects while the unnamed one is connected is noted at its line, and still judged as one")
    func ambiguity() throws {
        let outcome = try Self.check([
            ("didFinishLaunching", ""), ("willConnectTo", ""), ("sceneDidBecomeActive", ""), ("willConnectTo", ""),
            ("sceneDidDisconnect", ""), ("willConnectTo", ""),
        ])
        // Lines: the launch record is 1, so the second willConnectTo is line 5; after the disconnect, line 7 is no ambiguity.
        #expect(outcome.notes.first?.ambiguousLines == [5])
    }

    @Test("a violation of the unnamed scene that involves callbacks from an ambiguous line on is pending, not proven")
    func ambiguousViolationsAreNotProven() throws {
        // Two windows printing without identity: the second connects, then one disconnects and the other is active.
        let outcome = try Self.check([
            ("didFinishLaunching", ""), ("willConnectTo", ""), ("willConnectTo", ""), ("sceneDidDisconnect", ""),
            ("sceneDidBecomeActive", ""),
        ])
        let finding = try #require(outcome.findings.first { $0.ruleID == "nothing-after-disconnect" })
        #expect(finding.status == .pending)
        #expect(
            finding.explanation.hasSuffix(
                "(not proven: from line 4 a second scene may have connected, and callbacks that name no scene cannot be told apart)"))
        // Before any ambiguity the same violation is proven.
        let plain = try Self.check([
            ("didFinishLaunching", ""), ("willConnectTo", ""), ("sceneDidDisconnect", ""), ("sceneDidBecomeActive", ""),
        ])
        #expect(plain.findings.first { $0.ruleID == "nothing-after-disconnect" }?.status == .violated)
    }

    @Test("a second connection in a named session is that session's scene connecting twice: no ambiguity, judged as it is")
    func namedSessionConnectingTwice() throws {
        let outcome = try Self.check([
            ("didFinishLaunching", ""), ("willConnectTo", #","session":"S1""#), ("willConnectTo", #","session":"S1""#),
            ("sceneDidDisconnect", #","session":"S1""#), ("sceneDidBecomeActive", #","session":"S1""#),
        ])
        #expect(outcome.notes.first?.ambiguousLines == [])
        #expect(outcome.findings.first { $0.ruleID == "nothing-after-disconnect" }?.status == .violated)
    }

    @Test("a trace whose scene callbacks all name their scene gets no note and is judged per scene as before")
    func named() throws {
        let outcome = try Self.check([
            ("willConnectTo", #","session":"S1","scene":"0x1""#), ("sceneDidDisconnect", #","session":"S1","scene":"0x1""#),
            ("sceneDidBecomeActive", #","session":"S1","scene":"0x2""#),
        ])
        #expect(outcome.notes.isEmpty)
        #expect(!outcome.findings.contains { $0.ruleID == "nothing-after-disconnect" }, "another scene's callback is not this one's")
    }
}
