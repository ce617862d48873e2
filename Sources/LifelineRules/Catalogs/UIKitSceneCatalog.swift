extension BuiltinCatalog {
    /// The iOS 13+ scene life cycle. Every rule cites what justifies it; the
    /// evidence is collected in docs/research/uikit-lifecycle.md (IDs E*, W*, N*).
    ///
    /// Errors are what UIKit never does. Where devices break the documentation
    /// (swipe-kill, Face ID, interruptions), the rule is a warning. Deliberately
    /// absent (N1–N12): configurationForConnecting on every launch (restored
    /// sessions skip it), a discard after every close, willTerminate on every
    /// exit, a bounded gap between didFinishLaunching and the first scene
    /// (prewarming), a connected scene in every launch (background launches).
    static let uikitSceneText = #"""
        # uikit-scene: the scene-based life cycle (iOS 13+).

        rule scene.launch-once per launch {
          when lifecycle = scene
          message "didFinishLaunching happens once per process"
          reference "https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence (E1)"
          at most 1 didFinishLaunching
        }

        rule scene.will-finish-first per launch {
          when lifecycle = scene
          message "willFinishLaunching, when implemented, comes before didFinishLaunching"
          reference "https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence steps 3 and 5 (E1)"
          after didFinishLaunching: never willFinishLaunching
        }

        rule scene.connect-after-launch per session {
          when lifecycle = scene
          message "a scene connects only after the app finished launching"
          reference "https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence step 6; prewarm logs SO 71025205 (E2)"
          before didFinishLaunching: never willConnectTo
        }

        rule scene.sessions-after-launch per session {
          when lifecycle = scene
          message "configurationForConnecting and didDiscardSceneSessions come after didFinishLaunching"
          reference "Xcode template: 'called shortly after application:didFinishLaunchingWithOptions' (E10)"
          before didFinishLaunching: never configurationForConnecting | didDiscardSceneSessions
        }

        rule scene.config-before-connect warning per session {
          when lifecycle = scene
          message "configurationForConnecting configures a session before its scene connects, not after"
          reference "WWDC19 sessions 246 and 258 (E5, W7); configuration is skipped for restored sessions (SO 63520008, N1)"
          after willConnectTo: never configurationForConnecting
        }

        rule scene.connect-once per scene {
          when lifecycle = scene
          message "a connected scene does not connect again before it disconnects (a reconnection is a new scene object, which may reuse a freed one's address)"
          reference "UIScene.ActivationState.unattached docs; forum thread 732170 (E3, N10)"
          after willConnectTo until sceneDidDisconnect: never willConnectTo
        }

        rule scene.callbacks-after-connect per scene {
          when lifecycle = scene
          message "a scene gets state callbacks only after it connected"
          reference "UIScene.ActivationState.unattached: 'remains in that state until the system sends a connection notification' (E3)"
          before willConnectTo: never sceneWillEnterForeground | sceneDidBecomeActive | sceneWillResignActive | sceneDidEnterBackground | sceneDidDisconnect | sceneOpenURLContexts | sceneContinueUserActivity
        }

        rule scene.nothing-after-disconnect per scene {
          when lifecycle = scene
          message "a disconnected scene object gets no more callbacks (only a new scene object, connecting, may reuse its address)"
          reference "sceneDidDisconnect(_:) docs: 'a precursor to the destruction of that scene'; forum thread 732170 (E4)"
          after sceneDidDisconnect until willConnectTo: never sceneWillEnterForeground | sceneDidBecomeActive | sceneWillResignActive | sceneDidEnterBackground | sceneDidDisconnect | sceneOpenURLContexts | sceneContinueUserActivity
        }

        rule scene.no-app-state-callbacks per launch {
          when lifecycle = scene
          message "a scene-based app's delegate gets no app-level state callbacks (the notifications are still posted)"
          reference "applicationDidBecomeActive(_:) and siblings: 'If your app uses scenes, UIKit does not call this method'; WWDC19 258 (E6)"
          never applicationDidBecomeActive[via != notification] | applicationWillResignActive[via != notification] | applicationDidEnterBackground[via != notification] | applicationWillEnterForeground[via != notification]
        }

        rule scene.foreground-before-active per scene {
          when lifecycle = scene
          message "a scene coming back from the background enters the foreground before it becomes active"
          reference "sceneWillEnterForeground(_:) docs; every posted log, no counterexample (E7)"
          after sceneDidEnterBackground until sceneWillEnterForeground: never sceneDidBecomeActive
        }

        rule scene.nothing-after-terminate per launch {
          when lifecycle = scene
          message "after applicationWillTerminate nothing connects or becomes active"
          reference "applicationWillTerminate(_:) docs: 'about to be terminated and purged from memory' (E8)"
          after applicationWillTerminate: never willConnectTo | sceneWillEnterForeground | sceneDidBecomeActive
        }

        rule scene.discarded-stays-gone per session across launches {
          when lifecycle = scene
          message "a discarded session never reconnects; UIKit creates a new session instead"
          reference "application(_:didDiscardSceneSessions:) docs; Xcode template 'as they will not return' (E9)"
          after didDiscardSceneSessions: never willConnectTo | configurationForConnecting
        }

        rule scene.foreground-then-active warning per scene {
          when lifecycle = scene
          message "a scene that enters the foreground becomes active before it leaves again (devices skip it: Face ID lock screen, fast swipe-kill)"
          reference "sceneWillEnterForeground(_:) docs: 'invariably followed by sceneDidBecomeActive'; broken by forum 91384 and 732170 (W1)"
          between sceneWillEnterForeground and sceneDidEnterBackground | sceneDidDisconnect: eventually sceneDidBecomeActive
        }

        rule scene.first-active-in-foreground warning per scene {
          when lifecycle = scene
          message "a newly connected scene enters the foreground before it first becomes active"
          reference "About the app launch sequence; forum 732170 (W2)"
          sceneWillEnterForeground precedes sceneDidBecomeActive
        }

        rule scene.resign-before-background warning per scene {
          when lifecycle = scene
          message "an active scene resigns active before it enters the background"
          reference "sceneWillResignActive(_:) docs; no counterexample found, not proven for every iOS version (W3)"
          after sceneDidBecomeActive until sceneWillResignActive: never sceneDidEnterBackground
        }

        rule scene.background-before-disconnect warning per scene {
          when lifecycle = scene
          message "a scene is disconnected from the background (a swipe-kill disconnects it from the foreground: forum 732170)"
          reference "Xcode template sceneDidDisconnect comment; broken by swipe-kill, forum 732170 (W4)"
          after sceneWillEnterForeground until sceneDidEnterBackground: never sceneDidDisconnect
        }

        rule scene.active-once warning per scene {
          when lifecycle = scene
          message "sceneDidBecomeActive and sceneWillResignActive alternate"
          reference "documented pairing; rdar 49216830 shows a double sceneDidBecomeActive on devices (W5)"
          after sceneDidBecomeActive until sceneWillResignActive: never sceneDidBecomeActive
        }

        rule scene.background-once warning per scene {
          when lifecycle = scene
          message "sceneDidEnterBackground is delivered once per trip to the background"
          reference "documented; iOS 7 delivered a double notification (SO 25857028) (W6)"
          after sceneDidEnterBackground until sceneWillEnterForeground: never sceneDidEnterBackground
        }

        rule scene.background-within-5s warning per scene {
          when lifecycle = scene
          message "sceneDidEnterBackground returns within about 5 seconds, or the system may kill the app"
          reference "https://developer.apple.com/documentation/uikit/extending-your-app-s-background-execution-time (W8)"
          sceneDidEnterBackground lasts at most 5s
        }

        rule scene.launch-within-20s warning per launch {
          when lifecycle = scene
          message "didFinishLaunching returns well within the 20 s launch watchdog"
          reference "https://developer.apple.com/documentation/xcode/addressing-watchdog-terminations: 'scene-create watchdog transgression … 19.97 seconds' (W8)"
          didFinishLaunching lasts at most 20s
        }

        rule scene.terminate-within-5s warning per launch {
          when lifecycle = scene
          message "applicationWillTerminate returns within about 5 seconds"
          reference "applicationWillTerminate(_:) docs: 'approximately five seconds to perform any tasks and return' (W8)"
          applicationWillTerminate lasts at most 5s
        }
        """#
}
