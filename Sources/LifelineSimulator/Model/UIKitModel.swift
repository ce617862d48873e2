import Foundation
import LifelineFormat
import LifelineRecorder

/// The executable model of UIKit's life cycle that plays one scenario.
///
/// It owns what outlives a process (the sessions UIKit persists, discards
/// pending for the next launch, the virtual clock) and the current
/// ``SimulatedProcess``. Each command is in an extension by concern: launch,
/// foreground and background transitions, windows, the end of a process.
/// Call orders follow docs/research/uikit-lifecycle.md; each method cites the
/// section (§) its order comes from, and docs/scenarios.md lists them.
final class UIKitModel {
    /// 2026-03-02T09:00:00Z: the wall-clock time of virtual time zero, for `started`.
    static let epochNanoseconds: Int64 = 1_772_442_000 * 1_000_000_000
    static let bundleIdentifier = "com.example.Notes"

    let scenario: Scenario
    let file: URL
    let clock = VirtualClock()
    let random: SimulationRandom
    /// Launch ids, pids and scene addresses: a stream of their own, so timing changes do not rename things.
    var identities: SeededGenerator

    var lifecycle: Lifecycle = .scene
    var device = "iPhone15,2"
    var os = "17.5"
    var faults = AppFaults()

    /// Every session named so far and what became of it.
    var sessions: [String: SessionFate] = [:]
    /// Alive sessions, the most recently in the foreground last.
    var recentSessions: [String] = []
    var process: SimulatedProcess?
    var launches = 0
    /// Whether the previous step was a `wait`: the user's own pause is already in the script.
    var waited = true
    /// The step being played, for located errors.
    var current = ScenarioStep(.wait(nanoseconds: 0), at: SourceLocation(line: 1, column: 1))

    init(scenario: Scenario, file: URL, seed: UInt64) {
        self.scenario = scenario
        self.file = file
        // The script's commands go into both streams, so two scripts simulated with the same seed still
        // get their own timings and launch ids, while comments and layout change nothing.
        // FNV-1a: stable across runs and platforms, unlike `Hasher`.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in scenario.commandLine.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        random = SimulationRandom(seed: seed ^ hash)
        identities = SeededGenerator(seed: (seed ^ hash) &+ 0x5EED_1D5E_ED1D_5EED)
    }

    func run() throws {
        for step in scenario.steps {
            current = step
            try perform(step.command)
        }
        try endProcess()
        if launches == 0 {
            throw scenario.error(
                .impossibleStep, at: SourceLocation(line: 1, column: 1),
                "the script never launches the app (start it with 'launch cold')")
        }
    }

    private func perform(_ command: ScenarioCommand) throws {
        switch command {
        case .app(let value):
            try requireSetUp("app")
            lifecycle = value
        case .device(let value):
            try requireSetUp("device")
            device = value
        case .os(let value):
            try requireSetUp("os")
            os = value
        case .fault(let fault):
            if let fault { faults.insert(fault) } else { faults = AppFaults() }
            process?.context.faults = faults
        case .wait(let nanoseconds):
            clock.advance(nanoseconds: nanoseconds)
            waited = true
        case .launch(let kind): try launch(kind)
        case .open: try open()
        case .home: try home()
        case .interrupt(let nanoseconds): try interrupt(for: nanoseconds)
        case .openWindow(let session): try openWindow(session)
        case .hide(let session): try hide(session)
        case .closeWindow(let session): try closeWindow(session)
        case .memoryPressure: try memoryPressure()
        case .swipeKill(let options): try swipeKill(options)
        case .terminate: try terminate()
        case .kill: try kill()
        }
    }

    private func requireSetUp(_ name: String) throws {
        if launches > 0 { throw impossible("'\(name)' must come before the first 'launch'") }
    }

    // MARK: - Errors and time

    /// An error at the current step.
    func impossible(_ message: String) -> ScenarioError {
        scenario.error(.impossibleStep, at: current.location, message)
    }

    /// The running process, or an error naming the command that needs one.
    func running(_ command: String) throws -> SimulatedProcess {
        guard let process else { throw impossible("'\(command)' needs a running app; start one with 'launch cold'") }
        return process
    }

    func advance(_ milliseconds: ClosedRange<Double>) {
        clock.advance(nanoseconds: random.milliseconds(milliseconds))
    }

    /// UIKit's own time between two callbacks of one transaction.
    func gap() { advance(UIKitTimings.betweenCallbacks) }

