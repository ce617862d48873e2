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

    init(number: Int, context: AppContext, application: SimulatedApplication, delegate: any ApplicationDelegate) {
        self.number = number
        self.context = context
        self.application = application
        self.delegate = delegate
    }

    var recorder: Recorder { context.recorder }

    func scene(for session: String) -> SimulatedScene? {
        scenes.first { $0.session.persistentIdentifier == session }
    }

    var foregroundScenes: [SimulatedScene] { scenes.filter(\.activationState.isForeground) }
    var activeScenes: [SimulatedScene] { scenes.filter { $0.activationState == .foregroundActive } }
    var backgroundScenes: [SimulatedScene] { scenes.filter { $0.activationState == .background } }
}
