import LifelineCore

/// One recorded event as the caller's thread stores it: 32 bytes, two to a cache line.
///
/// Strings are not stored here but as ids into the shard's ``StringInterner``
/// table, so storing an event retains nothing: the only reference it may hold is
/// `attrs`, which the caller built for this event. The small fields are packed
/// into two words so the caller's thread writes the slot with four plain stores
/// (assembling it field by field on the stack and copying it made the copy wait
/// on store forwarding). A shard's buffer is a run of 32-byte slots, each either
/// an `EventSlot` or a ``StringDefinitionSlot`` telling the writer which string
/// an id stands for from there on; both keep their ``Kind`` in the first byte.
struct EventSlot {
    /// What a slot holds, read from its first byte.
    enum Kind: UInt8 {
        case event = 1
        case definition = 2
    }

    /// Bytes from one slot to the next; slots never straddle a cache line.
    static let stride = 32

    /// Bits 0–7 the kind (the slot's first byte), 8–15 `Callback.rawValue + 1` (0: an
    /// app-defined name), 16–23 the phase code, 32–47 the name's id (0: none).
    var header: UInt64
    /// Bits 0–15 the session's id, 16–31 the scene's id (0: none), 32–63 the thread index.
    var ids: UInt64
    /// Nanoseconds since the recorder's origin.
    var t: UInt64
    var attrs: Attributes?

    @inline(__always)
    init(
        callback: Callback?, phase: Phase, name: UInt16, session: UInt16, scene: UInt16, thread: UInt32, t: UInt64,
        attrs: Attributes?
    ) {
        header =
            UInt64(Kind.event.rawValue) | UInt64(callback.map { $0.rawValue &+ 1 } ?? 0) << 8
            | UInt64(Self.code(phase)) << 16 | UInt64(name) << 32
        ids = UInt64(session) | UInt64(scene) << 16 | UInt64(thread) << 32
        self.t = t
        self.attrs = attrs
    }

    var callback: Callback? {
        let raw = UInt8(truncatingIfNeeded: header >> 8)
        return raw == 0 ? nil : Callback(rawValue: raw &- 1)
    }

    var phase: Phase {
        switch UInt8(truncatingIfNeeded: header >> 16) {
        case 1: .begin
        case 2: .end
        default: .instant
        }
    }

    var name: UInt16 { UInt16(truncatingIfNeeded: header >> 32) }
    var session: UInt16 { UInt16(truncatingIfNeeded: ids) }
    var scene: UInt16 { UInt16(truncatingIfNeeded: ids >> 16) }
    var thread: UInt32 { UInt32(truncatingIfNeeded: ids >> 32) }

    @inline(__always)
    static func code(_ phase: Phase) -> UInt8 {
        switch phase {
        case .instant: 0
        case .begin: 1
        case .end: 2
        }
    }
}
