import LifelineCore

#if canImport(UIKit)
import UIKit

// The only UIKit-specific code in Lifeline: which notifications to observe and
// how to identify a UIScene. Everything else is platform-neutral and tested on Linux.

extension LifecycleNotificationRecorder {
    /// Observes UIKit's lifecycle notifications for an app with the given life cycle.
    ///
    /// Scene apps get the `UIScene` notifications plus launch, termination and
    /// memory warnings; UIKit still posts the app-level active/background
    /// notifications in scene apps, but does not call the app delegate's
    /// methods, so they are not recorded as those callbacks. Legacy apps get the
    /// `UIApplication` state notifications.
    public static func uiKit(
        recorder: any LifecycleRecording, lifecycle: Lifecycle, center: NotificationCenter = .default
    ) -> LifecycleNotificationRecorder {
        var mappings: [Mapping] = [
            Mapping(UIApplication.didFinishLaunchingNotification, .didFinishLaunching),
            Mapping(UIApplication.willTerminateNotification, .applicationWillTerminate),
            Mapping(UIApplication.didReceiveMemoryWarningNotification, .applicationDidReceiveMemoryWarning),
            Mapping(UIApplication.significantTimeChangeNotification, .applicationSignificantTimeChange),
            Mapping(
                UIApplication.protectedDataWillBecomeUnavailableNotification,
                .applicationProtectedDataWillBecomeUnavailable),
            Mapping(
                UIApplication.protectedDataDidBecomeAvailableNotification,
                .applicationProtectedDataDidBecomeAvailable),
        ]
        switch lifecycle {
        case .scene:
            mappings += [
                Mapping(UIScene.willConnectNotification, .willConnectTo),
                Mapping(UIScene.willEnterForegroundNotification, .sceneWillEnterForeground),
                Mapping(UIScene.didActivateNotification, .sceneDidBecomeActive),
                Mapping(UIScene.willDeactivateNotification, .sceneWillResignActive),
                Mapping(UIScene.didEnterBackgroundNotification, .sceneDidEnterBackground),
                Mapping(UIScene.didDisconnectNotification, .sceneDidDisconnect),
            ]
        case .app:
            mappings += [
                Mapping(UIApplication.didBecomeActiveNotification, .applicationDidBecomeActive),
                Mapping(UIApplication.willResignActiveNotification, .applicationWillResignActive),
                Mapping(UIApplication.didEnterBackgroundNotification, .applicationDidEnterBackground),
                Mapping(UIApplication.willEnterForegroundNotification, .applicationWillEnterForeground),
            ]
        }
        return LifecycleNotificationRecorder(recorder: recorder, mappings: mappings, center: center) { object in
            guard let scene = object as? UIScene else { return (nil, nil) }
            return MainActor.assumeIsolated {
                (scene.session.persistentIdentifier, LifecycleNotificationRecorder.identity(of: scene))
            }
        }
    }
}

extension LifecycleRecording {
    /// Records a scene callback for `scene`: its session's `persistentIdentifier` and the
    /// scene object's identity, which per-scene rules need to tell two windows apart.
    ///
    /// ```swift
    /// func sceneDidBecomeActive(_ scene: UIScene) {
    ///     recorder.record(.sceneDidBecomeActive, scene: scene)
    /// }
    /// ```
    @MainActor
    public func record(_ callback: Callback, phase: Phase = .instant, scene: UIScene, attrs: Attributes? = nil) {
        record(
            callback, phase: phase, session: scene.session.persistentIdentifier,
            scene: LifecycleNotificationRecorder.identity(of: scene), attrs: attrs)
    }

    /// Records a scene callback for `scene` as a begin/end pair around `body`.
    @MainActor
    public func span<Result>(
        _ callback: Callback, scene: UIScene, attrs: Attributes? = nil, _ body: () throws -> Result
    ) rethrows -> Result {
        try span(
            callback, session: scene.session.persistentIdentifier,
            scene: LifecycleNotificationRecorder.identity(of: scene), attrs: attrs, body)
    }
}
#endif
