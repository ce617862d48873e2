import LifelineFormat

/// An event as the rule runtimes see it: names interned, sessions and scenes as per-launch slots.
struct CheckerEvent {
    var ref: EventRef
    var name: Int32 { ref.name }
    var phase: Phase { ref.phase }
    /// The session's slot in the current launch, or -1.
    var sessionSlot: Int32
    /// The scene's slot in the current launch, or -1.
    var sceneSlot: Int32
    /// For `didDiscardSceneSessions`: the slots of the sessions it names.
    var discardedSlots: [Int32]
    var session: String?
    var scene: String?
    var thread: String?
    var attrs: Attributes
}
