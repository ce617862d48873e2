import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The catalogs' state machines on the real binary: `lifeline check` reports what they own, and
/// `lifeline rules --verbose` shows them transition by transition, with their citations.
@Suite("lifeline check and rules: the scene state machine")
struct SceneMachineCommandTests {
    /// A scene connects, is configured again while connected (an error), resigns active twice (the
    /// machine's warning), is swiped away from the foreground (a warning) and its session reconnects
    /// with a new scene object at the same address after a configuration (legal).
    static let trace = """
        {"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene","os":"17.5"}
        {"seq":1,"t":10,"event":"didFinishLaunching"}
        {"seq":2,"t":20,"event":"configurationForConnecting","session":"S1"}
        {"seq":3,"t":30,"event":"willConnectTo","session":"S1","scene":"a"}
        {"seq":4,"t":40,"event":"configurationForConnecting","session":"S1"}
        {"seq":5,"t":50,"event":"sceneWillEnterForeground","session":"S1","scene":"a"}
        {"seq":6,"t":60,"event":"sceneDidBecomeActive","session":"S1","scene":"a"}
        {"seq":7,"t":70,"event":"sceneWillResignActive","session":"S1","scene":"a"}
        {"seq":8,"t":80,"event":"sceneWillResignActive","session":"S1","scene":"a"}
        {"seq":9,"t":90,"event":"sceneDidDisconnect","session":"S1","scene":"a"}
        {"seq":10,"t":100,"event":"configurationForConnecting","session":"S1"}
        {"seq":11,"t":110,"event":"willConnectTo","session":"S1","scene":"a"}
        {"seq":12,"t":120,"event":"sceneWillEnterForeground","session":"S1","scene":"a"}
        {"seq":13,"t":130,"event":"sceneDidBecomeActive","session":"S1","scene":"a"}

        """

    @Test func checkReportsEachMistakeOnceAndFailsOnTheConfigurationOfAConnectedSession() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        try Self.trace.write(to: directory.appendingPathComponent("s.ndjson"), atomically: true, encoding: .utf8)
        let result = try CheckCommandTests.run(["check", "s.ndjson", "--rules", "uikit-scene", "--format", "json"], directory)
        #expect(result.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let violations = try #require(report["violations"] as? [[String: Any]])
        let found = violations.map { "\($0["rule"] as? String ?? "") \($0["severity"] as? String ?? "")" }
        #expect(
            found.sorted() == [
                "scene.background-before-disconnect info", "scene.config-before-connect error", "scene.lifecycle warning",
            ])
        let machine = try #require(violations.first { $0["rule"] as? String == "scene.lifecycle" })
        #expect(
            machine["message"] as? String == "an inactive scene resigns active again (UIKit skipped the sceneDidBecomeActive in between)")
    }

    @Test func theMachinesWarningsAreWarnings() throws {
        // Without the configuration of the connected session only warnings remain: the error machine's
        // warning transition does not fail the check, unless warnings do.
        let directory = try LifelineCommandTests.temporaryDirectory()
        let lines = Self.trace.split(separator: "\n").filter { !$0.contains(#""seq":4,"#) }
        try (lines.joined(separator: "\n") + "\n").write(
            to: directory.appendingPathComponent("s.ndjson"), atomically: true, encoding: .utf8)
        let result = try CheckCommandTests.run(["check", "s.ndjson", "--rules", "uikit-scene"], directory)
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "s.ndjson:8: warning[scene.lifecycle]: sceneWillResignActive(_:) for scene a (session S1) in launch L1 came in state 'foregroundInactive'\n"
            ))
        #expect(!result.stdout.contains("error["))
        let strict = try CheckCommandTests.run(["check", "s.ndjson", "--rules", "uikit-scene", "--fail-on", "warning"], directory)
        #expect(strict.status == 1)
        // JUnit names the finding's severity, not the machine's: the failure is a warning.
        let junit = try CheckCommandTests.run(
            ["check", "s.ndjson", "--rules", "uikit-scene", "--fail-on", "warning", "--format", "junit"], directory)
        #expect(junit.status == 1)
        let document = try XMLDocument(data: Data(junit.stdout.utf8))
        let machineCase = try #require(try document.nodes(forXPath: "//testcase[@name='scene.lifecycle']").first as? XMLElement)
        let failure = try #require(machineCase.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "type")?.stringValue == "warning")
    }

    @Test func verboseListingShowsEachMachineTransitionWithWhatReportsItAndItsCitation() throws {
        let result = try CheckCommandTests.run(
            ["rules", "--verbose", "--rules", "uikit-scene", "--rules", "uikit-app"], CheckCommandTests.repository)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains { $0.hasPrefix("  scene.lifecycle ") && $0.contains("error") && $0.contains("per scene") })
        #expect(lines.contains { $0.hasPrefix("  app.lifecycle ") && $0.contains("per launch") })
        #expect(lines.contains("      initial unattached; a callback with no transition from the current state is a finding"))
        // An allowed transition with its citation on the next line.
        let connect = try #require(lines.firstIndex(of: "      unattached, disconnected -> connected on willConnectTo"))
        #expect(lines[connect + 1].hasPrefix("        see: scene(_:willConnectTo:options:) docs"))
        // A transition the machine reports itself, with its severity and message.
        #expect(
            lines.contains(
                "      connected -> foregroundInactive on sceneWillResignActive: warning \"a scene that never entered the foreground resigns active\""
            ))
        // A transition another rule reports.
        #expect(lines.contains("      background -> foregroundActive on sceneDidBecomeActive: reported by scene.foreground-before-active"))
        #expect(lines.contains("      connected -> connected on configurationForConnecting: reported by scene.config-before-connect"))
    }

    @Test func theShortListingHasNoTransitions() throws {
        let result = try CheckCommandTests.run(["rules", "--rules", "uikit-scene"], CheckCommandTests.repository)
        #expect(result.status == 0)
        #expect(result.stdout.contains("  scene.lifecycle "))
        #expect(!result.stdout.contains(" -> "))
    }
}
