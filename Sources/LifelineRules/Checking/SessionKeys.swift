/// The session identifiers one trace has named, each numbered once, in the order first named.
///
/// A `per session across launches` rule has one instance per session of a
/// trace, and a session may come back in any later launch, so the trace's
/// sessions must be known until it ends: the instance counts in the summary
/// are exact only if a session named in launch 1 and again in launch 9 is
/// recognised as the same one. This is the one thing such a rule keeps per
/// session for every session (its instances keep a monitor only while it
/// differs from a fresh one, see ``RuleRuntime``), so it is kept small. UIKit's
/// session identifiers are UUIDs (`UISceneSession.persistentIdentifier`): one
/// written the canonical way (36 characters, hex digits of one case) is kept as
/// its 16 bytes; any other identifier as its UTF-8 bytes, one after another in
/// one array. An open-addressing table of the keys finds them again: about 30
/// bytes a UUID in all, where a `[String: Int32]` costs about 130.
///
/// ```swift
/// var keys = SessionKeys()
/// let first = keys.key(of: "S1")      // 0
/// keys.key(of: "S2")                  // 1
/// keys.key(of: "S1") == first         // true
/// keys[first]                         // "S1"
/// ```
struct SessionKeys {
    /// Per key: its index in ``uuids`` (two words each) with ``uuidFlag`` set, and ``lowercaseFlag`` when
    /// its hex digits are lowercase; or its index in ``ends``.
    private var locators: [UInt32] = []
    /// The UUIDs' 16 bytes, as two words each.
    private var uuids: [UInt64] = []
    /// The other identifiers' UTF-8 bytes, one after another.
    private var bytes: [UInt8] = []
    /// Where each other identifier's bytes end in ``bytes``.
    private var ends: [Int] = []
    /// Key + 1 per slot, 0 when empty; a power of two, at least twice the keys.
    private var slots: [UInt32] = []
    /// The keys of identifiers beyond ASCII, by `String` equality (canonical equivalence).
    private var nonASCII: [String: Int32] = [:]

    private static let uuidFlag: UInt32 = 1 << 31
    private static let lowercaseFlag: UInt32 = 1 << 30

    /// How many sessions the trace has named.
    var count: Int { locators.count }

    /// The key of a session identifier: the one it was given when first named, or the next number.
    ///
    /// Identifiers are the same session when they are equal `String`s, as they were when the
    /// sessions were a dictionary's keys: `"caf\u{E9}"` and `"cafe\u{301}"` are one session. Bytes
    /// tell the same apart only for ASCII, the one case where equal strings have one spelling, so
    /// an identifier with any other character is looked up by `String` first (rare: UIKit's are UUIDs).
    mutating func key(of session: String) -> Int32 {
        var session = session
        guard session.utf8.contains(where: { $0 >= 0x80 }) else {
            return session.withUTF8 { key(ofBytes: UnsafeRawBufferPointer($0)) }
        }
        if let known = nonASCII[session] { return known }
        let number = session.withUTF8 { key(ofBytes: UnsafeRawBufferPointer($0)) }
        nonASCII[session] = number
        return number
    }

    /// The key of a session identifier given as UTF-8 bytes (ASCII, or the first spelling of one beyond it).
    private mutating func key(ofBytes identifier: UnsafeRawBufferPointer) -> Int32 {
        if slots.isEmpty { slots = [UInt32](repeating: 0, count: 16) }
        let uuid = Self.uuid(identifier)
        let mask = slots.count - 1
        var slot = (uuid.map { Self.hash($0) } ?? Self.hash(identifier)) & mask
        while slots[slot] != 0 {
            let key = Int(slots[slot] - 1)
            if uuid.map({ equals(key, $0) }) ?? equals(key, identifier) { return Int32(key) }
            slot = (slot + 1) & mask
        }
        // A trace would need a billion sessions (16 GB of UUIDs) to reach the flags.
        precondition(locators.count < Int(Self.lowercaseFlag), "more sessions in one trace than SessionKeys can number")
        let key = Int32(locators.count)
        if let uuid {
            locators.append(UInt32(uuids.count / 2) | Self.uuidFlag | (uuid.lowercase ? Self.lowercaseFlag : 0))
            uuids.append(uuid.high)
            uuids.append(uuid.low)
        } else {
            locators.append(UInt32(ends.count))
            bytes.append(contentsOf: identifier)
            ends.append(bytes.count)
        }
        slots[slot] = UInt32(key) + 1
        if locators.count * 2 > slots.count { grow() }
        return key
    }

