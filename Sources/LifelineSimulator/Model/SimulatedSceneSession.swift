/// The simulated `UISceneSession`: an identifier that outlives scene objects and processes.
final class SimulatedSceneSession {
    static let applicationRole = "UIWindowSceneSessionRoleApplication"

    let persistentIdentifier: String
    let role: String
    var configuration: SceneConfiguration
    /// Set for a session restored from an earlier process or scene (`stateRestorationActivity`).
    var stateRestorationActivity: String?

    init(persistentIdentifier: String, configuration: SceneConfiguration, restored: Bool) {
        self.persistentIdentifier = persistentIdentifier
        self.role = configuration.role
        self.configuration = configuration
        self.stateRestorationActivity = restored ? "com.example.Notes.editing" : nil
    }
}
