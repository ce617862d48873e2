/// An event as the rule runtimes see it: name interned, session and scene as per-launch slots.
///
/// A trivial value, so handing it down costs no reference counting. The slots
/// of the sessions a `didDiscardSceneSessions` names are in
/// ``LaunchContext/discardedSlots`` when ``discarded`` is set.
struct CheckerEvent {
    var ref: EventRef
    var name: Int32 { ref.name }
    /// The session's slot in the current launch, or -1.
    var sessionSlot: Int32
    /// The scene's slot in the current launch, or -1.
    var sceneSlot: Int32
    /// Whether the event reaches the sessions in ``LaunchContext/discardedSlots``.
    var discarded: Bool
}
