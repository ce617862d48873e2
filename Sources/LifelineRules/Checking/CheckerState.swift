import LifelineFormat

/// The checker's position in its input: the current trace and launch, the last events, the counts.
///
/// Kept in memory the checker owns rather than in its stored properties, so
/// updating it per event needs no dynamic exclusivity check.
struct CheckerState {
    var traceLabel: String?
    var launch: LaunchRecord?
    /// Whether a launch is in progress (`launch` is set).
    var hasLaunch = false
    var source: Int32 = 0
    var sourceIndex: [String: Int32] = [:]
    var lastLaunchEvent: EventRef?
    var lastTraceEvent: EventRef?
    var launchEventPending = false
    var launchLine: Int32 = 0
    /// The source the launch record came from.
    var launchSource: Int32 = 0
    var traces = 0
    var launches = 0
    var events = 0
    /// App-defined event names resolved lately, with their symbols: a few names
    /// recur, and comparing a short string costs less than hashing it.
    var recentNames: [(name: String, symbol: Int32)] = []
    var nextRecent = 0
    /// The current launch's scene callbacks that name no scene (``IdentityNote``).
    var perSessionScenes = 0
    var unnamedScenes = 0
    var ambiguousLines: [Int] = []
    /// Stand-in scene slots connected now (a `willConnectTo` with no `sceneDidDisconnect` since).
    var connectedStandIns: Set<Int32> = []
    /// The current launch's anatomy as its callbacks come, when the checker collects anatomies.
    var anatomy: LaunchAnatomy.Builder?
    /// The anatomy of the launch that ended last.
    var finishedAnatomy: LaunchAnatomy?
}
