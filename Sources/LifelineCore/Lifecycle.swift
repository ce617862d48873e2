/// Which UIKit life cycle a launch runs under.
public enum Lifecycle: String, CaseIterable, Sendable, Hashable {
    /// The app adopted scenes (iOS 13+): UIKit drives `UISceneDelegate`
    /// methods per scene session, and the app delegate's state methods are
    /// not called.
    case scene
    /// The legacy app-delegate life cycle: one window, app-level state
    /// callbacks (`applicationDidBecomeActive(_:)`, ...).
    case app
}
