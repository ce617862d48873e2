/// A slot in a shard's buffer that gives an interned id its string.
///
/// The caller's thread writes one before the first event that uses a string not
/// in its shard's table (and again when the id is reused for another string);
/// the writer reads a shard's slots in order, so every event's ids resolve to the
/// strings the caller passed. The slot owns one reference to `string`.
struct StringDefinitionSlot {
    /// Bits 0–7 ``EventSlot/Kind/definition`` (the first byte, as in ``EventSlot/header``), 16–31 the id.
    var header: UInt64
    var string: String

    init(id: UInt16, string: String) {
        header = UInt64(EventSlot.Kind.definition.rawValue) | UInt64(id) << 16
        self.string = string
    }

    /// The id `string` stands for in the events after this slot.
    var id: UInt16 { UInt16(truncatingIfNeeded: header >> 16) }
}
