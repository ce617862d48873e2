/// What an imported launch's events say about it when its source does not.
public enum LaunchInference {
    /// `scene` when a scene-scoped callback appears, or SwiftUI's App life cycle does (`swiftui.app.init`,
    /// `swiftui.scenePhase`: a SwiftUI app's windows are UIKit scenes, and its app delegate adaptor
    /// gets no foreground or background callbacks, jessesquires.com/blog/2024/06/29/swiftui-scene-phase);
    /// `app` when only app-level state callbacks (`applicationDidBecomeActive(_:)`, ...) do, nil when
    /// the events cannot tell.
    public static func lifecycle(of events: [EventRecord]) -> Lifecycle? {
        var sawAppState = false
        for event in events {
            guard let callback = event.event.callback else {
                if event.event == EventName.scenePhase || event.event == EventName.appInit { return .scene }
                continue
            }
            if callback.scope == .scene || callback == .configurationForConnecting || callback == .didDiscardSceneSessions {
                return .scene
            }
            switch callback {
            case .applicationDidBecomeActive, .applicationWillResignActive, .applicationDidEnterBackground,
                .applicationWillEnterForeground:
                sawAppState = true
            default: break
            }
        }
        return sawAppState ? .app : nil
    }
}
