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
///
/// The catalog grows with UIKit, so `Callback` is a struct with a static
/// member per callback rather than an enum: a `switch` over callbacks needs a
/// `default`, and a callback added in a later version breaks no app that
/// switches on them (GRDB's `ResultCode` and NIO's error codes are open the
/// same way). Callbacks order as the catalog declares them.
public struct Callback: CaseIterable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The catalog entry, switched on exhaustively inside the package.
    package let known: Known

    package init(_ known: Known) { self.known = known }

    // MARK: UIApplicationDelegate: launch and termination
    public static let willFinishLaunching = Callback(.willFinishLaunching)
    public static let didFinishLaunching = Callback(.didFinishLaunching)
    public static let applicationWillTerminate = Callback(.applicationWillTerminate)
    // MARK: UIApplicationDelegate: app-level state (legacy life cycle)
    public static let applicationDidBecomeActive = Callback(.applicationDidBecomeActive)
    public static let applicationWillResignActive = Callback(.applicationWillResignActive)
    public static let applicationDidEnterBackground = Callback(.applicationDidEnterBackground)
    public static let applicationWillEnterForeground = Callback(.applicationWillEnterForeground)
    // MARK: UIApplicationDelegate: scene sessions
    public static let configurationForConnecting = Callback(.configurationForConnecting)
    public static let didDiscardSceneSessions = Callback(.didDiscardSceneSessions)
    // MARK: UIApplicationDelegate: system events
    public static let applicationDidReceiveMemoryWarning = Callback(.applicationDidReceiveMemoryWarning)
    public static let applicationSignificantTimeChange = Callback(.applicationSignificantTimeChange)
    public static let applicationProtectedDataWillBecomeUnavailable = Callback(.applicationProtectedDataWillBecomeUnavailable)
    public static let applicationProtectedDataDidBecomeAvailable = Callback(.applicationProtectedDataDidBecomeAvailable)
    public static let applicationOpenURL = Callback(.applicationOpenURL)
    public static let applicationWillContinueUserActivity = Callback(.applicationWillContinueUserActivity)
    public static let applicationContinueUserActivity = Callback(.applicationContinueUserActivity)
    public static let applicationPerformShortcutAction = Callback(.applicationPerformShortcutAction)
    public static let applicationHandleBackgroundURLSession = Callback(.applicationHandleBackgroundURLSession)
    public static let applicationPerformFetch = Callback(.applicationPerformFetch)
    public static let applicationDidReceiveRemoteNotification = Callback(.applicationDidReceiveRemoteNotification)
    public static let applicationDidRegisterForRemoteNotifications = Callback(.applicationDidRegisterForRemoteNotifications)
    public static let applicationDidFailToRegisterForRemoteNotifications = Callback(.applicationDidFailToRegisterForRemoteNotifications)
    public static let applicationShouldSaveSecureState = Callback(.applicationShouldSaveSecureState)
    public static let applicationShouldRestoreSecureState = Callback(.applicationShouldRestoreSecureState)
    // MARK: UISceneDelegate
    public static let willConnectTo = Callback(.willConnectTo)
    public static let sceneDidDisconnect = Callback(.sceneDidDisconnect)
    public static let sceneDidBecomeActive = Callback(.sceneDidBecomeActive)
    public static let sceneWillResignActive = Callback(.sceneWillResignActive)
    public static let sceneWillEnterForeground = Callback(.sceneWillEnterForeground)
    public static let sceneDidEnterBackground = Callback(.sceneDidEnterBackground)
    public static let sceneOpenURLContexts = Callback(.sceneOpenURLContexts)
    public static let sceneStateRestorationActivity = Callback(.sceneStateRestorationActivity)
    public static let sceneRestoreInteractionState = Callback(.sceneRestoreInteractionState)
    public static let sceneWillContinueUserActivity = Callback(.sceneWillContinueUserActivity)
    public static let sceneContinueUserActivity = Callback(.sceneContinueUserActivity)
    public static let sceneDidFailToContinueUserActivity = Callback(.sceneDidFailToContinueUserActivity)
    public static let sceneDidUpdateUserActivity = Callback(.sceneDidUpdateUserActivity)
    // MARK: UIWindowSceneDelegate
    public static let windowSceneDidUpdateGeometry = Callback(.windowSceneDidUpdateGeometry)
    public static let windowScenePerformShortcutAction = Callback(.windowScenePerformShortcutAction)
    public static let windowSceneAcceptCloudKitShare = Callback(.windowSceneAcceptCloudKitShare)
    // MARK: UNUserNotificationCenterDelegate (apps log them beside the life cycle)
    public static let userNotificationCenterWillPresent = Callback(.userNotificationCenterWillPresent)
    public static let userNotificationCenterDidReceive = Callback(.userNotificationCenterDidReceive)

    /// Every callback of the catalog, in declaration order.
    public static let allCases: [Callback] = Known.allCases.map(Callback.init)

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

    /// The catalog index: dense from 0, stable within one build, never written to a trace.
    package var rawValue: UInt8 { known.rawValue }

    /// The callback at a catalog index, or `nil` past the end of the catalog.
    package init?(rawValue: UInt8) {
        guard let known = Known(rawValue: rawValue) else { return nil }
        self.known = known
    }

    /// The Swift case name, as in `didFinishLaunching`.
    public var description: String { Self.caseNames[Int(rawValue)] }

    /// The case names by raw value, made once: `String(describing:)` of an enum goes through reflection.
    private static let caseNames = Known.allCases.map { String(describing: $0) }

    public static func < (lhs: Callback, rhs: Callback) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The catalog's cases. The catalog table switches on them exhaustively, so a
    /// callback cannot be added without its names, scope and protocol.
    package enum Known: UInt8, CaseIterable, Sendable {
        case willFinishLaunching
        case didFinishLaunching
        case applicationWillTerminate
        case applicationDidBecomeActive
        case applicationWillResignActive
        case applicationDidEnterBackground
        case applicationWillEnterForeground
        case configurationForConnecting
        case didDiscardSceneSessions
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
        case windowSceneDidUpdateGeometry
        case windowScenePerformShortcutAction
        case windowSceneAcceptCloudKitShare
        case userNotificationCenterWillPresent
        case userNotificationCenterDidReceive
    }

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
