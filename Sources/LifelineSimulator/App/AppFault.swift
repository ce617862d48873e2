/// A bug the sample app's delegates can be built with, to produce known-bad traces.
///
/// The fault lives in the delegate code path: the delegate misbehaves and the
/// recorder faithfully records what it did; the simulator never writes lines itself.
package enum AppFault: Hashable, Sendable {
    /// The app delegate builds the window and root view controller in
    /// `application(_:didFinishLaunchingWithOptions:)`, as pre-scene apps did,
    /// instead of in `scene(_:willConnectTo:options:)`.
    case uiInDidFinish
    /// The app delegate records `application(_:didFinishLaunchingWithOptions:)`
    /// from a block it dispatches to the main queue, so the event lands after the
    /// scene callbacks UIKit makes in the meantime.
    case wrongOrder
    /// The scene delegate saves state in a block dispatched from
    /// `sceneDidEnterBackground(_:)`, which runs after the method returned,
    /// racing the suspension that follows.
    case lateSave
    /// The scene (or app) delegate uploads synchronously in
    /// `sceneDidEnterBackground(_:)`, blocking it this long (UIKit allows about 5 s).
    case blockBackground(nanoseconds: UInt64)
    /// The app delegate migrates its database synchronously in
    /// `application(_:didFinishLaunchingWithOptions:)`, holding the launch this long.
    case slowLaunch(nanoseconds: UInt64)

    /// The name a script uses: `fault ui-in-didfinish`.
    package var name: String {
        switch self {
        case .uiInDidFinish: return "ui-in-didfinish"
        case .wrongOrder: return "wrong-order"
        case .lateSave: return "late-save"
        case .blockBackground: return "block-background"
        case .slowLaunch: return "slow-launch"
        }
    }

    /// The fault names a script may use, for diagnostics.
    package static let names = ["ui-in-didfinish", "wrong-order", "late-save", "block-background", "slow-launch"]
}
