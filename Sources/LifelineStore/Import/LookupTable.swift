/// A key of a ``LookupTable``: equality, and a hash that is cheap to compute.
protocol LookupKey: Equatable, BitwiseCopyable {
    /// A well-mixed hash: the table takes its high bits.
    var lookupHash: UInt64 { get }
}

extension Int64: LookupKey {
    /// Fibonacci hashing: string and row ids are small and sequential, which a multiply spreads.
    @inline(__always)
    var lookupHash: UInt64 { UInt64(bitPattern: self) &* 0x9E37_79B9_7F4A_7C15 }
}

/// An open-addressing hash map for the lookups the importer makes per event
/// (``DerivedEventColumns``): a multiply for a hash instead of SipHash, memory it allocates itself
/// (no copy-on-write or exclusivity checks per access), and emptied in constant time (each slot
/// carries the generation that wrote it, so emptying the table starts a new generation).
///
/// Noncopyable, like the ``StringInterner`` and ``EventInserter`` that own it.
struct LookupTable<Key: LookupKey, Value: BitwiseCopyable>: ~Copyable {
    private var keys: UnsafeMutablePointer<Key>
    private var values: UnsafeMutablePointer<Value>
    /// The generation that wrote each slot; a slot of another generation is empty.
    private var stamps: UnsafeMutablePointer<UInt32>
    private var slotCount: Int
    /// 64 minus log2(slotCount): a hash shifted right by this is a slot.
    private var shift: UInt64
    private var generation: UInt32 = 1
    private(set) var count = 0

    /// A table with room for `capacity` keys before it grows.
    init(capacity: Int = 8) {
        var slots = 8
        var bits: UInt64 = 3
        while slots < capacity * 2 {
            slots <<= 1
            bits += 1
        }
        slotCount = slots
        shift = 64 - bits
        keys = .allocate(capacity: slots)
        values = .allocate(capacity: slots)
        stamps = .allocate(capacity: slots)
        stamps.initialize(repeating: 0, count: slots)
    }

    deinit {
        keys.deallocate()
        values.deallocate()
        stamps.deallocate()
    }

    /// The value stored for `key`, if any.
    @inline(__always)
    func value(for key: Key) -> Value? {
        var slot = Int(truncatingIfNeeded: key.lookupHash >> shift)
        while stamps[slot] == generation {
            if keys[slot] == key { return values[slot] }
            slot = (slot + 1) & (slotCount - 1)
        }
        return nil
    }

    /// Stores `value` for `key`, replacing what was stored for it.
    @inline(__always)
    mutating func set(_ value: Value, for key: Key) {
        var slot = Int(truncatingIfNeeded: key.lookupHash >> shift)
        while stamps[slot] == generation {
            if keys[slot] == key {
                values[slot] = value
                return
            }
            slot = (slot + 1) & (slotCount - 1)
        }
        (keys + slot).initialize(to: key)
        (values + slot).initialize(to: value)
        stamps[slot] = generation
        count += 1
        if count * 2 > slotCount { grow() }
    }

    /// Empties the table, keeping its memory.
    mutating func removeAll() {
        count = 0
        if generation == .max {
            stamps.update(repeating: 0, count: slotCount)
            generation = 1
        } else {
            generation += 1
        }
    }

    /// Doubles the slots and moves the keys of this generation into them.
    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        let oldStamps = stamps
        let oldCount = slotCount
        let oldGeneration = generation
        slotCount *= 2
        shift -= 1
        keys = .allocate(capacity: slotCount)
        values = .allocate(capacity: slotCount)
        stamps = .allocate(capacity: slotCount)
        stamps.initialize(repeating: 0, count: slotCount)
        generation = 1
        for old in 0..<oldCount where oldStamps[old] == oldGeneration {
            var slot = Int(truncatingIfNeeded: oldKeys[old].lookupHash >> shift)
            while stamps[slot] == generation { slot = (slot + 1) & (slotCount - 1) }
            (keys + slot).initialize(to: oldKeys[old])
            (values + slot).initialize(to: oldValues[old])
            stamps[slot] = generation
        }
        oldKeys.deallocate()
        oldValues.deallocate()
        oldStamps.deallocate()
    }
}
