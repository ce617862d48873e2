/// A scene configuration (`UISceneConfiguration`): a name and the delegate class UIKit instantiates.
///
/// UIKit keeps a session's configuration with the session, which is why a
/// restored session reconnects without asking the app delegate again.
struct SceneConfiguration {
    var name: String
    var role: String
    var delegateClass: any SceneDelegate.Type

    /// The configuration the sample app declares in its Info.plist scene manifest.
    static var notesDefault: SceneConfiguration {
        SceneConfiguration(
            name: "Default Configuration", role: SimulatedSceneSession.applicationRole,
            delegateClass: NotesSceneDelegate.self)
    }
}
