/// A scene's state (`UIScene.ActivationState`).
enum ActivationState: String {
    case unattached
    case foregroundActive
    case foregroundInactive
    case background

    var isForeground: Bool { self == .foregroundActive || self == .foregroundInactive }
}
