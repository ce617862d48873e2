/// An event whose strings are given as ids of some string table (a database's `string` table).
///
/// A trivial value, so handing one over costs no reference counting: the store reads them
/// (`TraceStore.forEachRow`) and the rule checker resolves each id once per table
/// (`RuleChecker.check(_:line:ids:string:record:)`), never building the event's record unless a
/// rule needs its fields.
@_spi(Performance) public struct IdentifiedEvent: Sendable, Hashable {
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
