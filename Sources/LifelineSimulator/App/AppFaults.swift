/// The faults the app is currently built with (see ``AppFault``).
///
/// The delegates read these at call time, so a `fault` command in a script
/// takes effect from the next callback on.
struct AppFaults: Hashable {
    var uiInDidFinish = false
    var wrongOrder = false
    var lateSave = false
    /// How long `sceneDidEnterBackground(_:)` blocks, if it does.
    var blockBackground: UInt64?
    /// How long `didFinishLaunching` migrates the database, if it does.
    var slowLaunch: UInt64?

    mutating func insert(_ fault: AppFault) {
        switch fault {
        case .uiInDidFinish: uiInDidFinish = true
        case .wrongOrder: wrongOrder = true
        case .lateSave: lateSave = true
        case .blockBackground(let nanoseconds): blockBackground = nanoseconds
        case .slowLaunch(let nanoseconds): slowLaunch = nanoseconds
        }
    }
}
