/// The record that starts one process launch in a trace file.
///
/// Every event record belongs to the launch record above it. A file may hold
/// several launches in order, and a launch may continue in a rotated file,
/// which then starts with a copy of the launch record whose ``part`` is 2, 3, ...
///
/// ```json
/// {"lifeline":1,"type":"launch","launch":"3F2A…","pid":4711,"app":"com.example.Notes",
///  "appVersion":"3.2","platform":"iOS","os":"17.5","device":"iPad13,4","lifecycle":"scene",
///  "started":"2026-11-21T10:00:00.000Z"}
/// ```
public struct LaunchRecord: Hashable, Sendable {
    /// The newest trace format version this library reads and writes.
    public static let currentVersion = 1

    /// The format version (`lifeline`). Readers reject versions newer than ``currentVersion``.
    public var version: Int
    /// A unique identifier of the launch, usually a UUID.
    public var launch: String?
    /// The process identifier.
    public var pid: Int64?
    /// The app's bundle identifier.
    public var app: String?
    /// The app's version as people see it (`appVersion`: `CFBundleShortVersionString`, `3.2`), so
    /// launches can be told apart by release.
    public var appVersion: String?
    /// The platform name (`iOS`, `iPadOS`, `visionOS`, `Linux`, ...).
    public var platform: String?
    /// The operating system version (`17.5`).
    public var os: String?
    /// The device model identifier (`iPad13,4`).
    public var device: String?
    /// Whether the app adopted scenes.
    public var lifecycle: Lifecycle?
    /// The wall-clock start of the launch, RFC 3339 in UTC (`2026-11-21T10:00:00.000Z`).
    public var started: String?
    /// For a launch continued in a rotated file: the file's part number (2, 3, ...).
    public var part: Int64?
    /// The callbacks the trace records for this launch (`records`); `nil` when it records every one.
    ///
    /// A callback outside the set may have happened without a line in the trace, so rules that
    /// need it are not applicable to the launch (docs/rules.md, "Partial instrumentation").
    /// App-defined events are not listed: a trace shows the ones it has.
    public var records: CallbackSet?
    /// Whether the launch began before its trace does (`excerpt`): a log excerpt that starts
    /// mid-run, whose first line is not the app launching. Anything may have happened before the
    /// first event, so the checker proves nothing that depends on it (docs/rules.md, "Judging what
    /// is proven"). `nil` (the recorder's traces, which start at launch) is `false`.
    public var excerpt: Bool?
    /// When the kernel started the process (`processStart`), in nanoseconds on the launch's event
    /// clock (the clock of every event's `t`), so the time before the first event (pre-main,
    /// UIKit's start) is measured, not guessed. Usually below the first event's `t`; negative
    /// when the clock's origin is later than the process start.
    public var processStart: Int64?
    /// When the recorder's image was loaded (`moduleLoad`): its C constructor ran, after dyld
    /// loaded and bound the process's images and before `main()`. Nanoseconds on the events'
    /// clock, like ``processStart``, so the time before the first event splits into pre-main
    /// (process start to here) and UIKit's start (here to the first callback). `nil`: not recorded.
    public var moduleLoad: Int64?
    /// Whether iOS launched the process to prewarm it (`prewarm`): the `ActivePrewarm`
    /// environment variable was `1` when the recorder read it. `nil`: not recorded.
    public var prewarm: Bool?
    /// The role the kernel gave the task when the recorder read it (`taskRole`):
    /// ``TaskRole/name(of:)`` of `task_policy_get`'s `TASK_CATEGORY_POLICY` (`foreground`,
    /// `nonUI` for a process iOS started without UI, `darwinBG` for a prewarmed one, …). `nil`:
    /// not recorded.
    public var taskRole: String?

    public init(
        version: Int = LaunchRecord.currentVersion, launch: String? = nil, pid: Int64? = nil, app: String? = nil,
        appVersion: String? = nil, platform: String? = nil, os: String? = nil, device: String? = nil, lifecycle: Lifecycle? = nil,
        started: String? = nil, part: Int64? = nil, records: CallbackSet? = nil, excerpt: Bool? = nil,
        processStart: Int64? = nil, moduleLoad: Int64? = nil, prewarm: Bool? = nil, taskRole: String? = nil
    ) {
        self.version = version
        self.launch = launch
        self.pid = pid
        self.app = app
        self.appVersion = appVersion
        self.platform = platform
        self.os = os
        self.device = device
        self.lifecycle = lifecycle
        self.started = started
        self.part = part
        self.records = records
        self.excerpt = excerpt
        self.processStart = processStart
        self.moduleLoad = moduleLoad
        self.prewarm = prewarm
        self.taskRole = taskRole
    }

    /// Whether the trace records `callback` for this launch (every callback when ``records`` is absent).
    public func records(_ callback: Callback) -> Bool { records?.contains(callback) ?? true }
}