    /// The identifier of a key this table gave.
    subscript(key: Int32) -> String {
        let locator = locators[Int(key)]
        if locator & Self.uuidFlag != 0 {
            let index = Int(locator & ~(Self.uuidFlag | Self.lowercaseFlag)) * 2
            return Self.text(high: uuids[index], low: uuids[index + 1], lowercase: locator & Self.lowercaseFlag != 0)
        }
        let index = Int(locator)
        let start = index == 0 ? 0 : ends[index - 1]
        return String(decoding: bytes[start..<ends[index]], as: UTF8.self)
    }

    /// Forgets every session (a new trace starts), keeping the storage.
    mutating func removeAll() {
        locators.removeAll(keepingCapacity: true)
        uuids.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        nonASCII.removeAll()
        for index in slots.indices { slots[index] = 0 }
    }

    // MARK: - Keys

    /// A canonical UUID's value.
    private struct UUIDValue: Hashable {
        var high: UInt64
        var low: UInt64
        var lowercase: Bool
    }

    /// The value of an identifier written as a canonical UUID (`8-4-4-4-12` hex digits of one case), or `nil`.
    private static func uuid(_ identifier: UnsafeRawBufferPointer) -> UUIDValue? {
        guard identifier.count == 36 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        var digits = 0
        var upper = false
        var lower = false
        for (offset, byte) in identifier.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"):
                value = byte - UInt8(ascii: "A") + 10
                upper = true
            case UInt8(ascii: "a")...UInt8(ascii: "f"):
                value = byte - UInt8(ascii: "a") + 10
                lower = true
            default: return nil
            }
            if digits < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt64(value) }
            digits += 1
        }
        if upper && lower { return nil }
        return UUIDValue(high: high, low: low, lowercase: lower)
    }

    /// A UUID written back as it was named.
    private static func text(high: UInt64, low: UInt64, lowercase: Bool) -> String {
        let alphabet = Array((lowercase ? "0123456789abcdef" : "0123456789ABCDEF").utf8)
        var characters: [UInt8] = []
        characters.reserveCapacity(36)
        for digit in 0..<32 {
            if digit == 8 || digit == 12 || digit == 16 || digit == 20 { characters.append(UInt8(ascii: "-")) }
            let word = digit < 16 ? high : low
            let shift = UInt64(60 - (digit % 16) * 4)
            characters.append(alphabet[Int((word >> shift) & 0xF)])
        }
        return String(decoding: characters, as: UTF8.self)
    }

    private func equals(_ key: Int, _ uuid: UUIDValue) -> Bool {
        let locator = locators[key]
        guard locator & Self.uuidFlag != 0, (locator & Self.lowercaseFlag != 0) == uuid.lowercase else { return false }
        let index = Int(locator & ~(Self.uuidFlag | Self.lowercaseFlag)) * 2
        return uuids[index] == uuid.high && uuids[index + 1] == uuid.low
    }

    private func equals(_ key: Int, _ identifier: UnsafeRawBufferPointer) -> Bool {
        let locator = locators[key]
        guard locator & Self.uuidFlag == 0 else { return false }
        let index = Int(locator)
        let start = index == 0 ? 0 : ends[index - 1]
        guard ends[index] - start == identifier.count else { return false }
        return bytes.withUnsafeBytes { stored in
            UnsafeRawBufferPointer(rebasing: stored[start..<ends[index]]).elementsEqual(identifier)
        }
    }

    /// Twice the slots, every key placed again.
    private mutating func grow() {
        slots = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for key in locators.indices {
            var slot = hash(ofKey: key) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(key + 1)
        }
    }

    private func hash(ofKey key: Int) -> Int {
        let locator = locators[key]
        if locator & Self.uuidFlag != 0 {
            let index = Int(locator & ~(Self.uuidFlag | Self.lowercaseFlag)) * 2
            return Self.hash(UUIDValue(high: uuids[index], low: uuids[index + 1], lowercase: locator & Self.lowercaseFlag != 0))
        }
        let index = Int(locator)
        let start = index == 0 ? 0 : ends[index - 1]
        return bytes.withUnsafeBytes { Self.hash(UnsafeRawBufferPointer(rebasing: $0[start..<ends[index]])) }
    }

    private static func hash(_ identifier: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: identifier)
        return hasher.finalize()
    }

    private static func hash(_ uuid: UUIDValue) -> Int {
        var hasher = Hasher()
        hasher.combine(uuid)
        return hasher.finalize()
    }
}
