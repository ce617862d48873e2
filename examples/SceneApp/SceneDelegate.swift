import LifelineRecorder
import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    /// The app's recorder; the app's unit tests set an `InMemoryRecorder` to see what this delegate records.
    var recorder: any LifecycleRecording = Lifeline.recorder

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        recorder.span(.willConnectTo, scene: scene) {  // the session's id and the scene's identity, for per-scene rules
            guard let windowScene = scene as? UIWindowScene else { return }
            let window = UIWindow(windowScene: windowScene)
            window.rootViewController = NotesViewController()
            window.makeKeyAndVisible()
            self.window = window
        }
    }

    func sceneWillEnterForeground(_ scene: UIScene) {
        recorder.record(.sceneWillEnterForeground, scene: scene)
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
        recorder.record(.sceneDidBecomeActive, scene: scene)
    }

    func sceneWillResignActive(_ scene: UIScene) {
        recorder.record(.sceneWillResignActive, scene: scene)
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        recorder.span(.sceneDidEnterBackground, scene: scene) {
            recorder.span("state.save", session: scene.session.persistentIdentifier) { NoteStore.shared.save() }
        }
        recorder.flush()  // the app may be suspended, then killed, without another chance
    }

    func sceneDidDisconnect(_ scene: UIScene) {
        recorder.record(.sceneDidDisconnect, scene: scene)
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        recorder.record(.sceneOpenURLContexts, scene: scene, attrs: ["count": .int(Int64(URLContexts.count))])
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        recorder.record(.sceneContinueUserActivity, scene: scene, attrs: ["type": .string(userActivity.activityType)])
    }
}
