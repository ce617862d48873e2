/// What UIKit calls on an app delegate (`UIApplicationDelegate`), as the simulator calls it.
///
/// Method names follow UIKit's, so a delegate reads like one from an app.
/// Scene-based apps receive the launch, session and termination methods;
/// legacy apps also receive the app-level state methods.
protocol ApplicationDelegate: AnyObject {
    func application(_ application: SimulatedApplication, willFinishLaunchingWithOptions options: [String]?) -> Bool
    func application(_ application: SimulatedApplication, didFinishLaunchingWithOptions options: [String]?) -> Bool
    func application(
        _ application: SimulatedApplication, configurationForConnecting session: SimulatedSceneSession
    ) -> SceneConfiguration
    func application(_ application: SimulatedApplication, didDiscardSceneSessions sessions: [SimulatedSceneSession])
    func applicationDidBecomeActive(_ application: SimulatedApplication)
    func applicationWillResignActive(_ application: SimulatedApplication)
    func applicationDidEnterBackground(_ application: SimulatedApplication)
    func applicationWillEnterForeground(_ application: SimulatedApplication)
    func applicationWillTerminate(_ application: SimulatedApplication)
    func applicationDidReceiveMemoryWarning(_ application: SimulatedApplication)
    func applicationProtectedDataDidBecomeAvailable(_ application: SimulatedApplication)
    func application(_ application: SimulatedApplication, didReceiveRemoteNotification payload: [String: String])
    func application(_ application: SimulatedApplication, performFetchWithCompletionHandler completion: () -> Void)
}
