import LifelineFormat

/// An event whose strings are given as ids of some string table (a database's), for
/// ``RuleChecker/check(_:line:ids:string:record:)``.
///
/// A trivial value: the checker resolves each id once, through the
/// ``StringIDCache`` of the table, and never builds the event's record unless a
/// rule needs its fields.
public struct IdentifiedEvent: Sendable, Hashable {
    public var seq: Int64
    public var t: Int64
    /// The id of the event's name.
    public var name: Int64
    public var phase: Phase
    /// The id of the session, if the event has one.
    public var session: Int64?
    /// The id of the scene, if the event has one.
    public var scene: Int64?

    public init(seq: Int64, t: Int64, name: Int64, phase: Phase, session: Int64?, scene: Int64?) {
        self.seq = seq
        self.t = t
        self.name = name
        self.phase = phase
        self.session = session
        self.scene = scene
    }
}
