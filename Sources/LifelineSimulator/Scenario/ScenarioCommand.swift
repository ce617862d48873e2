import LifelineFormat

/// What one command of a scenario script asks UIKit (or the user, or the system) to do.
///
/// Every command is documented in docs/scenarios.md with the callbacks it
/// produces and the source for that order (docs/research/uikit-lifecycle.md).
package enum ScenarioCommand: Hashable, Sendable {
    /// `app scene` / `app legacy`: the life cycle of the app under simulation (default `scene`).
    case app(Lifecycle)
    /// `device iPad13,4`: the device model of later launches (an `iPad` model enables windows).
    case device(String)
    /// `os 17.5`: the OS version of later launches.
    case os(String)
    /// `launch cold|restored|background|prewarm ...`: the process starts.
    case launch(LaunchKind)
    /// `open` or `return`: the user brings the app to the foreground.
    case open
    /// `home`: the user goes to the home screen.
    case home
    /// `interrupt 2s`: a temporary interruption (alert, Control Center) that the user dismisses.
    case interrupt(nanoseconds: UInt64)
    /// `wait 30s`: time passes with nothing happening.
    case wait(nanoseconds: UInt64)
    /// `open-window S2`: the user opens (or brings back) window `S2` on iPad.
    case openWindow(String)
    /// `hide S1`: window `S1` leaves the screen while other windows stay (iPad).
    case hide(String)
    /// `close-window S2`: window `S2` is closed for good (its session is destroyed).
    case closeWindow(String)
    /// `memory-pressure`: the system releases the app's background scenes.
    case memoryPressure
    /// `swipe-kill [S1] [fast] [keep-session]`: the user swipes the app (or one window) away in the switcher.
    case swipeKill(SwipeKill)
    /// `terminate`: the system ends the running app (background task expiry, OS update).
    case terminate
    /// `kill`: the process dies with no callbacks (jetsam while suspended, crash, watchdog).
    case kill
    /// `fault NAME [DURATION]` / `fault none`: the app's delegates misbehave from here on.
    case fault(AppFault?)

    /// How a launch starts.
    package enum LaunchKind: Hashable, Sendable {
        /// The user taps the icon; persisted sessions are restored, else a new one is created.
        case cold
        /// As `cold`, but a session is always restored (one from an earlier run if the script has none).
        case restored
        /// The system launches the app in the background for an event.
        case background(BackgroundEvent, connectsScene: Bool)
        /// The system prewarms the process; `split` pauses between willFinish and didFinish.
        case prewarm(split: Bool)
    }

    /// The event a background launch handles.
    package enum BackgroundEvent: String, Hashable, Sendable, CaseIterable {
        case push
        case fetch
    }

    /// How a swipe-kill goes.
    package struct SwipeKill: Hashable, Sendable {
        /// The window swiped away; `nil` for the whole app.
        package var scene: String?
        /// The fast-kill variant seen on devices (a new scene object enters the foreground and the background).
        package var fast: Bool
        /// The session survives the kill and is restored at the next launch (FB9855914).
        package var keepsSession: Bool

        package init(scene: String? = nil, fast: Bool = false, keepsSession: Bool = false) {
            self.scene = scene
            self.fast = fast
            self.keepsSession = keepsSession
        }
    }
}
