import LifelineRecorder
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    private let recorder = Lifeline.recorder
    /// The launch's first frame: a display link's first tick after the first scene became active.
    private var firstFrame: FirstFrameRecorder?

    func application(
        _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        recorder.record(.willFinishLaunching)
        return true
    }

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        recorder.span(.didFinishLaunching) {  // begin and end: the trace gets the launch's duration
            NoteStore.shared.open()
        }
        firstFrame = FirstFrameRecorder.uiKit(recorder: recorder)
        return true
    }

    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        recorder.record(.configurationForConnecting, session: connectingSceneSession.persistentIdentifier)
        return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }

    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
        recorder.record(.didDiscardSceneSessions, attrs: ["sessions": .strings(sceneSessions.map(\.persistentIdentifier))])
    }

    func applicationDidReceiveMemoryWarning(_ application: UIApplication) {
        recorder.record(.applicationDidReceiveMemoryWarning)
    }

    func applicationWillTerminate(_ application: UIApplication) {
        recorder.span(.applicationWillTerminate) { NoteStore.shared.save() }
        recorder.flush()
    }
}
