import LifelineFormat

/// A compact reference to an event a finding points at: where it is and when it happened.
///
/// `seq` is -1 for the launch record itself (the synthetic `lifeline.launch` event).
struct EventRef: Sendable, Hashable {
    var seq: Int64
    var t: Int64
    var line: Int32
    /// Index into the checker's source table.
    var source: Int32
    /// Index into the checker's name table.
    var name: Int32
    var phase: Phase
}
