/// One recorded event: a callback (or app-defined event) at a point in time.
///
/// ```json
/// {"seq":4,"t":2010000,"event":"scene(_:willConnectTo:options:)","phase":"begin",
///  "session":"S1","scene":"0x600001","thread":"main",
///  "attrs":{"role":"UIWindowSceneSessionRoleApplication"}}
/// ```
public struct EventRecord: Hashable, Sendable {
    /// Position in the launch; strictly increasing within a launch.
    public var seq: Int64
    /// Nanoseconds on a monotonic clock; non-decreasing within a launch.
    public var t: Int64
    /// The callback or app-defined event, aliases already normalised.
    public var event: EventName
    /// Begin, end or instant.
    public var phase: Phase
    /// The scene session's persistent identifier; `nil` for app-level events.
    public var session: String?
    /// The identity of the `UIScene` object; `nil` for app-level events.
    public var scene: String?
    /// The recording thread (`main` or another label).
    public var thread: String?
    /// Further facts about the event.
    public var attrs: Attributes

    public init(
        seq: Int64, t: Int64, event: EventName, phase: Phase = .instant, session: String? = nil,
        scene: String? = nil, thread: String? = nil, attrs: Attributes = [:]
    ) {
        self.seq = seq
        self.t = t
        self.event = event
        self.phase = phase
        self.session = session
        self.scene = scene
        self.thread = thread
        self.attrs = attrs
    }

    /// The sessions listed by `application(_:didDiscardSceneSessions:)` in `attrs.sessions`.
    public var discardedSessions: [String] {
        switch attrs["sessions"] {
        case .strings(let ids): return ids
        case .string(let id): return [id]
        default: return []
        }
    }
}
