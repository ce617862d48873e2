import LifelineFormat

/// An event row as the database holds it: its strings as ids of the `string` table.
///
/// A trivial value, so handing one over costs no reference counting. The
/// strings are resolved through the ``StoredRowReader`` it came with, which a
/// reader of many rows uses to resolve each id once.
public struct StoredEventRow: Sendable, Hashable {
    public var seq: Int64
    public var t: Int64
    /// The string id of the event's name.
    public var name: Int64
    public var phase: Phase
    /// The string id of the session, if the event has one.
    public var session: Int64?
    /// The string id of the scene, if the event has one.
    public var scene: Int64?
    /// The event's line in its trace file.
    public var line: Int

    public init(seq: Int64, t: Int64, name: Int64, phase: Phase, session: Int64?, scene: Int64?, line: Int) {
        self.seq = seq
        self.t = t
        self.name = name
        self.phase = phase
        self.session = session
        self.scene = scene
        self.line = line
    }
}
