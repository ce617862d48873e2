import LifelineFormat
import LifelineSupport

/// The simulator's random durations and identities, drawn from the package's one
/// deterministic generator (``SplitMix64``): traces built from it are byte-identical
/// run after run.
struct SeededGenerator: RandomNumberGenerator {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    /// A duration in nanoseconds, uniformly between `range` milliseconds.
    mutating func milliseconds(_ range: ClosedRange<Double>) -> UInt64 {
        // Whole microseconds: plausible figures, and no dependence on floating-point rounding quirks.
        let low = UInt64(range.lowerBound * 1000)
        let high = UInt64(range.upperBound * 1000)
        return (low + next() % (high - low + 1)) * 1000
    }

    /// An uppercase UUID string (version 4 layout).
    mutating func uuid() -> String {
        let high = next()
        let low = next()
        let hex = { (value: UInt64, digits: Int) -> String in
            let text = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        let timeLow = hex(high >> 32, 8)
        let timeMid = hex((high >> 16) & 0xFFFF, 4)
        let version = hex(0x4000 | (high & 0x0FFF), 4)
        let variant = hex(0x8000 | ((low >> 48) & 0x3FFF), 4)
        let node = hex(low & 0xFFFF_FFFF_FFFF, 12)
        return "\(timeLow)-\(timeMid)-\(version)-\(variant)-\(node)"
    }
}
