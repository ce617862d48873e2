/// Counts a launch's scene callbacks that name no scene, and says how rules judge them.
///
/// Per-scene rules tell scenes apart by an event's `scene`. A scene callback recorded with its
/// session only is judged as its session's one scene; one naming neither (a console line) as the
/// launch's one scene (docs/rules.md, "Scene identity"). `lifeline validate` warns with this
/// tally, and the checker's ``IdentityNote`` says the same.
///
/// ```swift
/// var tally = SceneIdentityTally()
/// tally.add(.sceneDidBecomeActive, session: "S1", scene: nil)
/// tally.summary   // "1 scene callback names its session but no scene: per-scene rules judge …"
/// ```
public struct SceneIdentityTally: Sendable, Hashable {
    /// Scene callbacks that name a session but no scene.
    public var perSession = 0
    /// Scene callbacks that name neither.
    public var unnamed = 0

    public init(perSession: Int = 0, unnamed: Int = 0) {
        self.perSession = perSession
        self.unnamed = unnamed
    }

    /// Counts an event: only a scene-delegate callback without a scene counts.
    public mutating func add(_ callback: Callback?, session: String?, scene: String?) {
        guard callback?.scope == .scene, scene == nil else { return }
        if session == nil { unnamed += 1 } else { perSession += 1 }
    }

    public var isEmpty: Bool { perSession == 0 && unnamed == 0 }

    /// What was counted and how rules judge it; empty when nothing was.
    public var summary: String {
        var parts: [String] = []
        if perSession > 0 {
            parts.append(
                "\(Self.count(perSession, "names its session", "name their session")) but no scene: per-scene rules judge each session's as one scene"
            )
        }
        if unnamed > 0 {
            parts.append(
                "\(Self.count(unnamed, "names no scene or session", "name no scene or session")): per-scene rules judge them as the launch's one scene"
            )
        }
        return parts.joined(separator: "; ")
    }

    /// The advice for a trace the recorder wrote: record each scene callback's scene.
    public static let advice = "record the scene to judge each window apart (recorder.record(_:scene:) in docs/recorder.md)"

    private static func count(_ n: Int, _ one: String, _ many: String) -> String {
        n == 1 ? "1 scene callback \(one)" : "\(n) scene callbacks \(many)"
    }
}
