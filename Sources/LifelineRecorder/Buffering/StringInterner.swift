/// A shard's table of the strings its threads recorded lately, so an event
/// stores a 16-bit id instead of a retained `String`.
///
/// Strings are compared by their 16 bytes, not their contents: equal bytes are
/// the same small string (whose bytes are its characters) or the same immutable
/// storage object, which the table keeps alive by holding a reference. Looking a
/// string up therefore costs two integer compares when it is the one the same
/// argument had last time (a scene delegate passes its session's id again and
/// again), and never touches the string's reference count, which the writer
/// thread on the other core also updates. A string with other bytes but the same
/// characters takes an entry of its own; that costs a little table space, never
/// a wrong name.
///
/// The table holds ``capacity`` strings. When it is full, a new string replaces
/// the oldest entry (never one the event being stored uses), and its id is
/// defined again for the writer by a ``StringDefinitionSlot``; ids are the
/// entry's index + 1, 0 meaning "no string". Guarded by the shard's lock.
struct StringInterner {
    /// The two words of a `String` value.
    struct Bits: Equatable {
        var low: UInt64
        var high: UInt64
    }

    /// Entries per shard; ids fit in 16 bits.
    static let capacity = 64

    private let entries: UnsafeMutablePointer<String>
    /// Initialized entries, from index 0.
    private(set) var count = 0
    /// The entry a full table replaces next (round-robin: the oldest).
    private var nextVictim = 0

    init() {
        entries = .allocate(capacity: Self.capacity)
    }

    /// Releases the strings and the table's memory; the table is unusable after.
    func destroy() {
        entries.deinitialize(count: count)
        entries.deallocate()
    }

    /// The bytes of `string`, read without retaining its storage.
    @inline(__always)
    static func bits(of string: borrowing String) -> Bits {
        withUnsafeBytes(of: string) { $0.loadUnaligned(as: Bits.self) }
    }

    @inline(__always)
    private func bits(at index: Int) -> Bits {
        UnsafeRawPointer(entries + index).load(as: Bits.self)
    }

    /// The id of the string with these bytes, or 0 if the table has none.
    ///
    /// `hint` is the index where the same argument was found last time; it is
    /// tried first and updated on a hit elsewhere.
    @inline(__always)
    func id(of bits: Bits, hint: inout UInt16) -> UInt16 {
        let index = Int(hint)
        if index < count && self.bits(at: index) == bits { return hint &+ 1 }
        return scan(for: bits, hint: &hint)
    }

    @inline(never)
    private func scan(for bits: Bits, hint: inout UInt16) -> UInt16 {
        for index in 0..<count where self.bits(at: index) == bits {
            hint = UInt16(index)
            return UInt16(index + 1)
        }
        return 0
    }

    /// Adds `string`, replacing the oldest entry other than `keep` and `alsoKeep`; returns its id.
    mutating func insert(_ string: String, keeping keep: UInt16, _ alsoKeep: UInt16) -> UInt16 {
        if count < Self.capacity {
            (entries + count).initialize(to: string)
            count += 1
            return UInt16(count)
        }
        var index = nextVictim
        while UInt16(index + 1) == keep || UInt16(index + 1) == alsoKeep { index = (index + 1) % Self.capacity }
        entries[index] = string
        nextVictim = (index + 1) % Self.capacity
        return UInt16(index + 1)
    }

    /// The string an id stands for now (tests).
    func string(for id: UInt16) -> String? {
        id > 0 && Int(id) <= count ? entries[Int(id) - 1] : nil
    }
}
