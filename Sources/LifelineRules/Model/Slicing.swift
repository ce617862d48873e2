/// How a rule splits a trace into independent instances.
///
/// Slicing follows JavaMOP's parametric trace slicing: the slice of a
/// session holds the events that name that session *and* the app-level
/// events that name no session (`didFinishLaunching`), so a per-session
/// rule can speak about both. `didDiscardSceneSessions` reaches the slices
/// of the sessions listed in its `sessions` attribute.
///
/// ```
/// rule scene.config-before-connect per session: configurationForConnecting precedes willConnectTo
/// ```
public enum Slicing: Sendable, Hashable {
    /// One instance per launch (process): every event of the launch.
    case launch
    /// One instance per scene session in a launch, or across the launches
    /// of a trace when `acrossLaunches` (sessions outlive processes).
    case session(acrossLaunches: Bool)
    /// One instance per `UIScene` object: its events, its session's
    /// session-level events, and the app-level events.
    case scene
    /// One instance per trace: every launch of a trace file, in order.
    case trace

    /// The words that declare this slicing in a rule.
    public var description: String {
        switch self {
        case .launch: return "per launch"
        case .session(let across): return across ? "per session across launches" : "per session"
        case .scene: return "per scene"
        case .trace: return "per trace"
        }
    }

    /// Whether instances live across launch boundaries.
    public var spansLaunches: Bool {
        switch self {
        case .trace, .session(acrossLaunches: true): return true
        default: return false
        }
    }
}
