import LifelineFormat
import LifelineRecorder

/// The sample app's scene delegate, written the way an app writes one and
/// instrumented with ``LifelineRecorder``: every callback is a span, so the
/// trace has its duration.
final class NotesSceneDelegate: SceneDelegate {
    private let context: AppContext
    private var recorder: Recorder { context.recorder }

    init(context: AppContext) { self.context = context }

    func scene(_ scene: SimulatedScene, willConnectTo session: SimulatedSceneSession) {
        var attrs: Attributes = ["role": .string(session.role)]
        if session.stateRestorationActivity != nil { attrs["restored"] = true }
        recorder.span(.willConnectTo, session: session.persistentIdentifier, scene: scene.identity, attrs: attrs) {
            if !context.faults.uiInDidFinish {
                recorder.span("ui.setup", session: session.persistentIdentifier, scene: scene.identity) {
                    context.perform(.buildWindow)
                }
            } else {
                context.perform(.refreshContent)  // the window was built in didFinishLaunching
            }
            if session.stateRestorationActivity != nil {
                recorder.span("state.restore", session: session.persistentIdentifier, scene: scene.identity) {
                    context.perform(.restoreState)
                }
            }
        }
    }

    func sceneDidDisconnect(_ scene: SimulatedScene) {
        recorder.span(.sceneDidDisconnect, session: scene.session.persistentIdentifier, scene: scene.identity) {
            context.perform(.releaseWindow)
        }
    }

    func sceneDidBecomeActive(_ scene: SimulatedScene) {
        recorder.span(.sceneDidBecomeActive, session: scene.session.persistentIdentifier, scene: scene.identity) {
            context.perform(.resumeTimers)
        }
    }

    func sceneWillResignActive(_ scene: SimulatedScene) {
        recorder.span(.sceneWillResignActive, session: scene.session.persistentIdentifier, scene: scene.identity) {
            context.perform(.pauseTimers)
        }
    }

    func sceneWillEnterForeground(_ scene: SimulatedScene) {
        recorder.span(.sceneWillEnterForeground, session: scene.session.persistentIdentifier, scene: scene.identity) {
            context.perform(.refreshContent)
        }
    }

    func sceneDidEnterBackground(_ scene: SimulatedScene) {
        let session = scene.session.persistentIdentifier
        recorder.span(.sceneDidEnterBackground, session: session, scene: scene.identity) {
            StateSaving.save(context: context, session: session, scene: scene.identity)
        }
        recorder.flush()  // the app may be suspended and killed without another chance
    }
}
