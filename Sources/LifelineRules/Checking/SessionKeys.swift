/// The session identifiers one trace has named, each numbered once, in the order first named.
///
/// A `per session across launches` rule has one instance per session of a
/// trace, and a session may come back in any later launch, so the trace's
/// sessions must be known until it ends: the instance counts in the summary
/// are exact only if a session named in launch 1 and again in launch 9 is
/// recognised as the same one. This is the one thing such a rule keeps per
/// session for every session (its instances keep a monitor only while it
/// differs from a fresh one, see ``RuleRuntime``), so it is kept small: the
/// identifiers' bytes one after another in one array, and an open-addressing
/// table of their numbers, about 60 bytes for a 36-character identifier where
/// a `[String: Int32]` costs about 130.
///
/// ```swift
/// var keys = SessionKeys()
/// let first = keys.key(of: "S1")      // 0
/// keys.key(of: "S2")                  // 1
/// keys.key(of: "S1") == first         // true
/// keys[first]                         // "S1"
/// ```
struct SessionKeys {
    /// Every identifier's UTF-8 bytes, in key order.
    private var bytes: [UInt8] = []
    /// Where each key's bytes end in ``bytes``.
    private var ends: [Int] = []
    /// Key + 1 per slot, 0 when empty; a power of two, at least twice the keys.
    private var slots: [Int32] = []

    /// How many sessions the trace has named.
    var count: Int { ends.count }

    /// The key of a session identifier: the one it was given when first named, or the next number.
    mutating func key(of session: String) -> Int32 {
        var session = session
        return session.withUTF8 { key(of: UnsafeRawBufferPointer($0)) }
    }

    /// The key of a session identifier given as UTF-8 bytes.
    mutating func key(of identifier: UnsafeRawBufferPointer) -> Int32 {
        if slots.isEmpty { slots = [Int32](repeating: 0, count: 16) }
        let mask = slots.count - 1
        var slot = Self.hash(identifier) & mask
        while slots[slot] != 0 {
            let key = Int(slots[slot] - 1)
            if equals(key, identifier) { return Int32(key) }
            slot = (slot + 1) & mask
        }
        let key = Int32(ends.count)
        bytes.append(contentsOf: identifier)
        ends.append(bytes.count)
        slots[slot] = key + 1
        if ends.count * 2 > slots.count { grow() }
        return key
    }

    /// The identifier of a key this table gave.
    subscript(key: Int32) -> String {
        let index = Int(key)
        let start = index == 0 ? 0 : ends[index - 1]
        return String(decoding: bytes[start..<ends[index]], as: UTF8.self)
    }

    /// Forgets every session (a new trace starts), keeping the storage.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        for index in slots.indices { slots[index] = 0 }
    }

    private func equals(_ key: Int, _ identifier: UnsafeRawBufferPointer) -> Bool {
        let start = key == 0 ? 0 : ends[key - 1]
        guard ends[key] - start == identifier.count else { return false }
        return bytes.withUnsafeBytes { stored in
            UnsafeRawBufferPointer(rebasing: stored[start..<ends[key]]).elementsEqual(identifier)
        }
    }

    /// Twice the slots, every key placed again.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        bytes.withUnsafeBytes { stored in
            var start = 0
            for (key, end) in ends.enumerated() {
                var slot = Self.hash(UnsafeRawBufferPointer(rebasing: stored[start..<end])) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(key + 1)
                start = end
            }
        }
    }

    private static func hash(_ identifier: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: identifier)
        return hasher.finalize()
    }
}
