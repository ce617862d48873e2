extension BuiltinCatalog {
    /// The legacy app-delegate life cycle (no scenes). Evidence in
    /// docs/research/uikit-lifecycle.md section 8. Deliberately absent:
    /// applicationWillEnterForeground only after applicationDidEnterBackground
    /// (a background launch opened later goes straight to it, N8) and
    /// applicationDidBecomeActive only after applicationWillEnterForeground
    /// (cold launches and interruptions go straight to it, N9).
    static let uikitAppText = #"""
        # uikit-app: the legacy app-delegate life cycle.

        rule app.launch-once per launch {
          when lifecycle = app
          message "didFinishLaunching happens once per process"
          reference "https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence (E1)"
          at most 1 didFinishLaunching
        }

        rule app.will-finish-first per launch {
          when lifecycle = app
          message "willFinishLaunching, when implemented, comes before didFinishLaunching"
          reference "https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence steps 3 and 5 (E1)"
          after didFinishLaunching: never willFinishLaunching
        }

        rule app.state-after-launch per launch {
          when lifecycle = app
          message "app state callbacks come after didFinishLaunching"
          reference "About the app launch sequence: the app becomes active after launch completes (section 8)"
          before didFinishLaunching: never applicationDidBecomeActive | applicationWillResignActive | applicationDidEnterBackground | applicationWillEnterForeground
        }

        rule app.no-scene-callbacks per launch {
          when lifecycle = app
          message "an app that did not adopt scenes gets no scene callbacks"
          reference "Specifying the scenes your app supports: scene delegates are used only with a scene manifest (section 8)"
          never willConnectTo | sceneWillEnterForeground | sceneDidBecomeActive | sceneWillResignActive | sceneDidEnterBackground | sceneDidDisconnect | configurationForConnecting | didDiscardSceneSessions
        }

        rule app.foreground-before-active warning per launch {
          when lifecycle = app
          message "an app coming back from the background enters the foreground before it becomes active"
          reference "applicationWillEnterForeground(_:) docs; not contradicted by posted logs (section 8)"
          after applicationDidEnterBackground until applicationWillEnterForeground: never applicationDidBecomeActive
        }

        rule app.active-once warning per launch {
          when lifecycle = app
          message "applicationDidBecomeActive and applicationWillResignActive alternate (iOS 11-12 Notification Center sent a double applicationDidBecomeActive)"
          reference "rdar 49216830; research W5 and scenario 7"
          after applicationDidBecomeActive until applicationWillResignActive: never applicationDidBecomeActive
        }

        rule app.nothing-after-terminate per launch {
          when lifecycle = app
          message "after applicationWillTerminate the app does not become active again"
          reference "applicationWillTerminate(_:) docs (E8)"
          after applicationWillTerminate: never applicationDidBecomeActive | applicationWillEnterForeground
        }

        rule app.background-within-5s warning per launch {
          when lifecycle = app
          message "applicationDidEnterBackground returns within about 5 seconds, or the system may kill the app"
          reference "https://developer.apple.com/documentation/uikit/extending-your-app-s-background-execution-time (W8)"
          applicationDidEnterBackground lasts at most 5s
        }

        rule app.launch-within-20s warning per launch {
          when lifecycle = app
          message "didFinishLaunching returns well within the 20 s launch watchdog"
          reference "https://developer.apple.com/documentation/xcode/addressing-watchdog-terminations (W8)"
          didFinishLaunching lasts at most 20s
        }
        """#
}
