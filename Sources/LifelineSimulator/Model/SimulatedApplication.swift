/// The simulated `UIApplication` a delegate receives.
final class SimulatedApplication {
    /// What `UIApplication.shared.applicationState` returns.
    var applicationState: ApplicationState = .inactive
    /// The process environment; prewarmed processes see `ActivePrewarm=1` (firebase-ios-sdk#9362).
    var environment: [String: String] = [:]
    /// Whether the app adopted scenes (has a scene manifest).
    let supportsScenes: Bool

    init(supportsScenes: Bool) { self.supportsScenes = supportsScenes }
}
