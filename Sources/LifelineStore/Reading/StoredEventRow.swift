@_spi(Performance) import LifelineFormat

/// An event row as the database holds it: its strings as ids of the `string` table, and its line.
///
/// A trivial value, so handing one over costs no reference counting. The
/// strings are resolved through the ``StoredRowReader`` it came with, which a
/// reader of many rows uses to resolve each id once.
@_spi(Performance) public struct StoredEventRow: Sendable, Hashable {
    /// The event, its strings as ids.
    public var event: IdentifiedEvent
    /// The event's line in its trace file.
    public var line: Int

    public init(event: IdentifiedEvent, line: Int) {
        self.event = event
        self.line = line
    }
}
