/// XXH64, the 64-bit xxHash, computed incrementally.
///
/// Identifies imported content: the importer hashes a file once while deciding
/// what to import, and can read the hash of any prefix along the way (to tell
/// a file that grew from one that changed).
struct ContentHash {
    private static let prime1: UInt64 = 11_400_714_785_074_694_791
    private static let prime2: UInt64 = 14_029_467_366_897_019_727
    private static let prime3: UInt64 = 1_609_587_929_392_839_161
    private static let prime4: UInt64 = 9_650_029_242_287_828_579
    private static let prime5: UInt64 = 2_870_177_450_012_600_261

    private let seed: UInt64
    private var accumulators: (UInt64, UInt64, UInt64, UInt64)
    private var pending: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var pendingCount = 0
    /// Bytes hashed so far.
    private(set) var count: UInt64 = 0

    init(seed: UInt64 = 0) {
        self.seed = seed
        accumulators = (seed &+ Self.prime1 &+ Self.prime2, seed &+ Self.prime2, seed, seed &- Self.prime1)
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 { (value << bits) | (value >> (64 - bits)) }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    @inline(__always)
    private static func merge(_ hash: UInt64, _ accumulator: UInt64) -> UInt64 {
        (hash ^ round(0, accumulator)) &* prime1 &+ prime4
    }

    @inline(__always)
    private mutating func stripe(_ bytes: UnsafeRawPointer) {
        accumulators.0 = Self.round(accumulators.0, UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self)))
        accumulators.1 = Self.round(accumulators.1, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        accumulators.2 = Self.round(accumulators.2, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self)))
        accumulators.3 = Self.round(accumulators.3, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 24, as: UInt64.self)))
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var position = bytes.baseAddress, !bytes.isEmpty else { return }
        var remaining = bytes.count
        count &+= UInt64(remaining)
        if pendingCount > 0 {
            let take = min(32 - pendingCount, remaining)
            withUnsafeMutableBytes(of: &pending) { buffer in
                buffer.baseAddress!.advanced(by: pendingCount).copyMemory(from: position, byteCount: take)
            }
            pendingCount += take
            position += take
            remaining -= take
            if pendingCount < 32 { return }
            let full = pending
            withUnsafeBytes(of: full) { stripe($0.baseAddress!) }
            pendingCount = 0
        }
        while remaining >= 32 {
            stripe(position)
            position += 32
            remaining -= 32
        }
        if remaining > 0 {
            withUnsafeMutableBytes(of: &pending) { buffer in
                buffer.baseAddress!.copyMemory(from: position, byteCount: remaining)
            }
            pendingCount = remaining
        }
    }

    /// The hash of everything so far (the state is unchanged: hashing can go on).
    func digest() -> UInt64 {
        var hash: UInt64
        if count >= 32 {
            let (a, b, c, d) = accumulators
            hash = Self.rotate(a, 1) &+ Self.rotate(b, 7) &+ Self.rotate(c, 12) &+ Self.rotate(d, 18)
            hash = Self.merge(hash, a)
            hash = Self.merge(hash, b)
            hash = Self.merge(hash, c)
            hash = Self.merge(hash, d)
        } else {
            hash = seed &+ Self.prime5
        }
        hash &+= count
        withUnsafeBytes(of: pending) { raw in
            var offset = 0
            while offset + 8 <= pendingCount {
                hash ^= Self.round(0, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                hash = Self.rotate(hash, 27) &* Self.prime1 &+ Self.prime4
                offset += 8
            }
            if offset + 4 <= pendingCount {
                hash ^= UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) &* Self.prime1
                hash = Self.rotate(hash, 23) &* Self.prime2 &+ Self.prime3
                offset += 4
            }
            while offset < pendingCount {
                hash ^= UInt64(raw[offset]) &* Self.prime5
                hash = Self.rotate(hash, 11) &* Self.prime1
                offset += 1
            }
        }
        hash ^= hash >> 33
        hash &*= Self.prime2
        hash ^= hash >> 29
        hash &*= Self.prime3
        hash ^= hash >> 32
        return hash
    }

    /// The digest as stored in `trace_file.content_hash`: `xxh64:` and 16 hex digits.
    var text: String {
        let hex = String(digest(), radix: 16)
        return "xxh64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
