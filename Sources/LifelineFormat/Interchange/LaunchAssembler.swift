/// Turns recognised lines (console text, unified-log entries) into launches, by evidence
/// (docs/interchange.md#launches): a new process (a pid other than the launch's) starts a new
/// launch, and so does, in lines that name no pid, the app launching a second time
/// (`didFinishLaunching` when the launch already showed one, `willFinishLaunching` when it already
/// showed either). A time gap is no evidence (apps sit suspended for days), and a launch callback
/// after other callbacks of the same process stays in its launch, to be judged. A launch that
/// shows no launch callback at all is an excerpt (`LaunchRecord.excerpt`): the log began after
/// the app did. Scene events take their scene and session from what the line prints
/// (docs/interchange.md#sessions).
///
/// One invocation logged on several lines is one event (docs/interchange.md#one-invocation-one-event):
/// a line naming the callback (or framework state) of the event just before it (no other event between them), in the
/// same process, thread and scene as far as the lines say, within ``invocationWindow`` of that
/// event's first line, with a message that invocation has not printed yet, is merged into it and
/// its line kept in ``InterchangeLaunch/mergedLines``. The same message again is the same log
/// statement run again: a second invocation, which the rules judge (a real double
/// `applicationDidBecomeActive`, iOS 11–12, is what `app.active-once` reports). SwiftUI's scene
/// phase has no window: SwiftUI runs an observer of `scenePhase` only when the phase changes, so the
/// same phase printed again, with no event between, is the same handler's later words (an
/// `onChange` or `.task(id: scenePhase)` that awaits its work logs after it: 537 ms in real-logs 16).
struct LaunchAssembler {
    /// How far apart the lines of one invocation may be: the statements of one delegate method, and
    /// the observers UIKit notifies right after it, run within a few milliseconds (9 ms across the
    /// three lines of log 12's applicationDidBecomeActive; a callback that blocks the main thread for
    /// tens of milliseconds drops frames), while the repeated callbacks devices deliver come at a
    /// person's pace (Notification Center pulled, then dismissed: rdar 49216830).
    static let invocationWindow: Int64 = 50_000_000
    let options: InterchangeOptions
    var result: DecodedTrace
    var current: InterchangeLaunch?
    var currentPid: Int64?
    /// The launch callbacks (`willFinishLaunching`, `didFinishLaunching`) the current launch has shown.
    var launchCallbacks = CallbackSet()
    var sawSession = false
    /// The class whose Objective-C method line logged the current launch's launch callback: the app delegate.
    var delegateClass: String?
    /// The last event of the current launch, while a line of the same invocation may still follow.
    var invocation: Invocation?

    /// What later lines of an invocation are compared with.
    struct Invocation {
        var index: Int
        /// A callback, or a framework's life-cycle event (``FrameworkLifecycle``) with its attrs.
        var name: EventName
        var attrs: Attributes
        var pid: Int64?
        var thread: String?
        var scene: String?
        var time: Int64?
        /// The messages its lines printed.
        var messages: Set<[UInt8]>
    }

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
        let lineScene = callback?.scope == .scene ? scene ?? ConsoleTextDecoder.sceneIdentity(message) : nil
        if phase == .instant, let open = invocation, open.name == recognized.name, open.attrs == recognized.attrs,
            Self.agree(open.pid, fields.pid), Self.agree(open.thread, fields.thread), Self.agree(open.scene, lineScene),
            Self.close(open.time, fields.time) || recognized.name == EventName.scenePhase, !open.messages.contains(Array(message))
        {
            current?.mergedLines[open.index, default: []].append(line)
            invocation?.messages.insert(Array(message))
            if open.pid == nil { invocation?.pid = fields.pid }
            if open.thread == nil { invocation?.thread = fields.thread }
            if open.scene == nil { invocation?.scene = lineScene }
            if open.time == nil { invocation?.time = fields.time }
            adoptProcess(fields)
            result.merged += 1
            return
        }
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
            delegateClass = nil
            sawSession = false
        } else {
            adoptProcess(fields)
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
            if delegateClass == nil { delegateClass = recognized.receiver }
        }
        // An app has one delegate: another class's line for an app state callback is an observer of
        // the notification UIKit posts with it (`-[MainAppContext applicationDidBecomeActive:]`), marked
        // as the recorder marks one (a scene app's notifications are not delegate calls).
        if let callback, Self.notified.contains(callback), let receiver = recognized.receiver, let delegateClass,
            receiver != delegateClass
        {
            event.attrs["via"] = .string("notification")
        }
        if let last = current?.events.last, event.t < last.t {
            // A clock that steps back (a log merged from two sources): keep the order the log has. A line
            // with no time among timed ones (Unity's `-> applicationDidBecomeActive()` between NSLog
            // lines) takes the time of the event before it.
            if fields.time != nil {
                result.diagnostics.append(
                    Diagnostic(.warning, line: line, column: 1, "time goes back from the line before; kept in log order"))
            }
            event.t = last.t
        }
        current?.append(event, line: line)
        invocation =
            phase == .instant && (callback != nil || FrameworkLifecycle.names.contains(recognized.name.name))
            ? Invocation(
                index: (current?.events.count ?? 1) - 1, name: recognized.name, attrs: recognized.attrs, pid: fields.pid,
                thread: fields.thread, scene: lineScene, time: fields.time, messages: [Array(message)]) : nil
    }

    /// What the launch's first lines did not say (its process, its wall-clock start), when this line does.
    private mutating func adoptProcess(_ fields: ConsoleTextDecoder.LineFields) {
        if current?.record.started == nil, let time = fields.time, fields.wallClock {
            current?.record.started = Timestamp.format(nanosecondsSince1970: time)
        }
        guard currentPid == nil, let pid = fields.pid else { return }
        currentPid = pid
        current?.record.pid = pid
        if current?.record.app == options.app, let process = fields.process { current?.record.app = process }
    }

    /// The app delegate callbacks UIKit also posts as `UIApplication` notifications.
    static let notified: Set<Callback> = [
        .applicationDidBecomeActive, .applicationWillResignActive, .applicationDidEnterBackground, .applicationWillEnterForeground,
        .applicationWillTerminate, .applicationDidReceiveMemoryWarning, .applicationSignificantTimeChange,
        .applicationProtectedDataWillBecomeUnavailable, .applicationProtectedDataDidBecomeAvailable,
    ]

    /// Whether two lines' values can be the same: equal, or one of them not printed.
    private static func agree<T: Equatable>(_ first: T?, _ second: T?) -> Bool { first == nil || second == nil || first == second }

    /// Whether a line's time is within ``invocationWindow`` of an invocation's first line (or either has none).
    private static func close(_ first: Int64?, _ second: Int64?) -> Bool {
        guard let first, let second else { return true }
        let (difference, overflow) = second.subtractingReportingOverflow(first)
        return !overflow && difference.magnitude <= UInt64(invocationWindow)
    }

    mutating func finishLaunch() {
        guard var launch = current else { return }
        current = nil
        invocation = nil
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
