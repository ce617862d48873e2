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
    var traces = 0
    var launches = 0
    var events = 0
    /// App-defined event names resolved lately, with their symbols: a few names
    /// recur, and comparing a short string costs less than hashing it.
    var recentNames: [(name: String, symbol: Int32)] = []
    var nextRecent = 0
}
