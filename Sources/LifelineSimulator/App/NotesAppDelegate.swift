import LifelineFormat
import LifelineRecorder

/// The sample app's app delegate, written the way an app writes one and
/// instrumented with ``LifelineRecorder``.
///
/// The same class serves the scene-based build and the legacy build: the
/// legacy build builds its window here and receives the app-level state
/// callbacks. Faults (``AppFault``) are bugs in this code path.
final class NotesAppDelegate: ApplicationDelegate {
    private let context: AppContext
    private var recorder: Recorder { context.recorder }

    init(context: AppContext) { self.context = context }

    // MARK: - Launch

    func application(_ application: SimulatedApplication, willFinishLaunchingWithOptions options: [String]?) -> Bool {
        // `ActivePrewarm` is only reliable this early: UIKit removes it later (firebase-ios-sdk#9362).
        let attrs: Attributes = application.environment["ActivePrewarm"] == "1" ? ["prewarm": true] : [:]
        recorder.span(.willFinishLaunching, attrs: attrs) {
            context.perform(.readDefaults)
        }
        return true
    }

    func application(_ application: SimulatedApplication, didFinishLaunchingWithOptions options: [String]?) -> Bool {
        var attrs: Attributes = ["state": .string(application.applicationState.rawValue)]
        if let options { attrs["options"] = .strings(options) }
        if context.faults.wrongOrder {
            // BUG (fault wrong-order): recording from a dispatched block puts the event after
            // whatever UIKit calls before the main queue next runs.
            context.mainQueue.async { [recorder] in recorder.record(.didFinishLaunching, attrs: attrs) }
            setUp(application)
        } else {
            recorder.span(.didFinishLaunching, attrs: attrs) { setUp(application) }
        }
        return true
    }

    private func setUp(_ application: SimulatedApplication) {
        recorder.span("db.open", attrs: ["path": "notes.sqlite"]) { context.perform(.openDatabase) }
        if let migration = context.faults.slowLaunch {
            // SLOW (fault slow-launch): a schema migration on the main thread before the first
            // frame, where Apple's launch guidance says to defer such work.
            recorder.span("db.migrate", attrs: ["from": 3, "to": 4]) { context.perform(.migrateDatabase(nanoseconds: migration)) }
        }
        context.perform(.configureServices)
        // A legacy app owns its window from launch. A scene app that does this (BUG, fault
        // ui-in-didfinish) builds UI before any scene exists, on every launch, even background ones.
        if !application.supportsScenes || context.faults.uiInDidFinish {
            recorder.span("ui.setup") { context.perform(.buildWindow) }
        }
    }

    func application(
        _ application: SimulatedApplication, configurationForConnecting session: SimulatedSceneSession
    ) -> SceneConfiguration {
        recorder.record(
            .configurationForConnecting, session: session.persistentIdentifier, attrs: ["role": .string(session.role)])
        return .notesDefault
    }

    func application(_ application: SimulatedApplication, didDiscardSceneSessions sessions: [SimulatedSceneSession]) {
        recorder.span(.didDiscardSceneSessions, attrs: ["sessions": .strings(sessions.map(\.persistentIdentifier))]) {
            context.perform(.cleanUpSessions)
        }
    }

    // MARK: - App-level state (legacy life cycle)

    func applicationDidBecomeActive(_ application: SimulatedApplication) {
        recorder.span(.applicationDidBecomeActive) { context.perform(.resumeTimers) }
    }

    func applicationWillResignActive(_ application: SimulatedApplication) {
        recorder.span(.applicationWillResignActive) { context.perform(.pauseTimers) }
    }

    func applicationDidEnterBackground(_ application: SimulatedApplication) {
        recorder.span(.applicationDidEnterBackground) {
            StateSaving.save(context: context, session: nil, scene: nil)
        }
        recorder.flush()  // the app may be suspended and killed without another chance
    }

    func applicationWillEnterForeground(_ application: SimulatedApplication) {
        recorder.span(.applicationWillEnterForeground) { context.perform(.refreshContent) }
    }

    // MARK: - System events

    func applicationWillTerminate(_ application: SimulatedApplication) {
        recorder.span(.applicationWillTerminate) { context.perform(.closeDatabase) }
        recorder.flush()
    }

    func applicationDidReceiveMemoryWarning(_ application: SimulatedApplication) {
        recorder.span(.applicationDidReceiveMemoryWarning) { context.perform(.purgeCaches) }
    }

    func applicationProtectedDataDidBecomeAvailable(_ application: SimulatedApplication) {
        recorder.record(.applicationProtectedDataDidBecomeAvailable)
    }

    func application(_ application: SimulatedApplication, didReceiveRemoteNotification payload: [String: String]) {
        recorder.span(.applicationDidReceiveRemoteNotification, attrs: ["kind": .string(payload["kind"] ?? "")]) {
            context.perform(.handlePush)
        }
        recorder.flush()
    }

    func application(_ application: SimulatedApplication, performFetchWithCompletionHandler completion: () -> Void) {
        recorder.span(.applicationPerformFetch) { context.perform(.fetchContent) }
        recorder.flush()
        completion()
    }
}
