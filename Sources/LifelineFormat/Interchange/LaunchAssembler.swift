/// Turns recognised lines (console text, unified-log entries) into launches, by evidence
/// (docs/interchange.md#launches): a new process (a pid other than the launch's) starts a new
/// launch, and so does, in lines that name no pid, the app launching a second time
/// (`didFinishLaunching` when the launch already showed one, `willFinishLaunching` when it already
/// showed either). A time gap is no evidence (apps sit suspended for days), and a launch callback
/// after other callbacks of the same process stays in its launch, to be judged. A launch that
/// shows no launch callback at all is an excerpt (`LaunchRecord.excerpt`): the log began after
/// the app did. Scene events take their scene and session from what the line prints
/// (docs/interchange.md#sessions).
struct LaunchAssembler {
    let options: InterchangeOptions
    var result: DecodedTrace
    var current: InterchangeLaunch?
    var currentPid: Int64?
    /// The launch callbacks (`willFinishLaunching`, `didFinishLaunching`) the current launch has shown.
    var launchCallbacks = CallbackSet()
    var sawSession = false

    init(shape: TraceShape, options: InterchangeOptions) {
        self.options = options
        self.result = DecodedTrace(shape: shape)
    }

    mutating func add(message: ArraySlice<UInt8>, fields: ConsoleTextDecoder.LineFields, session: String?, scene: String?, line: Int) {
        guard let recognized = ConsoleTextDecoder.recognize(message) else {
            result.ignored += 1
            return
        }
        add(recognized, phase: .instant, message: message, fields: fields, session: session, scene: scene, line: line)
    }

    /// Adds an event, starting a new launch first when the pid changes or the app launches again.
    mutating func add(
        _ recognized: ConsoleTextDecoder.Recognized, phase: Phase, message: ArraySlice<UInt8>, fields: ConsoleTextDecoder.LineFields,
        session: String?, scene: String?, line: Int
    ) {
        let callback = recognized.name.callback
        let newProcess = fields.pid != nil && currentPid != nil && fields.pid != currentPid
        // The same process launches once: with the pid known on both sides, a second didFinishLaunching
        // is UIKit's to answer for (`launch-once`), not a new launch.
        let sameProcess = fields.pid != nil && fields.pid == currentPid
        let relaunch =
            phase != .end && !sameProcess
            && ((callback == .didFinishLaunching && launchCallbacks.contains(.didFinishLaunching))
                || (callback == .willFinishLaunching && !launchCallbacks.isEmpty))
        if current == nil || newProcess || relaunch {
            finishLaunch()
            var record = LaunchRecord(pid: fields.pid, app: fields.process ?? options.app)
            if let time = fields.time, fields.wallClock { record.started = Timestamp.format(nanosecondsSince1970: time) }
            current = InterchangeLaunch(record: record, line: line)
            currentPid = fields.pid
            launchCallbacks = CallbackSet()
            sawSession = false
        } else if currentPid == nil, let pid = fields.pid {
            // The launch's first lines named no process; this one does.
            currentPid = pid
            current?.record.pid = pid
            if current?.record.app == options.app, let process = fields.process { current?.record.app = process }
        }
        var event = EventRecord(
            seq: 0, t: fields.time ?? 0, event: recognized.name, phase: phase, thread: fields.thread, attrs: recognized.attrs)
        if callback?.scope == .scene {
            event.scene = scene ?? ConsoleTextDecoder.sceneIdentity(message)
            let named = session ?? ConsoleTextDecoder.sessionIdentity(message)
            if named != nil { sawSession = true }
            event.session = named ?? event.scene
        }
        if let callback, callback == .willFinishLaunching || callback == .didFinishLaunching, phase != .end {
            launchCallbacks.insert(callback)
        }
        if let last = current?.events.last, event.t < last.t {
            // A clock that steps back (a log merged from two sources): keep the order the log has.
            result.diagnostics.append(
                TraceDiagnostic(.warning, line: line, column: 1, "time goes back from the line before; kept in log order"))
            event.t = last.t
        }
        current?.append(event, line: line)
    }

    mutating func finishLaunch() {
        guard var launch = current else { return }
        current = nil
        launch.namesSessions = sawSession
        // No launch callback: the log began after the app did, and anything may have happened before its first line.
        if launchCallbacks.isEmpty { launch.record.excerpt = true }
        launch.record.lifecycle = LaunchInference.lifecycle(of: launch.events)
        if launch.record.lifecycle != .scene { launch.namesSessions = true }
        result.launches.append(launch)
    }
}

extension LaunchAssembler {
    /// Closes the last launch and returns the decoded trace.
    mutating func finish(lineCount: Int) -> DecodedTrace {
        finishLaunch()
        result.lineCount = lineCount
        return result
    }
}
