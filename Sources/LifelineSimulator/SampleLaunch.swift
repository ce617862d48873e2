import Foundation
import LifelineFormat
import LifelineRecorder

/// Records one plausible cold launch of a scene-based app with the real recorder:
/// an app delegate and a scene delegate, written as an app writes them, called
/// in the order UIKit calls them for a new session (see docs/research/uikit-lifecycle.md):
/// launch, connect, become active, go home (state saved), come back.
public enum SampleLaunch {
    /// Writes the trace into `directory` and returns its URL.
    public static func record(into directory: URL) throws -> URL {
        let clock = VirtualClock(start: 1_000_000_000)
        var configuration = RecorderConfiguration()
        configuration.clock = clock.recorderClock
        let launch = LaunchRecord(
            launch: "3F2A9C1E-5B7D-4E8F-9A0B-1C2D3E4F5A6B", pid: 4711, app: "com.example.Notes", platform: "iOS",
            os: "17.5", device: "iPhone15,2", lifecycle: .scene, started: "2026-11-21T10:00:00.000Z")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("sample-launch.ndjson")
        try? FileManager.default.removeItem(at: file)
        let recorder = try Recorder(file: file, launch: launch, configuration: configuration)
        let app = SampleAppDelegate(recorder: recorder, clock: clock)
        let scene = SampleSceneDelegate(recorder: recorder, clock: clock, session: "S1", scene: "0x600001")

        app.willFinishLaunching()
        app.didFinishLaunching()
        app.configurationForConnecting(session: "S1")
        scene.willConnect()
        scene.willEnterForeground()
        scene.didBecomeActive()
        clock.advance(milliseconds: 4_200)
        scene.willResignActive()   // the user goes home
        scene.didEnterBackground()
        clock.advance(milliseconds: 30_000)
        scene.willEnterForeground()  // and comes back
        scene.didBecomeActive()
        recorder.close()
        return file
    }
}

/// An app delegate as an app writes one, instrumented with the recorder.
final class SampleAppDelegate {
    let recorder: Recorder
    let clock: VirtualClock

    init(recorder: Recorder, clock: VirtualClock) {
        self.recorder = recorder
        self.clock = clock
    }

    func willFinishLaunching() {
        recorder.span(.willFinishLaunching) { clock.advance(milliseconds: 0.4) }
    }

    func didFinishLaunching() {
        recorder.span(.didFinishLaunching) {
            recorder.span("db.open", attrs: ["path": "notes.sqlite"]) { clock.advance(milliseconds: 18) }
            clock.advance(milliseconds: 2)
        }
    }

    func configurationForConnecting(session: String) {
        recorder.record(.configurationForConnecting, session: session,
                        attrs: ["role": "UIWindowSceneSessionRoleApplication"])
        clock.advance(milliseconds: 0.3)
    }
}

/// A scene delegate as an app writes one, instrumented with the recorder.
final class SampleSceneDelegate {
    let recorder: Recorder
    let clock: VirtualClock
    let session: String
    let scene: String

    init(recorder: Recorder, clock: VirtualClock, session: String, scene: String) {
        self.recorder = recorder
        self.clock = clock
        self.session = session
        self.scene = scene
    }

    func willConnect() {
        recorder.span(.willConnectTo, session: session, scene: scene) {
            recorder.mark("ui.setup", session: session, scene: scene)
            clock.advance(milliseconds: 35)
        }
    }

    func willEnterForeground() {
        recorder.record(.sceneWillEnterForeground, session: session, scene: scene)
        clock.advance(milliseconds: 1.5)
    }

    func didBecomeActive() {
        recorder.record(.sceneDidBecomeActive, session: session, scene: scene)
        clock.advance(milliseconds: 0.8)
    }

    func willResignActive() {
        recorder.record(.sceneWillResignActive, session: session, scene: scene)
        clock.advance(milliseconds: 350)
    }

    func didEnterBackground() {
        recorder.span(.sceneDidEnterBackground, session: session, scene: scene) {
            recorder.span("state.save", session: session, scene: scene) { clock.advance(milliseconds: 42) }
        }
        recorder.flush()
    }
}
