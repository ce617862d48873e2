/// The scenarios `lifeline demo` simulates: copies of `traces/scenarios/<name>.scenario`.
///
/// They are compiled in so the demo runs from any directory; a test fails if a
/// copy drifts from its file, so the demo's traces are the sample traces.
package enum DemoScenarios {
    /// Names and scripts, in the order the demo plays them.
    package static let all: [(name: String, script: String)] = [
        (
            "cold-launch",
            """
            # A scene app's first launch: a new session (so UIKit asks for a configuration),
            # a few seconds of use, home, and back half a minute later.
            launch cold
            wait 12s
            home
            wait 30s
            return
            """
        ),
        (
            "swipe-kill-relaunch",
            """
            # The user swipes the app away in the switcher while it runs, and launches it an
            # hour later: didDiscardSceneSessions reports S1 right after didFinishLaunching and
            # a new session, S2, gets a configuration.
            launch cold
            wait 15s
            swipe-kill
            wait 1h
            launch cold
            """
        ),
        (
            "prewarm",
            """
            # iOS prewarms the process: willFinish and didFinish run, then the process waits,
            # suspended, until the user opens the app 45 minutes later.
            launch prewarm
            wait 45m
            open
            wait 20s
            home
            """
        ),
        (
            "background-launch",
            """
            # A silent push launches the app in the background; nobody opens it and the system
            # kills it later. A background fetch launches it again and the user opens it 5 minutes
            # after: only then does a scene connect.
            launch background push
            wait 40s
            kill
            wait 3h
            launch background fetch
            wait 5m
            open
            """
        ),
        (
            "slow-launch",
            """
            # The app migrates its database on the main thread in didFinishLaunching (fault slow-launch):
            # its first frame comes over a second after the process started, past Apple's 400 ms target,
            # and the launch says which phase took the time. Killed in the background, it launches again
            # once migrated, quickly.
            fault slow-launch 900ms
            launch cold
            wait 8s
            home
            wait 10m
            kill
            fault none
            launch cold
            """
        ),
        (
            "ipad-multiwindow",
            """
            # iPad with several windows in different states: S2 opens beside S1, S1 leaves the
            # screen, S3 opens, S2 is closed (discarded at once), the app goes home and its
            # scenes are released; S3 and S1 come back, S3 is swiped away in the switcher, then
            # the whole app. The next launch reports S1 and S3 discarded.
            device iPad13,4
            launch cold
            open-window S2
            wait 10s
            hide S1
            wait 20s
            open-window S3
            close-window S2
            home
            wait 5m
            memory-pressure
            wait 10m
            return
            open-window S1
            swipe-kill S3
            wait 30s
            swipe-kill
            wait 1h
            launch cold
            """
        ),
        (
            "bug-ui-in-didfinish",
            """
            # BUG: the app delegate builds its window in didFinishLaunching, as pre-scene apps
            # did, instead of in scene(_:willConnectTo:options:). It does so on every launch,
            # including a background launch where no scene connects at all.
            fault ui-in-didfinish
            launch cold
            wait 10s
            home
            wait 5m
            kill
            launch background push
            """
        ),
        (
            "bug-wrong-order",
            """
            # BUG: a new build records didFinishLaunching from a block it dispatches to the main
            # queue, so in launch 2 the discard, the configuration, willConnectTo and
            # sceneWillEnterForeground are recorded before didFinishLaunching.
            launch cold
            wait 10s
            swipe-kill
            wait 1h
            fault wrong-order
            launch cold
            """
        ),
        (
            "bug-block-background",
            """
            # BUG: sceneDidEnterBackground uploads synchronously for 6 s; UIKit gives it about 5 s.
            fault block-background 6s
            launch cold
            wait 20s
            home
            """
        ),
    ]
}
