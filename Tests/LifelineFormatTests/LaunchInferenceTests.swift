import LifelineCore
import Testing

@testable import LifelineFormat

/// The life cycle a log's launch is checked under when its source does not say: what its strongest event shows.
@Suite("Launch life cycle inferred from events")
struct LaunchInferenceTests {
    static func lifecycle(_ names: [String]) -> Lifecycle? {
        LaunchInference.lifecycle(of: names.enumerated().map { EventRecord(seq: Int64($0.offset + 1), t: 0, event: EventName($0.element)) })
    }

    @Test func aSceneCallbackShowsASceneLaunchWhateverElse() {
        #expect(Self.lifecycle(["applicationDidBecomeActive", "sceneWillEnterForeground"]) == .scene)
        #expect(Self.lifecycle(["swiftui.scenePhase", "applicationDidBecomeActive", "configurationForConnecting"]) == .scene)
    }

    @Test func swiftUIsAppLifeCycleIsASceneLaunchUnlessAppLevelStateCallbacksShowNoScenes() {
        #expect(Self.lifecycle(["didFinishLaunching", "swiftui.scenePhase"]) == .scene)
        #expect(Self.lifecycle(["swiftui.app.init", "didFinishLaunching"]) == .scene)
        // A legacy app hosting SwiftUI views: its app delegate gets the state callbacks.
        #expect(Self.lifecycle(["swiftui.scenePhase", "applicationDidBecomeActive"]) == .app)
        #expect(Self.lifecycle(["applicationWillResignActive", "swiftui.scenePhase"]) == .app)
    }

    @Test func nothingThatShowsALifeCycleLeavesItUnknown() {
        #expect(Self.lifecycle(["didFinishLaunching", "db.open", "flutter.lifecycle"]) == nil)
        #expect(LaunchInference.Evidence.none < .swiftUI && LaunchInference.Evidence.swiftUI < .appState)
    }
}
