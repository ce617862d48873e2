import Foundation
import LifelineFormat
import LifelineRecorder
import LifelineTestSupport
import Testing

@Suite("Lifecycle notifications")
struct LifecycleNotificationRecorderTests {
    final class FakeScene: Sendable {
        let session: String
        init(session: String) { self.session = session }
    }

    @Test("mapped notifications become events, scene ones naming session and scene, in posting order")
    func notificationsBecomeEvents() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("notes.ndjson")
        let recorder = try Recorder(file: file, launch: LaunchRecord(launch: "N", lifecycle: .scene))
        let center = NotificationCenter()
        let activate = Notification.Name("UISceneDidActivateNotification")
        let launched = Notification.Name("UIApplicationDidFinishLaunchingNotification")
        let unrelated = Notification.Name("Unrelated")
        var observer: LifecycleNotificationRecorder? = LifecycleNotificationRecorder(
            recorder: recorder,
            mappings: [.init(activate, .sceneDidBecomeActive), .init(launched, .didFinishLaunching)],
            center: center
        ) { object in
            guard let scene = object as? FakeScene else { return (nil, nil) }
            return (scene.session, LifecycleNotificationRecorder.identity(of: scene))
        }
        let scene = FakeScene(session: "S1")
        center.post(name: launched, object: nil)
        recorder.mark("between")
        center.post(name: activate, object: scene)
        center.post(name: unrelated, object: scene)
        observer = nil
        center.post(name: activate, object: scene)  // no longer observed
        _ = observer
        recorder.close()

        let events = try ParsedTrace(path: file.path).events
        #expect(
            events.map(\.event.name) == [
                "application(_:didFinishLaunchingWithOptions:)", "between", "sceneDidBecomeActive(_:)",
            ])
        #expect(events[0].session == nil && events[0].attrs["via"] == "notification")
        #expect(events[2].session == "S1")
        #expect(events[2].scene == LifecycleNotificationRecorder.identity(of: scene))
        #expect(events[2].scene?.hasPrefix("0x") == true)
    }
}
