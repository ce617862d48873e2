// MARK: - Lookup from raw bytes

extension Callback {
    /// Looks a callback up by the UTF-8 bytes of its name or an alias, without allocating.
    ///
    /// This is the hot path of the trace scanner: one FNV-1a hash and one
    /// byte comparison per event.
    public init?(utf8 bytes: UnsafeRawBufferPointer) {
        guard let callback = CallbackNameTable.shared.lookup(bytes) else { return nil }
        self = callback
    }
}

/// An open-addressing hash table from every accepted spelling to its callback.
struct CallbackNameTable: Sendable {
    static let shared = CallbackNameTable()

    private let names: [UInt8]
    private let starts: [Int]
    private let counts: [Int]
    private let hashes: [UInt64]
    private let callbacks: [Callback]
    /// Index into the parallel arrays above, or -1 for an empty slot.
    private let slots: [Int]
    private let mask: Int

    private init() {
        var names: [UInt8] = []
        var starts: [Int] = []
        var counts: [Int] = []
        var hashes: [UInt64] = []
        var callbacks: [Callback] = []
        for (spelling, callback) in Callback.byName.sorted(by: { $0.key < $1.key }) {
            let utf8 = Array(spelling.utf8)
            starts.append(names.count)
            counts.append(utf8.count)
            names.append(contentsOf: utf8)
            hashes.append(utf8.withUnsafeBytes(Self.hash))
            callbacks.append(callback)
        }
        var capacity = 16
        while capacity < callbacks.count * 4 { capacity *= 2 }
        var slots = [Int](repeating: -1, count: capacity)
        for entry in 0..<callbacks.count {
            var slot = Int(truncatingIfNeeded: hashes[entry]) & (capacity - 1)
            while slots[slot] != -1 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = entry
        }
        self.names = names
        self.starts = starts
        self.counts = counts
        self.hashes = hashes
        self.callbacks = callbacks
        self.slots = slots
        self.mask = capacity - 1
    }

    func lookup(_ bytes: UnsafeRawBufferPointer) -> Callback? {
        let hash = Self.hash(bytes)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry < 0 { return nil }
            if hashes[entry] == hash && counts[entry] == bytes.count && equal(entry, bytes) { return callbacks[entry] }
            slot = (slot + 1) & mask
        }
    }

    private func equal(_ entry: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let start = starts[entry]
        for index in 0..<bytes.count where names[start + index] != bytes[index] { return false }
        return true
    }

    /// FNV-1a, 64-bit.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
