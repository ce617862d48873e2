import LifelineFormat
import LifelineRecorder

/// What the sample app's code shares within one process: the recorder it
/// created at startup, the bugs it was built with, and the CPU it runs on.
///
/// A real app keeps its recorder in a `let` created at launch; here the
/// simulator creates one per simulated process and hands it to the delegates.
final class AppContext {
    let recorder: Recorder
    let lifecycle: Lifecycle
    /// `DispatchQueue.main`.
    let mainQueue = MainQueue()
    /// Set by the simulator when a script says `fault ...`.
    var faults: AppFaults
    private let clock: VirtualClock
    private let random: SimulationRandom

    init(recorder: Recorder, lifecycle: Lifecycle, faults: AppFaults, clock: VirtualClock, random: SimulationRandom) {
        self.recorder = recorder
        self.lifecycle = lifecycle
        self.faults = faults
        self.clock = clock
        self.random = random
    }

    /// Runs `work`: the virtual clock moves on by however long it takes.
    func perform(_ work: AppWork) {
        switch work {
        case .upload(let nanoseconds), .migrateDatabase(let nanoseconds):
            clock.advance(nanoseconds: nanoseconds)
        default:
            if let range = work.milliseconds { clock.advance(nanoseconds: random.milliseconds(range)) }
        }
    }
}
