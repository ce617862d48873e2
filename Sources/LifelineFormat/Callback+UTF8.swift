#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Lookup from raw bytes

extension Callback {
    /// Looks a callback up by the UTF-8 bytes of its name or an alias, without allocating.
    ///
    /// This is the hot path of the trace scanner, once per event: two word loads, a multiply
    /// and, for a spelling of more than 16 bytes, one comparison of its middle.
    public init?(utf8 bytes: UnsafeRawBufferPointer) {
        guard let callback = CallbackNameTable.shared.lookup(bytes) else { return nil }
        self = callback
    }
}

/// An open-addressing hash table from every accepted spelling to its callback.
///
/// A spelling is keyed by its length and its first and last eight bytes (the whole of a
/// spelling of up to 16 bytes; the catalog's spellings of one length differ there, and a
/// collision costs one more probe, not a wrong answer). An entry keeps those words beside its
/// callback, so a probe is two compares, and only a spelling of more than 16 bytes that matches
/// both has its middle compared.
struct CallbackNameTable: Sendable {
    static let shared = CallbackNameTable()

    private struct Entry: Sendable {
        var head: UInt64
        var tail: UInt64
        var count: Int
        /// Where the spelling's bytes start in ``CallbackNameTable/names``.
        var start: Int
        var callback: Callback
    }

    private let names: [UInt8]
    private let entries: [Entry]
    /// Index into `entries`, or -1 for an empty slot.
    private let slots: [Int16]
    private let mask: Int

    private init() {
        var names: [UInt8] = []
        var entries: [Entry] = []
        for (spelling, callback) in Callback.byName.sorted(by: { $0.key < $1.key }) {
            let utf8 = Array(spelling.utf8)
            let (head, tail) = utf8.withUnsafeBytes(Self.words)
            entries.append(Entry(head: head, tail: tail, count: utf8.count, start: names.count, callback: callback))
            names.append(contentsOf: utf8)
        }
        var capacity = 16
        while capacity < entries.count * 4 { capacity *= 2 }
        var slots = [Int16](repeating: -1, count: capacity)
        for (index, entry) in entries.enumerated() {
            var slot = Self.hash(head: entry.head, tail: entry.tail, count: entry.count) & (capacity - 1)
            while slots[slot] != -1 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int16(index)
        }
        self.names = names
        self.entries = entries
        self.slots = slots
        self.mask = capacity - 1
    }

    func lookup(_ bytes: UnsafeRawBufferPointer) -> Callback? {
        let count = bytes.count
        guard count > 0 else { return nil }
        let (head, tail) = Self.words(bytes)
        var slot = Self.hash(head: head, tail: tail, count: count) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            let entry = entries[index]
            if entry.head == head && entry.tail == tail && entry.count == count && middleEqual(entry, bytes) {
                return entry.callback
            }
            slot = (slot + 1) & mask
        }
    }

    /// Whether bytes 8 to `count - 8` equal the entry's (nothing to compare up to 16 bytes).
    @inline(__always)
    private func middleEqual(_ entry: Entry, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = entry.count
        if count <= 16 { return true }
        return names.withUnsafeBytes { names in
            memcmp(names.baseAddress! + entry.start + 8, bytes.baseAddress! + 8, count - 16) == 0
        }
    }

    /// The first and the last eight bytes as little-endian words; for fewer than eight bytes,
    /// both are the bytes with zeros after them.
    @inline(__always)
    static func words(_ bytes: UnsafeRawBufferPointer) -> (head: UInt64, tail: UInt64) {
        let count = bytes.count
        if count >= 8 {
            return (
                bytes.loadUnaligned(as: UInt64.self),
                bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            )
        }
        var word: UInt64 = 0
        for index in 0..<count { word |= UInt64(bytes[index]) << (8 * UInt64(index)) }
        return (word, word)
    }

    @inline(__always)
    static func hash(head: UInt64, tail: UInt64, count: Int) -> Int {
        var hash = head &* 0x9E37_79B9_7F4A_7C15
        hash ^= (tail ^ UInt64(truncatingIfNeeded: count)) &* 0xC2B2_AE3D_27D4_EB4F
        hash ^= hash >> 32
        return Int(truncatingIfNeeded: hash)
    }
}
