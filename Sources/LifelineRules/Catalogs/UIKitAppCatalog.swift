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
          after applicationDidBecomeActive until applicationWillResignActive | applicationDidEnterBackground: never applicationDidBecomeActive
        }

        rule app.nothing-after-terminate per launch {
          when lifecycle = app
          message "after applicationWillTerminate the app does not become active again"
          reference "applicationWillTerminate(_:) docs (E8)"
          after applicationWillTerminate: never applicationDidBecomeActive | applicationWillEnterForeground
        }

        # The app-delegate life cycle as a state machine, one per process. Every
        # (state, callback) pair is declared: allowed, a warning the machine
        # reports, or reported by the pairwise rule above whose message names the
        # mistake. After didFinishLaunching the app is inactive (launched into the
        # foreground) or in the background (a background launch): no callback says
        # which, so both continue from 'launched'. Evidence: docs/research/uikit-lifecycle.md
        # section 11 (A*).
        machine app.lifecycle per launch {
          when lifecycle = app
          message "app delegate callbacks follow UIKit's app life cycle"
          reference "Managing your app's life cycle (app-based); docs/research/uikit-lifecycle.md section 11"
          initial launching

          launching -> launched on didFinishLaunching {
            reference "About the app launch sequence: 'the system puts the app in the inactive or background state' (section 8)"
          }
          launched, inactive, active, background, terminated -> launched on didFinishLaunching { reported by app.launch-once }
          launching -> launching on applicationWillEnterForeground | applicationDidBecomeActive | applicationWillResignActive | applicationDidEnterBackground {
            reported by app.state-after-launch
          }

          launched -> active on applicationDidBecomeActive {
            reference "a cold launch goes straight to applicationDidBecomeActive, with no applicationWillEnterForeground (N9, jigarm)"
          }
          inactive -> active on applicationDidBecomeActive {
            reference "applicationDidBecomeActive docs; interruptions end with it (section 4)"
          }
          active -> active on applicationDidBecomeActive { reported by app.active-once }
          background -> active on applicationDidBecomeActive { reported by app.foreground-before-active }
          terminated -> terminated on applicationDidBecomeActive | applicationWillEnterForeground { reported by app.nothing-after-terminate }

          launched, background -> inactive on applicationWillEnterForeground {
            reference "applicationWillEnterForeground docs; a background launch opened later gets it with no applicationDidEnterBackground before (N8, jigarm)"
          }
          inactive -> inactive on applicationWillEnterForeground {
            severity warning
            message "an app already in the foreground is told again that it will enter the foreground"
            reference "applicationWillEnterForeground docs: 'part of the transition from the background'; no device log shows it twice (A3)"
          }
          active -> active on applicationWillEnterForeground {
            severity warning
            message "an active app is told that it will enter the foreground"
            reference "applicationWillEnterForeground docs: 'part of the transition from the background'; no device log shows it (A3)"
          }

          active -> inactive on applicationWillResignActive {
            reference "applicationWillResignActive docs: temporary interruptions and before the background (section 4)"
          }
          launched, inactive -> inactive on applicationWillResignActive {
            severity warning
            message "an app that is not active resigns active"
            reference "documented from the active state only; rdar 13677039 (applicationDidBecomeActive missing after a partial switcher gesture) (A2)"
          }
          background -> background on applicationWillResignActive {
            severity warning
            message "a background app resigns active"
            reference "documented from the active state only; no device log shows it (A2)"
          }

          launched, inactive -> background on applicationDidEnterBackground {
            reference "home: applicationWillResignActive then applicationDidEnterBackground; Face ID lock screen and fast swipe-kill: applicationWillEnterForeground then applicationDidEnterBackground (forum 91384, forum 732170) (A1)"
          }
          active -> background on applicationDidEnterBackground {
            severity warning
            message "an active app resigns active before it enters the background"
            reference "applicationWillResignActive docs: called before the transition to the background; not proven for every iOS version (W3, A4)"
          }
          background -> background on applicationDidEnterBackground {
            severity warning
            message "applicationDidEnterBackground is delivered once per trip to the background"
            reference "documented; iOS 7 delivered a double notification (SO 25857028) (W6)"
          }
          terminated -> terminated on applicationWillResignActive | applicationDidEnterBackground {
            severity warning
            message "the app resigns or enters the background after applicationWillTerminate"
            reference "applicationWillTerminate docs: the app 'is about to be terminated'; the order of the exit path's callbacks is not documented (A5)"
          }

          launching, launched, inactive, active, background -> terminated on applicationWillTerminate {
            reference "applicationWillTerminate docs: 'may be called' when a running app is terminated (section 6, N3)"
          }
          terminated -> terminated on applicationWillTerminate {
            severity warning
            message "applicationWillTerminate is delivered once"
            reference "applicationWillTerminate docs (A5)"
          }
        }

        rule app.background-within-5s warning per launch {
          when lifecycle = app
          message "applicationDidEnterBackground returns within about 5 seconds, or the system may kill the app"
          reference "https://developer.apple.com/documentation/uikit/extending-your-app-s-background-execution-time (W8)"
          applicationDidEnterBackground lasts at most 5s
        }

        rule app.first-frame-within-400ms warning per launch {
          when lifecycle = app
          message "a launch reaches its first frame within Apple's 400 ms target (from the process start, or from the user's open after a prewarm or a background launch; to the first active state when no first frame is recorded)"
          reference "https://developer.apple.com/videos/play/wwdc2019/423/: '400ms to render first frame' (docs/launches.md, 'First frame, full display and the 400 ms target')"
          never lifeline.anatomy[kind != unknown, launchTime > 400ms]
        }

        rule app.launch-within-20s warning per launch {
          when lifecycle = app
          message "didFinishLaunching returns well within the 20 s launch watchdog"
          reference "https://developer.apple.com/documentation/xcode/addressing-watchdog-terminations (W8)"
          didFinishLaunching lasts at most 20s
        }
        """#
}
