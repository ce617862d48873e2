import LifelineRecorder
import SwiftUI

/// A SwiftUI app: UIKit still calls an app delegate and a scene delegate, which SwiftUI
/// creates for it when asked (`@UIApplicationDelegateAdaptor`, and the scene configuration's
/// `delegateClass`); they record the callbacks as a UIKit app's would.
@main
struct NotesApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
    @Environment(\.scenePhase) private var scenePhase

    init() {
        // App.init runs before UIKit calls the app delegate: swiftui.app.init, so a trace shows the order.
        Lifeline.recorder.recordAppInit()
    }

    var body: some Scene {
        WindowGroup {
            NotesView()
        }
        .onChange(of: scenePhase) { phase in
            // The aggregate phase SwiftUI derives from all its scenes (not a UIKit callback):
            // swiftui.scenePhase, scope app. The LifelineSwiftUI library's recordingScenePhase(_:)
            // does the same as a modifier, and records each window's phase too (docs/recorder.md).
            Lifeline.recorder.recordScenePhase(String(describing: phase), scope: .app)
        }
    }
}

/// Records the app delegate's callbacks, and hands each new scene the scene delegate below.
final class AppDelegate: NSObject, UIApplicationDelegate {
    private let recorder = Lifeline.recorder
    /// The launch's first frame: a display link's first tick after the first scene became active.
    private var firstFrame: FirstFrameRecorder?

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        recorder.record(.didFinishLaunching)
        firstFrame = FirstFrameRecorder.uiKit(recorder: recorder)
        return true
    }

    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        recorder.record(.configurationForConnecting, session: connectingSceneSession.persistentIdentifier)
        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }

    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
        recorder.record(.didDiscardSceneSessions, attrs: ["sessions": .strings(sceneSessions.map(\.persistentIdentifier))])
    }
}

/// SwiftUI keeps its own window in the scene; this delegate only records.
final class SceneDelegate: NSObject, UIWindowSceneDelegate {
    private let recorder = Lifeline.recorder

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        recorder.record(.willConnectTo, scene: scene)
    }

    func sceneWillEnterForeground(_ scene: UIScene) { recorder.record(.sceneWillEnterForeground, scene: scene) }

    func sceneDidBecomeActive(_ scene: UIScene) { recorder.record(.sceneDidBecomeActive, scene: scene) }

    func sceneWillResignActive(_ scene: UIScene) { recorder.record(.sceneWillResignActive, scene: scene) }

    func sceneDidEnterBackground(_ scene: UIScene) {
        recorder.record(.sceneDidEnterBackground, scene: scene)
        recorder.flush()  // the app may be suspended, then killed, without another chance
    }

    func sceneDidDisconnect(_ scene: UIScene) { recorder.record(.sceneDidDisconnect, scene: scene) }
}

struct NotesView: View {
    @State private var notes: [String] = []
    @State private var reportedFullyDisplayed = false

    var body: some View {
        NavigationStack {
            List(notes, id: \.self) { Text($0) }
                .navigationTitle("Notes")
                .onAppear {
                    // The list is on screen with its content: the launch is over for the person.
                    guard !reportedFullyDisplayed else { return }
                    reportedFullyDisplayed = true
                    Lifeline.recorder.reportFullyDisplayed()
                }
                .toolbar {
                    Button("Add") { notes.append("Note \(notes.count + 1)") }
                }
        }
    }
}
