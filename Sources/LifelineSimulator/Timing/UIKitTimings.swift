/// How long UIKit itself takes between the callbacks it makes, in milliseconds.
///
/// Ranges are plausible, not measured: they make traces read like real ones
/// (a first frame takes tens of milliseconds, the home gesture's animation a few
/// hundred) and give the saved queries something to measure. Each value is drawn
/// from the simulation's seeded generator.
enum UIKitTimings {
    /// From the process start (where the simulated recorder starts) to `willFinishLaunching`: pre-main, then
    /// `main` and `UIApplicationMain` (the recorder's module loads three fifths of the way).
    static let applicationMain = 3.0...15.0
    /// Between two callbacks of one transaction (didFinish → config → willConnect).
    static let betweenCallbacks = 0.5...4.0
    /// Rendering the first frame of a connected scene, between WEF and DBA.
    static let firstFrame = 30.0...90.0
    /// Returning to an already-built scene, between WEF and DBA.
    static let resumeFrame = 8.0...30.0
    /// From the run loop turn after an activation to the display link's next tick (a 60 Hz frame at most).
    static let nextFrame = 1.0...16.7
    /// The home gesture's animation, between WRA and DEB.
    static let homeAnimation = 250.0...450.0
    /// The app switcher's appearance before a swipe-kill.
    static let switcher = 600.0...1800.0
    /// A user's pause before acting, when the script does not `wait`.
    static let userPause = 1500.0...6000.0
    /// A block dispatched to the main queue runs this long after the current callback returns.
    static let mainQueueHop = 0.05...0.6
}
