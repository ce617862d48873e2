/// A small deterministic random number generator (SplitMix64): the package's one.
///
/// The same seed gives the same sequence on every platform and Swift version,
/// which `SystemRandomNumberGenerator` cannot promise. The simulator builds its
/// identities from it, so traces are byte-identical run after run; random tests
/// (fuzzing, differential checks, random traces) seed it, so a failing case
/// replays from its seed.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let roll = Int.random(in: 1...6, using: &random)
/// ```
package struct SplitMix64: RandomNumberGenerator, Sendable {
    package var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
