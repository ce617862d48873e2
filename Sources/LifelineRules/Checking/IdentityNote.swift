import LifelineFormat

/// How a launch's scene callbacks that name no scene were judged.
///
/// Per-scene rules judge each `UIScene` apart, by the `scene` an event names. A trace recorded
/// with only the session (`recorder.record(.sceneDidBecomeActive, session: …)`) or a console log
/// that prints neither still shows a scene's life: its scene callbacks are judged as their
/// session's one scene, and those naming no session as the launch's one scene. That is right while
/// the launch shows one scene at a time; where a scene connects while the one standing in is
/// connected, its events may belong to more than one scene, which the note says at that line.
///
/// ```
/// device.log:1: note: 9 scene callbacks name no scene or session: per-scene rules judge them as the launch's one scene
/// device.log:14: warning: a scene connects while the scene standing in for callbacks that name none is connected: two
///   scenes, or one connected twice; per-scene rules judge them as one scene and prove nothing from here (record each
///   callback's scene to tell them apart)
/// ```
public struct IdentityNote: Sendable, Hashable {
    /// The launch.
    public var slice: SliceKey
    /// The file and line of the launch record.
    public var file: String
    public var line: Int
    /// Scene callbacks that name a session but no scene.
    public var perSession: Int
    /// Scene callbacks that name neither.
    public var unnamed: Int
    /// Lines (of `file`) where a scene connected while the launch's unnamed scene was connected
    /// (a named session has one scene at a time: a second connection there is not ambiguous).
    public var ambiguousLines: [Int]

    public init(slice: SliceKey, file: String, line: Int, perSession: Int, unnamed: Int, ambiguousLines: [Int]) {
        self.slice = slice
        self.file = file
        self.line = line
        self.perSession = perSession
        self.unnamed = unnamed
        self.ambiguousLines = ambiguousLines
    }

    /// What was done, for the launch record's line (``SceneIdentityTally/summary``).
    public var summary: String { SceneIdentityTally(perSession: perSession, unnamed: unnamed).summary }

    /// Why a line is ambiguous, for a warning at it.
    public static let ambiguity =
        "a scene connects while the scene standing in for callbacks that name none is connected: two scenes, or one connected twice; per-scene rules judge them as one scene and prove nothing from here (record each callback's scene to tell them apart)"
}
