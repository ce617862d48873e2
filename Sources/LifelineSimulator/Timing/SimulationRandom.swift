/// The seeded generator one simulation shares between UIKit's model and the app's work.
///
/// A class so that the delegates and the simulator draw from one sequence in
/// call order, which is what makes a trace a function of its script and seed.
final class SimulationRandom {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    /// Nanoseconds, uniformly between `range` milliseconds.
    func milliseconds(_ range: ClosedRange<Double>) -> UInt64 { generator.milliseconds(range) }
}
