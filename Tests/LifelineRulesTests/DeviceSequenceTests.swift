import Foundation
import LifelineFormat
import LifelineTestSupport
import Testing

@testable import LifelineRules

/// Sequences that real devices produce, written as traces (`Golden/devices/*.ndjson`) and checked
/// against the built-in catalogs: the findings must equal the golden `.expected` file, and none of
/// them may be an error, since an error on what UIKit really does is a bug of the catalogs.
///
/// Each trace cites its evidence here and in docs/research/uikit-lifecycle.md section 12. A
/// difference fails and leaves the new output for `update-goldens` (``Golden``).
@Suite("Device sequences against the built-in catalogs")
struct DeviceSequenceTests {
    static let directory = GoldenTests.directory.appendingPathComponent("devices")

    /// Each trace and the evidence for the sequence it holds.
    static let sources: [String: String] = [
        "discard-names-live-session":
            "NativeScript/NativeScript#11376 (2026): a launch's didDiscardSceneSessions can name the session driving the app; FB9855914: a swipe-kill keeps the session restorable; its scene is released and reconnects (section 5)",
        "carplay-first-launch":
            "organicmaps/organicmaps#12612 (CarPlay-first cold launch, the phone scene connects later) and #12967 (the phone scene backgrounds while CarPlay stays active), iOS 26",
        "legacy-carplay-lock":
            "rdar 48396227 (iOS 12.1, CarPlay connected): after a Notification Center resign, locking the phone calls only applicationDidBecomeActive",
        "ios26-swipe-home-destroys-scene":
            "UIScene.DestructionCondition.userInitiatedDismissal (iOS 26): 'swiping home on iOS' destroys the scene; sceneDidDisconnect and didDiscardSceneSessions docs",
        "continued-processing-terminated":
            "BGContinuedProcessingTask (iOS 26): work started in the foreground keeps running in the background and the system may end it; applicationWillTerminate docs",
        "airplay-mirroring-notifications":
            "forcedotcom/SalesforceMobileSDK-iOS#3679: the AirPlay scene gets UIScene.willEnterForegroundNotification, never didActivateNotification; recorded with LifecycleNotificationRecorder",
        "legacy-deeplink-resign-twice":
            "rdar 33153062 (iOS 11 beta): opening a deep link posts WillResignActive, DidBecomeActive, WillResignActive",
        "iphone-swipe-kill-frontmost":
            "SO 71570813 (matt): on an iPhone, swiping away the frontmost scene gives sceneDidEnterBackground, then applicationWillTerminate",
    ]

    static var cases: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".ndjson") }.map { String($0.dropLast(7)) }.sorted()
    }

    @Test func everyTraceCitesItsEvidence() {
        #expect(Set(Self.cases) == Set(Self.sources.keys))
    }

    @Test(arguments: cases)
    func catalogFindingsMatchTheGoldenFile(_ name: String) throws {
        let actual = try GoldenTests.render(name, rules: BuiltinCatalog.all, in: Self.directory)
        let mismatch = Golden.compare(actual, with: "Tests/LifelineRulesTests/Golden/devices/\(name).expected")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test(arguments: cases)
    func noDeviceSequenceRaisesAnError(_ name: String) throws {
        var findings: [Finding] = []
        let checker = RuleChecker(rules: BuiltinCatalog.all, onFinding: { findings.append($0) })
        let checked = try checker.check(
            file: Self.directory.appendingPathComponent("\(name).ndjson").path, label: "\(name).ndjson")
        _ = checker.finish()
        #expect(checked.skipped.isEmpty)
        #expect(checked.events > 0)
        let errors = findings.filter { $0.severity == .error && $0.status == .violated }
        #expect(errors.isEmpty, "\(errors.map(\.headline))")
    }
}
