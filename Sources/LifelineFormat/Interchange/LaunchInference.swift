/// What an imported launch's events say about it when its source does not.
public enum LaunchInference {
    /// What one event says of its launch's life cycle, weakest first: a launch's life cycle is what its
    /// strongest event says.
    public enum Evidence: Int, Comparable, Sendable {
        /// Nothing.
        case none
        /// SwiftUI's App life cycle (`swiftui.app.init`, `swiftui.scenePhase`): a SwiftUI app's windows are
        /// UIKit scenes, and its delegate adaptor gets no foreground or background callback
        /// (jessesquires.com/blog/2024/06/29/swiftui-scene-phase). Scene-based, unless app-level state
        /// callbacks show an app without scenes that hosts SwiftUI views.
        case swiftUI
        /// An app-level state callback (`applicationDidBecomeActive(_:)`, ...): no scenes, unless a scene callback says otherwise.
        case appState
        /// A scene callback, `configurationForConnecting` or `didDiscardSceneSessions`: scene-based.
        case sceneCallback

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The life cycle this evidence shows; nil for none.
        public var lifecycle: Lifecycle? {
            switch self {
            case .none: return nil
            case .swiftUI, .sceneCallback: return .scene
            case .appState: return .app
            }
        }
    }

    /// What `event` says of its launch's life cycle.
    public static func evidence(of event: EventRecord) -> Evidence {
        guard let callback = event.event.callback else {
            return event.event == EventName.scenePhase || event.event == EventName.appInit ? .swiftUI : .none
        }
        if callback.scope == .scene || callback == .configurationForConnecting || callback == .didDiscardSceneSessions {
            return .sceneCallback
        }
        switch callback {
        case .applicationDidBecomeActive, .applicationWillResignActive, .applicationDidEnterBackground, .applicationWillEnterForeground:
            return .appState
        default:
            return .none
        }
    }

    /// `scene` when a scene-scoped callback appears, `app` when app-level state callbacks do and none
    /// does, `scene` when only SwiftUI's App life cycle does, nil when the events cannot tell.
    public static func lifecycle(of events: [EventRecord]) -> Lifecycle? {
        var strongest = Evidence.none
        for event in events {
            strongest = max(strongest, evidence(of: event))
            if strongest == .sceneCallback { break }
        }
        return strongest.lifecycle
    }
}
