import Foundation
import Testing

/// `lifeline rules --verbose` shows the catalogs' state machines, transition by transition, with their citations.
@Suite("lifeline rules --verbose: state machines")
struct RulesMachineListingTests {
    @Test func verboseListingShowsEachMachineTransitionWithWhatReportsItAndItsCitation() throws {
        let result = try CheckCommandTests.run(["rules", "--verbose", "--rules", "uikit-scene", "--rules", "uikit-app"], CheckCommandTests.repository)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains { $0.hasPrefix("  scene.lifecycle ") && $0.contains("error") && $0.contains("per scene") })
        #expect(lines.contains { $0.hasPrefix("  app.lifecycle ") && $0.contains("per launch") })
        #expect(lines.contains("      initial unattached; a callback with no transition from the current state is a finding"))
        // An allowed transition with its citation on the next line.
        let connect = try #require(lines.firstIndex(of: "      unattached, disconnected -> connected on willConnectTo"))
        #expect(lines[connect + 1].hasPrefix("        see: scene(_:willConnectTo:options:) docs"))
        // A transition the machine reports itself, with its severity and message.
        #expect(lines.contains(
            "      connected -> foregroundInactive on sceneWillResignActive: warning \"a scene that never entered the foreground resigns active\""))
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
