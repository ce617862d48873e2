/// Turns recognised lines (console text, unified-log entries) into launches: a new pid, or
/// `willFinishLaunching` / `didFinishLaunching` after the app was running, starts a new launch;
/// scene events take their scene and session from what the line prints (docs/interchange.md#sessions).
struct LaunchAssembler {
    let options: InterchangeOptions
    var result: DecodedTrace
    var current: InterchangeLaunch?
    var currentPid: Int64?
    /// Whether the current launch has shown anything after launching (a new didFinishLaunching then starts a new one).
    var running = false
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
        let relaunch =
            (callback == .willFinishLaunching && phase != .end && !(current?.events.isEmpty ?? true))
            || (callback == .didFinishLaunching && phase != .end && running)
        if current == nil || newProcess || relaunch {
            finishLaunch()
            var record = LaunchRecord(pid: fields.pid, app: fields.process ?? options.app)
            if let time = fields.time, fields.wallClock { record.started = Timestamp.format(nanosecondsSince1970: time) }
            current = InterchangeLaunch(record: record, line: line)
            currentPid = fields.pid
            running = false
            sawSession = false
        }
        var event = EventRecord(
            seq: 0, t: fields.time ?? 0, event: recognized.name, phase: phase, thread: fields.thread, attrs: recognized.attrs)
        if callback?.scope == .scene {
            event.scene = scene ?? ConsoleTextDecoder.sceneIdentity(message)
            let named = session ?? ConsoleTextDecoder.sessionIdentity(message)
            if named != nil { sawSession = true }
            event.session = named ?? event.scene
        }
        if let callback, callback != .willFinishLaunching, callback != .didFinishLaunching { running = true }
        if callback == nil { running = true }
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
