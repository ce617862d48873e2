/// A lifecycle callback that UIKit makes on an app delegate or a scene delegate.
///
/// The catalog is the set of `UIApplicationDelegate`, `UISceneDelegate` and
/// `UIWindowSceneDelegate` methods that mark a life-cycle transition or a
/// system entry point into the app, and the two `UNUserNotificationCenterDelegate`
/// methods apps log beside them. Each case knows its canonical name (the
/// Swift selector form written to traces), the short aliases that readers
/// accept, and whether it concerns the whole app or one scene.
///
/// ```swift
/// Callback.didFinishLaunching.name   // "application(_:didFinishLaunchingWithOptions:)"
/// Callback(named: "willConnectTo")    // .willConnectTo
/// ```
public enum Callback: UInt8, CaseIterable, Sendable, Hashable, Comparable {
    // MARK: UIApplicationDelegate: launch and termination
    case willFinishLaunching
    case didFinishLaunching
    case applicationWillTerminate
    // MARK: UIApplicationDelegate: app-level state (legacy life cycle)
    case applicationDidBecomeActive
    case applicationWillResignActive
    case applicationDidEnterBackground
    case applicationWillEnterForeground
    // MARK: UIApplicationDelegate: scene sessions
    case configurationForConnecting
    case didDiscardSceneSessions
    // MARK: UIApplicationDelegate: system events
    case applicationDidReceiveMemoryWarning
    case applicationSignificantTimeChange
    case applicationProtectedDataWillBecomeUnavailable
    case applicationProtectedDataDidBecomeAvailable
    case applicationOpenURL
    case applicationWillContinueUserActivity
    case applicationContinueUserActivity
    case applicationPerformShortcutAction
    case applicationHandleBackgroundURLSession
    case applicationPerformFetch
    case applicationDidReceiveRemoteNotification
    case applicationDidRegisterForRemoteNotifications
    case applicationDidFailToRegisterForRemoteNotifications
    case applicationShouldSaveSecureState
    case applicationShouldRestoreSecureState
    // MARK: UISceneDelegate
    case willConnectTo
    case sceneDidDisconnect
    case sceneDidBecomeActive
    case sceneWillResignActive
    case sceneWillEnterForeground
    case sceneDidEnterBackground
    case sceneOpenURLContexts
    case sceneStateRestorationActivity
    case sceneRestoreInteractionState
    case sceneWillContinueUserActivity
    case sceneContinueUserActivity
    case sceneDidFailToContinueUserActivity
    case sceneDidUpdateUserActivity
    // MARK: UIWindowSceneDelegate
    case windowSceneDidUpdateGeometry
    case windowScenePerformShortcutAction
    case windowSceneAcceptCloudKitShare
    // MARK: UNUserNotificationCenterDelegate (apps log them beside the life cycle)
    case userNotificationCenterWillPresent
    case userNotificationCenterDidReceive

    /// The canonical name written to traces: the callback's Swift selector.
    public var name: String { Self.entries[Int(rawValue)].name }

    /// Shorter names readers accept for this callback, normalised to ``name``.
    ///
    /// Each callback accepts the Swift case name (`didFinishLaunching`), the
    /// selector's base name where unambiguous, and the Objective-C selector
    /// (`application:didFinishLaunchingWithOptions:`).
    public var aliases: [String] { Self.entries[Int(rawValue)].aliases }

    /// Whether UIKit makes this call for the whole app or for one scene.
    public var scope: Scope { Self.entries[Int(rawValue)].scope }

    /// The delegate protocol that declares the method.
    public var delegate: DelegateProtocol { Self.entries[Int(rawValue)].delegate }

    /// Looks a callback up by its canonical name or any alias.
    ///
    /// Returns `nil` for an app-defined event name such as `db.open`.
    public init?(named name: String) {
        guard let callback = Self.byName[name] else { return nil }
        self = callback
    }

    public static func < (lhs: Callback, rhs: Callback) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether a callback concerns the whole app or one scene session.
    public enum Scope: String, Sendable, Hashable {
        /// App-level: no `session` or `scene` in the event record.
        case application
        /// Scene-level: the event record names the `session` and the `scene`.
        case scene
    }

    /// The UIKit protocol a callback belongs to.
    public enum DelegateProtocol: String, Sendable, Hashable {
        case applicationDelegate = "UIApplicationDelegate"
        case sceneDelegate = "UISceneDelegate"
        case windowSceneDelegate = "UIWindowSceneDelegate"
        case userNotificationCenterDelegate = "UNUserNotificationCenterDelegate"
    }
}
