import Foundation
import Testing

/// The built-in catalogs on the real binary against sequences real devices produce
/// (Tests/LifelineRulesTests/Golden/devices, docs/research/uikit-lifecycle.md section 12): none
/// fails the check, and what devices do against the documentation is reported as a warning.
@Suite("lifeline check: device sequences")
struct DeviceSequenceCommandTests {
    static let devices = CheckCommandTests.repository.appendingPathComponent("Tests/LifelineRulesTests/Golden/devices")

    @Test func aLaunchWhoseDiscardsNameTheLiveSessionIsAWarningNotAFailure() throws {
        // NativeScript#11376: the second launch restores S1, reports S1 discarded, and S1's scene
        // later reconnects after it was released.
        let result = try CheckCommandTests.run(
            ["check", "discard-names-live-session.ndjson", "--no-local-rules"], Self.devices)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                "discard-names-live-session.ndjson:20: warning[scene.discarded-stays-gone]: scene(_:willConnectTo:options:) for session S1"
            ), "\(result.stdout)")
        #expect(!result.stdout.contains("error["), "\(result.stdout)")
        let strict = try CheckCommandTests.run(
            ["check", "discard-names-live-session.ndjson", "--no-local-rules", "--fail-on", "warning"], Self.devices)
        #expect(strict.status == 1)
    }

    @Test func noDeviceSequenceFailsTheCheck() throws {
        let result = try CheckCommandTests.run(["check", ".", "--no-local-rules", "--format", "json"], Self.devices)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let violations = try #require(report["violations"] as? [[String: Any]])
        #expect(!violations.isEmpty)
        #expect(violations.allSatisfy { $0["severity"] as? String != "error" }, "\(violations)")
    }
}
