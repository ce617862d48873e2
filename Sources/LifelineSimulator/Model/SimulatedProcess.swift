import LifelineCore
import LifelineRecorder

/// One run of the app's process: its recorder, its delegates and its connected scenes.
final class SimulatedProcess {
    /// How far a prewarmed process got before the system suspended it.
    enum Prewarm {
        case willFinishDone
        case didFinishDone
    }

    let number: Int
    let context: AppContext
    let application: SimulatedApplication
    let delegate: any ApplicationDelegate
    /// Connected scene objects, in connection order.
    var scenes: [SimulatedScene] = []
    var isSuspended = false
    var prewarm: Prewarm?
    /// The sessions in the foreground when the user last went home, brought back by `open`.
    var visibleBeforeHome: [String] = []
    /// The frames the app asked the display for.
    let display = SimulatedDisplay()
    /// The sample app's first-frame recorder, as it keeps one on a device (``FirstFrameRecorder/uiKit(recorder:center:)``).
    let firstFrame: FirstFrameRecorder

    init(number: Int, context: AppContext, application: SimulatedApplication, delegate: any ApplicationDelegate) {
        self.number = number
        self.context = context
        self.application = application
        self.delegate = delegate
        let display = display
        self.firstFrame = FirstFrameRecorder(recorder: context.recorder) { display.request($0) }
    }

    var recorder: Recorder { context.recorder }

    func scene(for session: String) -> SimulatedScene? {
        scenes.first { $0.session.persistentIdentifier == session }
    }

    var foregroundScenes: [SimulatedScene] { scenes.filter(\.activationState.isForeground) }
    var activeScenes: [SimulatedScene] { scenes.filter { $0.activationState == .foregroundActive } }
    var backgroundScenes: [SimulatedScene] { scenes.filter { $0.activationState == .background } }
}

/// The display's next frame: a display link's callbacks, called when the simulation draws it.
final class SimulatedDisplay: Sendable {
    private let requests = Locked<[@Sendable () -> Void]>([])

    func request(_ frame: @escaping @Sendable () -> Void) { requests.withLock { $0.append(frame) } }

    var hasRequests: Bool { requests.withLock { !$0.isEmpty } }

    /// Draws a frame: every callback that asked for it runs, once.
    func draw() {
        let frames = requests.withLock { requests in
            defer { requests = [] }
            return requests
        }
        for frame in frames { frame() }
    }
}
