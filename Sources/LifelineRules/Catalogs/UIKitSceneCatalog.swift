extension BuiltinCatalog {
    /// The iOS 13+ scene life cycle. Every rule cites what justifies it; the
    /// evidence is collected in docs/research/uikit-lifecycle.md (IDs E*, W*, N*).
    ///
    /// Errors are what UIKit never does. Where devices break the documentation
    /// (Face ID, interruptions), the rule is a warning. Where breaking it is what
    /// UIKit routinely does (a swipe-kill disconnects a scene from the foreground),
    /// the rule is info: no app made a mistake, but the app should know what it
    /// means for its code. Deliberately
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

        rule scene.config-before-connect per session {
          when lifecycle = scene
          message "configurationForConnecting configures a session before its scene connects, never while that scene is connected"
          reference "configurationForConnecting docs: 'when creating a new scene'; WWDC19 sessions 246 and 258 (E5); restored sessions skip it (SO 63520008, N1); a session whose scene disconnected may be configured again before it reconnects (M4)"
          # A configuration recorded without its session id is app-level and reaches every
          # session's slice: on an iPad opening a second window it would be charged to the first
          # window's connected session. Only one that names its session can be judged.
          after willConnectTo until sceneDidDisconnect: never configurationForConnecting[session]
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
          message "a scene-based app's delegate (a SwiftUI app's @UIApplicationDelegateAdaptor too) gets no app-level state callbacks (the notifications are still posted)"
          reference "applicationDidBecomeActive(_:) and siblings: 'If your app uses scenes, UIKit does not call this method'; WWDC19 258 (E6); a SwiftUI app's adaptor gets only didFinishLaunching and applicationWillTerminate, scene delegate or not: https://jessesquires.com/blog/2024/06/29/swiftui-scene-phase/ (S4)"
          never applicationDidBecomeActive[via != notification] | applicationWillResignActive[via != notification] | applicationDidEnterBackground[via != notification] | applicationWillEnterForeground[via != notification]
        }

        rule scene.foreground-before-active per scene {
          when lifecycle = scene
          message "a scene coming back from the background enters the foreground before it becomes active"
          reference "sceneWillEnterForeground(_:) docs; every posted log, no counterexample (E7)"
          after sceneDidEnterBackground until sceneWillEnterForeground | sceneDidDisconnect: never sceneDidBecomeActive
        }

        rule scene.nothing-after-terminate per launch {
          when lifecycle = scene
          message "after applicationWillTerminate nothing connects or becomes active"
          reference "applicationWillTerminate(_:) docs: 'about to be terminated and purged from memory' (E8)"
          after applicationWillTerminate: never willConnectTo | sceneWillEnterForeground | sceneDidBecomeActive
        }

        rule scene.discarded-stays-gone warning per session across launches {
          when lifecycle = scene
          message "a discarded session never reconnects; UIKit creates a new session instead (but devices have reported the session in use as discarded at launch)"
          reference "application(_:didDiscardSceneSessions:) docs; Xcode template 'as they will not return' (E9); a launch's discards can name the live session: NativeScript#11376, with FB9855914 (W10)"
          after didDiscardSceneSessions: never willConnectTo | configurationForConnecting
        }

        # The scene life cycle as a state machine, one per scene object. Every
        # (state, callback) pair is declared: allowed, a warning the machine
        # reports, or reported by the pairwise rule above whose message names the
        # mistake (the machine takes those silently, so no event is reported twice).
        # The table and the evidence for each cell: docs/research/uikit-lifecycle.md
        # section 11 (M*), docs/rules.md "The catalogs' state machines".
        machine scene.lifecycle per scene {
          when lifecycle = scene
          message "scene callbacks follow UIKit's scene life cycle"
          reference "UIScene.ActivationState; docs/research/uikit-lifecycle.md section 11"
          initial unattached

          unattached -> unattached on configurationForConnecting {
            reference "WWDC19 258: didFinishLaunching, configurationForConnecting, willConnectTo (E5)"
          }
          unattached, disconnected -> connected on willConnectTo {
            reference "scene(_:willConnectTo:options:) docs; a reconnection is a new scene object, which may reuse a freed address (E3, N10)"
          }
          unattached -> unattached on sceneWillEnterForeground | sceneDidBecomeActive | sceneWillResignActive | sceneDidEnterBackground | sceneDidDisconnect {
            reported by scene.callbacks-after-connect
          }
          disconnected -> disconnected on configurationForConnecting {
            reference "a session whose scene disconnected may be configured before it reconnects (configurationForConnecting docs: 'when creating a new scene'; M4)"
          }
          disconnected -> disconnected on sceneWillEnterForeground | sceneDidBecomeActive | sceneWillResignActive | sceneDidEnterBackground | sceneDidDisconnect {
            reported by scene.nothing-after-disconnect
          }

          connected -> connected on configurationForConnecting { reported by scene.config-before-connect }
          foregroundInactive -> foregroundInactive on configurationForConnecting { reported by scene.config-before-connect }
          foregroundActive -> foregroundActive on configurationForConnecting { reported by scene.config-before-connect }
          background -> background on configurationForConnecting { reported by scene.config-before-connect }
          connected -> connected on willConnectTo { reported by scene.connect-once }
          foregroundInactive -> foregroundInactive on willConnectTo { reported by scene.connect-once }
          foregroundActive -> foregroundActive on willConnectTo { reported by scene.connect-once }
          background -> background on willConnectTo { reported by scene.connect-once }

          connected, background -> foregroundInactive on sceneWillEnterForeground {
            reference "sceneWillEnterForeground(_:) docs: 'both for newly created and connected scenes, as well as for scenes that were running in the background'; forum 732170 (M1)"
          }
          foregroundInactive -> foregroundInactive on sceneWillEnterForeground {
            severity warning
            message "a scene already in the foreground is told again that it will enter the foreground"
            reference "UIKit calls it as part of the transition from the background (sceneWillEnterForeground docs); no device log shows it twice (M6)"
          }
          foregroundActive -> foregroundActive on sceneWillEnterForeground {
            severity warning
            message "an active scene is told that it will enter the foreground"
            reference "UIKit calls it as part of the transition from the background (sceneWillEnterForeground docs); no device log shows it (M6)"
          }

          foregroundInactive -> foregroundActive on sceneDidBecomeActive {
            reference "UIScene.ActivationState.foregroundInactive: 'transits through the foreground-inactive state'; interruptions end with it (section 4, M1)"
          }
          connected -> foregroundActive on sceneDidBecomeActive { reported by scene.first-active-in-foreground }
          foregroundActive -> foregroundActive on sceneDidBecomeActive { reported by scene.active-once }
          background -> foregroundActive on sceneDidBecomeActive { reported by scene.foreground-before-active }

          foregroundActive -> foregroundInactive on sceneWillResignActive {
            reference "sceneWillResignActive(_:) docs: temporary interruptions and before the background (section 4)"
          }
          connected -> foregroundInactive on sceneWillResignActive {
            severity warning
            message "a scene that never entered the foreground resigns active"
            reference "sceneWillResignActive(_:) is documented from the active state only; no device log shows this (M5)"
          }
          foregroundInactive -> foregroundInactive on sceneWillResignActive {
            severity warning
            message "an inactive scene resigns active again (UIKit skipped the sceneDidBecomeActive in between)"
            reference "rdar 13677039: sceneDidBecomeActive missing after a partial switcher gesture; rdar 33153062 (M5)"
          }
          background -> background on sceneWillResignActive {
            severity warning
            message "a background scene resigns active"
            reference "sceneWillResignActive(_:) is documented from the active state only; no device log shows this (M5)"
          }

          connected, foregroundInactive -> background on sceneDidEnterBackground {
            reference "system-requested scenes move to the background (Managing your app's life cycle; M2); home, lock: sceneWillResignActive then sceneDidEnterBackground; Face ID lock screen: sceneWillEnterForeground then sceneDidEnterBackground (forum 91384, W1)"
          }
          foregroundActive -> background on sceneDidEnterBackground { reported by scene.resign-before-background }
          background -> background on sceneDidEnterBackground { reported by scene.background-once }

          connected, background -> disconnected on sceneDidDisconnect {
            reference "sceneDidDisconnect(_:) docs: 'to reclaim memory'; Xcode template 'shortly after the scene enters the background' (M3, section 5)"
          }
          foregroundInactive -> disconnected on sceneDidDisconnect { reported by scene.background-before-disconnect }
          foregroundActive -> disconnected on sceneDidDisconnect { reported by scene.background-before-disconnect }
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
          reference "About the app launch sequence; forum 732170; the BNR book omits it (W2)"
          after willConnectTo until sceneWillEnterForeground | sceneWillResignActive | sceneDidEnterBackground | sceneDidDisconnect: never sceneDidBecomeActive
        }

        rule scene.resign-before-background warning per scene {
          when lifecycle = scene
          message "an active scene resigns active before it enters the background"
          reference "sceneWillResignActive(_:) docs; no counterexample found, not proven for every iOS version (W3)"
          after sceneDidBecomeActive until sceneWillResignActive | sceneWillEnterForeground | sceneDidDisconnect: never sceneDidEnterBackground
        }

        # Info, not a warning: a swipe-kill from the app switcher disconnects a running scene from
        # the foreground (sceneWillResignActive when the switcher opens, then sceneDidDisconnect
        # with no sceneDidEnterBackground: forum 732170 on an iPhone; SO 71570813 on an iPad
        # without multiple windows), so the trace shows UIKit at work, not an app bug. What it
        # means for the app is worth saying: work saved only in sceneDidEnterBackground is not
        # saved. Research section 6, W4.
        rule scene.background-before-disconnect info per scene {
          when lifecycle = scene
          message "a scene disconnected from the foreground, as a swipe-kill from the app switcher does: work saved only in sceneDidEnterBackground is not saved (save it in sceneWillResignActive too)"
          reference "swipe-kill logs, sceneWillResignActive then sceneDidDisconnect: https://forums.developer.apple.com/forums/thread/732170; the Xcode template's sceneDidDisconnect comment assumes the background (W4)"
          after sceneWillEnterForeground until sceneDidEnterBackground | willConnectTo: never sceneDidDisconnect
        }

        rule scene.active-once warning per scene {
          when lifecycle = scene
          message "sceneDidBecomeActive and sceneWillResignActive alternate"
          reference "documented pairing; rdar 49216830 shows a double sceneDidBecomeActive on devices (W5)"
          after sceneDidBecomeActive until sceneWillResignActive | sceneDidEnterBackground | sceneDidDisconnect: never sceneDidBecomeActive
        }

        rule scene.background-once warning per scene {
          when lifecycle = scene
          message "sceneDidEnterBackground is delivered once per trip to the background"
          reference "documented; iOS 7 delivered a double notification (SO 25857028) (W6)"
          after sceneDidEnterBackground until sceneWillEnterForeground | sceneDidDisconnect: never sceneDidEnterBackground
        }

        rule scene.background-within-5s warning per scene {
          when lifecycle = scene
          message "sceneDidEnterBackground returns within about 5 seconds, or the system may kill the app"
          reference "https://developer.apple.com/documentation/uikit/extending-your-app-s-background-execution-time (W8)"
          sceneDidEnterBackground lasts at most 5s
        }

        rule scene.first-frame-within-400ms warning per launch {
          when lifecycle = scene
          message "a launch reaches its first frame within Apple's 400 ms target (from the process start, or from the user's open after a prewarm or a background launch; to the first active state when no first frame is recorded)"
          reference "https://developer.apple.com/videos/play/wwdc2019/423/: '400ms to render first frame' (docs/launches.md, 'First frame, full display and the 400 ms target')"
          never lifeline.anatomy[kind != unknown, launchTime > 400ms]
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
