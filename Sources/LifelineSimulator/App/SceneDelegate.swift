/// What UIKit calls on a scene delegate (`UIWindowSceneDelegate`), as the simulator calls it.
///
/// UIKit creates one delegate per scene object, from the class its
/// ``SceneConfiguration`` names, so the protocol includes the initializer.
protocol SceneDelegate: AnyObject {
    init(context: AppContext)
    func scene(_ scene: SimulatedScene, willConnectTo session: SimulatedSceneSession)
    func sceneDidDisconnect(_ scene: SimulatedScene)
    func sceneDidBecomeActive(_ scene: SimulatedScene)
    func sceneWillResignActive(_ scene: SimulatedScene)
    func sceneWillEnterForeground(_ scene: SimulatedScene)
    func sceneDidEnterBackground(_ scene: SimulatedScene)
}
