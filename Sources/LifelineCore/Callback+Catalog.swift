// MARK: - The catalog table

extension Callback {
    struct Entry: Sendable {
        let name: String
        let aliases: [String]
        let scope: Scope
        let delegate: DelegateProtocol
    }

    /// One entry per case, in declaration order (indexed by `rawValue`).
    ///
    /// Names are the selectors of the UIKit SDK (iOS 13 to 26). Aliases are the
    /// case name, the base name and the Objective-C selector.
    static let entries: [Entry] = Callback.allCases.map(\.entry)

    /// Every accepted spelling, canonical names and aliases alike.
    package static let byName: [String: Callback] = {
        var table: [String: Callback] = [:]
        for callback in Callback.allCases {
            let entry = callback.entry
            table[entry.name] = callback
            for alias in entry.aliases { table[alias] = callback }
        }
        return table
    }()

    private var entry: Entry {
        switch known {
        case .willFinishLaunching:
            return app(
                "application(_:willFinishLaunchingWithOptions:)", "willFinishLaunching",
                "willFinishLaunchingWithOptions", "application:willFinishLaunchingWithOptions:")
        case .didFinishLaunching:
            // `applicationDidFinishLaunching(_:)` is the same moment under its iOS 2 name: UIKit calls it
            // only for a delegate that does not implement this method ("Don't use this method …; instead,
            // use application(_:willFinishLaunchingWithOptions:) and application(_:didFinishLaunchingWithOptions:)",
            // developer.apple.com/documentation/uikit/uiapplicationdelegate/applicationdidfinishlaunching(_:)),
            // so a launch has one or the other, never both, and every rule about the end of launching
            // holds for it. Unity's app controller prints `-> applicationDidFinishLaunching()` from inside
            // `application:didFinishLaunchingWithOptions:`.
            return app(
                "application(_:didFinishLaunchingWithOptions:)", "didFinishLaunching",
                "didFinishLaunchingWithOptions", "application:didFinishLaunchingWithOptions:",
                "applicationDidFinishLaunching(_:)", "applicationDidFinishLaunching", "applicationDidFinishLaunching:")
        case .applicationWillTerminate:
            return app("applicationWillTerminate(_:)", "applicationWillTerminate", "applicationWillTerminate:")
        case .applicationDidBecomeActive:
            return app("applicationDidBecomeActive(_:)", "applicationDidBecomeActive", "applicationDidBecomeActive:")
        case .applicationWillResignActive:
            return app("applicationWillResignActive(_:)", "applicationWillResignActive", "applicationWillResignActive:")
        case .applicationDidEnterBackground:
            return app(
                "applicationDidEnterBackground(_:)", "applicationDidEnterBackground",
                "applicationDidEnterBackground:")
        case .applicationWillEnterForeground:
            return app(
                "applicationWillEnterForeground(_:)", "applicationWillEnterForeground",
                "applicationWillEnterForeground:")
        case .configurationForConnecting:
            return app(
                "application(_:configurationForConnecting:options:)", "configurationForConnecting",
                "application:configurationForConnectingSceneSession:options:")
        case .didDiscardSceneSessions:
            return app(
                "application(_:didDiscardSceneSessions:)", "didDiscardSceneSessions",
                "application:didDiscardSceneSessions:")
        case .applicationDidReceiveMemoryWarning:
            return app(
                "applicationDidReceiveMemoryWarning(_:)", "applicationDidReceiveMemoryWarning",
                "didReceiveMemoryWarning", "applicationDidReceiveMemoryWarning:")
        case .applicationSignificantTimeChange:
            return app(
                "applicationSignificantTimeChange(_:)", "applicationSignificantTimeChange",
                "applicationSignificantTimeChange:")
        case .applicationProtectedDataWillBecomeUnavailable:
            return app(
                "applicationProtectedDataWillBecomeUnavailable(_:)",
                "applicationProtectedDataWillBecomeUnavailable", "protectedDataWillBecomeUnavailable",
                "applicationProtectedDataWillBecomeUnavailable:")
        case .applicationProtectedDataDidBecomeAvailable:
            return app(
                "applicationProtectedDataDidBecomeAvailable(_:)",
                "applicationProtectedDataDidBecomeAvailable", "protectedDataDidBecomeAvailable",
                "applicationProtectedDataDidBecomeAvailable:")
        case .applicationOpenURL:
            return app(
                "application(_:open:options:)", "applicationOpenURL", "openURL",
                "application:openURL:options:")
        case .applicationWillContinueUserActivity:
            // developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:willcontinueuseractivitywithtype:)
            return app(
                "application(_:willContinueUserActivityWithType:)", "applicationWillContinueUserActivity",
                "application:willContinueUserActivityWithType:")
        case .applicationContinueUserActivity:
            return app(
                "application(_:continue:restorationHandler:)", "applicationContinueUserActivity",
                "continueUserActivity", "application:continueUserActivity:restorationHandler:")
        case .applicationPerformShortcutAction:
            return app(
                "application(_:performActionFor:completionHandler:)", "applicationPerformShortcutAction",
                "performActionForShortcutItem", "application:performActionForShortcutItem:completionHandler:")
        case .applicationHandleBackgroundURLSession:
            return app(
                "application(_:handleEventsForBackgroundURLSession:completionHandler:)",
                "handleEventsForBackgroundURLSession",
                "application:handleEventsForBackgroundURLSession:completionHandler:")
        case .applicationPerformFetch:
            return app(
                "application(_:performFetchWithCompletionHandler:)", "performFetch",
                "performFetchWithCompletionHandler", "application:performFetchWithCompletionHandler:")
        case .applicationDidReceiveRemoteNotification:
            return app(
                "application(_:didReceiveRemoteNotification:fetchCompletionHandler:)",
                "didReceiveRemoteNotification",
                "application:didReceiveRemoteNotification:fetchCompletionHandler:")
        case .applicationDidRegisterForRemoteNotifications:
            return app(
                "application(_:didRegisterForRemoteNotificationsWithDeviceToken:)",
                "didRegisterForRemoteNotifications",
                "application:didRegisterForRemoteNotificationsWithDeviceToken:")
        case .applicationDidFailToRegisterForRemoteNotifications:
            return app(
                "application(_:didFailToRegisterForRemoteNotificationsWithError:)",
                "didFailToRegisterForRemoteNotifications",
                "application:didFailToRegisterForRemoteNotificationsWithError:")
        case .applicationShouldSaveSecureState:
            return app(
                "application(_:shouldSaveSecureApplicationState:)", "shouldSaveSecureApplicationState",
                "application:shouldSaveSecureApplicationState:")
        case .applicationShouldRestoreSecureState:
            return app(
                "application(_:shouldRestoreSecureApplicationState:)", "shouldRestoreSecureApplicationState",
                "application:shouldRestoreSecureApplicationState:")
        case .willConnectTo:
            return scene(
                "scene(_:willConnectTo:options:)", "willConnectTo", "sceneWillConnect",
                "scene:willConnectToSession:options:")
        case .sceneDidDisconnect:
            return scene("sceneDidDisconnect(_:)", "sceneDidDisconnect", "sceneDidDisconnect:")
        case .sceneDidBecomeActive:
            return scene("sceneDidBecomeActive(_:)", "sceneDidBecomeActive", "sceneDidBecomeActive:")
        case .sceneWillResignActive:
            return scene("sceneWillResignActive(_:)", "sceneWillResignActive", "sceneWillResignActive:")
        case .sceneWillEnterForeground:
            return scene("sceneWillEnterForeground(_:)", "sceneWillEnterForeground", "sceneWillEnterForeground:")
        case .sceneDidEnterBackground:
            return scene("sceneDidEnterBackground(_:)", "sceneDidEnterBackground", "sceneDidEnterBackground:")
        case .sceneOpenURLContexts:
            return scene("scene(_:openURLContexts:)", "openURLContexts", "scene:openURLContexts:")
        case .sceneStateRestorationActivity:
            return scene(
                "stateRestorationActivity(for:)", "stateRestorationActivity",
                "stateRestorationActivityForScene:")
        case .sceneRestoreInteractionState:
            return scene(
                "scene(_:restoreInteractionStateWith:)", "restoreInteractionState",
                "scene:restoreInteractionStateWithUserActivity:")
        case .sceneWillContinueUserActivity:
            return scene(
                "scene(_:willContinueUserActivityWithType:)", "willContinueUserActivity",
                "scene:willContinueUserActivityWithType:")
        case .sceneContinueUserActivity:
            return scene("scene(_:continue:)", "sceneContinueUserActivity", "scene:continueUserActivity:")
        case .sceneDidFailToContinueUserActivity:
            return scene(
                "scene(_:didFailToContinueUserActivityWithType:error:)", "didFailToContinueUserActivity",
                "scene:didFailToContinueUserActivityWithType:error:")
        case .sceneDidUpdateUserActivity:
            return scene("scene(_:didUpdate:)", "didUpdateUserActivity", "scene:didUpdateUserActivity:")
        case .windowSceneDidUpdateGeometry:
            return windowScene(
                "windowScene(_:didUpdate:interfaceOrientation:traitCollection:)",
                "windowSceneDidUpdate", "didUpdateCoordinateSpace",
                "windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:")
        case .windowScenePerformShortcutAction:
            return windowScene(
                "windowScene(_:performActionFor:completionHandler:)", "windowScenePerformAction",
                "windowScene:performActionForShortcutItem:completionHandler:")
        case .windowSceneAcceptCloudKitShare:
            return windowScene(
                "windowScene(_:userDidAcceptCloudKitShareWith:)", "userDidAcceptCloudKitShare",
                "windowScene:userDidAcceptCloudKitShareWithMetadata:")
        case .userNotificationCenterWillPresent:
            // A notification arrives while the app is in the foreground; `(_:willPresent:)` is the
            // async form, which `#function` prints in an `async` implementation.
            // developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:willpresent:withcompletionhandler:)
            return notificationCenter(
                "userNotificationCenter(_:willPresent:withCompletionHandler:)", "userNotificationCenter(_:willPresent:)",
                "willPresentNotification", "userNotificationCenter:willPresentNotification:withCompletionHandler:")
        case .userNotificationCenterDidReceive:
            // The person responded to a notification (opened it, chose an action), which may launch the app.
            // developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:)
            return notificationCenter(
                "userNotificationCenter(_:didReceive:withCompletionHandler:)", "userNotificationCenter(_:didReceive:)",
                "didReceiveNotificationResponse", "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:")
        }
    }

    private func app(_ name: String, _ aliases: String...) -> Entry {
        Entry(name: name, aliases: spellings(aliases), scope: .application, delegate: .applicationDelegate)
    }

    private func scene(_ name: String, _ aliases: String...) -> Entry {
        Entry(name: name, aliases: spellings(aliases), scope: .scene, delegate: .sceneDelegate)
    }

    private func windowScene(_ name: String, _ aliases: String...) -> Entry {
        Entry(name: name, aliases: spellings(aliases), scope: .scene, delegate: .windowSceneDelegate)
    }

    /// A `UNUserNotificationCenterDelegate` method: app-level, delivered to whichever object the app
    /// made the notification center's delegate (usually the app delegate).
    private func notificationCenter(_ name: String, _ aliases: String...) -> Entry {
        Entry(name: name, aliases: spellings(aliases), scope: .application, delegate: .userNotificationCenterDelegate)
    }

    /// The case name first, then the listed aliases, each once.
    private func spellings(_ aliases: [String]) -> [String] {
        var result: [String] = []
        for alias in [String(describing: self)] + aliases where !result.contains(alias) { result.append(alias) }
        return result
    }
}
