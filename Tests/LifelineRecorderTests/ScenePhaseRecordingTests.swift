import LifelineCore
import Testing

@testable import LifelineRecorder

/// The platform-neutral part of SwiftUI recording: the events LifelineSwiftUI's modifiers write.
@Suite("SwiftUI scene phase and App.init")
struct ScenePhaseRecordingTests {
    @Test("a scene phase is swiftui.scenePhase with its phase and scope; App.init is swiftui.app.init")
    func events() throws {
        let recorder = InMemoryRecorder(launch: LaunchRecord(launch: "S"), clock: .custom { 0 })
        recorder.recordAppInit()
        recorder.recordScenePhase("inactive", scope: .scene, initial: true)
        recorder.recordScenePhase("active", scope: .scene)
        recorder.recordScenePhase("active", scope: .app)
        #expect(recorder.events.map(\.event) == [.appInit, .scenePhase, .scenePhase, .scenePhase])
        #expect(recorder.events.map { $0.attrs["phase"]?.stringValue } == [nil, "inactive", "active", "active"])
        #expect(recorder.events.map { $0.attrs["scope"]?.stringValue } == [nil, "scene", "scene", "app"])
        #expect(recorder.events.map { $0.attrs["initial"] } == [nil, .bool(true), nil, nil])
        // What the trace says is what a reader reads back: the catalog does not know these names.
        let lines = recorder.trace.split(separator: "\n").dropFirst().map(String.init)
        #expect(lines[1].contains(#""event":"swiftui.scenePhase""#) && lines[1].contains(#""phase":"inactive""#))
        #expect(EventName.scenePhase.isAppDefined && EventName.appInit.isAppDefined)
    }
}