    /// The user (or the system) takes a moment before acting, unless the script just waited.
    func userPause() {
        if !waited { advance(UIKitTimings.userPause) }
        waited = false
    }

    /// The main run loop turns: blocks the app dispatched to the main queue run now.
    func turnRunLoop(_ process: SimulatedProcess) {
        guard !process.isSuspended else { return }
        process.context.mainQueue.drain { advance(UIKitTimings.mainQueueHop) }
    }

    /// The app or a scene of `process` became active: UIKit posts the activation notification
    /// after the delegate's method returns, and the sample app's ``FirstFrameRecorder`` asks for the next frame.
    func activated(_ process: SimulatedProcess) {
        process.firstFrame.becameActive()
    }

    /// Draws the frame the app asked for after its first activation, if it did: a display link's
    /// tick, then the sample app's list fills in (its notes load off the main thread) and it reports
    /// itself fully displayed.
    func presentFirstFrame(_ process: SimulatedProcess) {
        guard process.display.hasRequests else { return }
        advance(UIKitTimings.nextFrame)
        process.display.draw()
        process.context.perform(.loadContent)
        process.recorder.reportFullyDisplayed()
    }

    /// After its last foreground scene (or the legacy app) entered the background, UIKit suspends the process.
    func suspend(_ process: SimulatedProcess) {
        turnRunLoop(process)
        process.isSuspended = true
    }

    // MARK: - Processes

    /// Starts a process: a launch record and a recorder of the app's own, then its app delegate.
    /// `taskRole` is the kernel's role for the process as a device's recorder reads it: `foreground`
    /// for a launch the user started, `nonUI` without UI, `darwinBG` prewarmed (``TaskRole``).
    func startProcess(prewarmed: Bool, taskRole: String) throws -> SimulatedProcess {
        launches += 1
        // From the process start to willFinishLaunching; the recorder's module loads three fifths of
        // the way (pre-main: dyld and the initializers before it; then main() and UIApplicationMain).
        let applicationMain = random.milliseconds(UIKitTimings.applicationMain)
        let launch = LaunchRecord(
            launch: identities.uuid(), pid: Int64(300 + identities.next() % 60_000), app: Self.bundleIdentifier,
            platform: device.hasPrefix("iPad") ? "iPadOS" : "iOS", os: os, device: device, lifecycle: lifecycle,
            started: Timestamp.format(nanosecondsSince1970: Self.epochNanoseconds + Int64(clock.now)),
            // What the recorder writes on a device: the kernel's process start on its events' clock (the
            // recorder below starts now, at the process start: 0), its module load, `ActivePrewarm` and the task's role.
            processStart: 0, moduleLoad: Int64(applicationMain / 5 * 3), prewarm: prewarmed, taskRole: taskRole)
        var configuration = RecorderConfiguration()
        configuration.clock = clock.recorderClock
        // UIKit calls every delegate method on the main thread, whatever thread this simulation runs on.
        configuration.threadLabel = { "main" }
        // Room for a whole launch: a stalled writer must not make a simulated trace drop events.
        configuration.bufferCapacity = 1 << 16
        let recorder: Recorder
        do {
            recorder = try Recorder(file: file, launch: launch, configuration: configuration)
        } catch {
            throw SimulatorError(path: file.path, message: "cannot record: \(error)")
        }
        let context = AppContext(recorder: recorder, lifecycle: lifecycle, faults: faults, clock: clock, random: random)
        let application = SimulatedApplication(supportsScenes: lifecycle == .scene)
        if prewarmed { application.environment["ActivePrewarm"] = "1" }
        let process = SimulatedProcess(
            number: launches, context: context, application: application, delegate: NotesAppDelegate(context: context))
        self.process = process
        clock.advance(nanoseconds: applicationMain)
        return process
    }

    /// The process exits: its recorder writes what is left. Nothing is called on the app.
    func endProcess() throws {
        guard let process else { return }
        self.process = nil
        process.recorder.close()
        if process.recorder.droppedCount > 0 {
            throw SimulatorError(
                path: file.path, message: "the recorder dropped \(process.recorder.droppedCount) events of launch \(process.number)")
        }
    }

    /// A new address for a scene object, `0x1` followed by eight hex digits, 16-byte aligned.
    func newSceneIdentity() -> String {
        let text = String(identities.next() & 0xFFFF_FFF0, radix: 16)
        return "0x1" + String(repeating: "0", count: 8 - text.count) + text
    }
}
