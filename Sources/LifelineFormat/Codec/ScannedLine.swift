/// A string value found by ``TraceLineScanner``: a byte range in the line, or
/// in the scanner's scratch space when the JSON string had escapes.
public struct ScannedString: Hashable, Sendable {
    /// Byte offset of the first byte.
    public var start: Int
    /// Number of bytes.
    public var count: Int
    /// `true` when the bytes live in the scanner's scratch space (the JSON
    /// string contained escapes and was decoded).
    public var isDecoded: Bool
}

/// The fields of one trace line, as byte ranges, valid until the scanner's next scan.
///
/// This is the allocation-free view the importer binds from. ``TraceRecord``
/// is the owned form built from it.
public struct ScannedLine: Sendable {
    /// Which record a line holds.
    public enum Kind: Sendable, Hashable {
        case launch
        case event
    }

    public var kind: Kind = .event

    // MARK: Event record
    public var seq: Int64 = 0
    public var t: Int64 = 0
    /// Byte offsets of the `seq`, `t` and `phase` values, for diagnostics about their order.
    public var seqOffset = 0
    public var tOffset = 0
    public var phaseOffset = 0
    /// Byte offset of the `event` value, for diagnostics about the event.
    public var eventOffset = 0
    /// The event name as written (aliases not yet normalised).
    public var event = ScannedString(start: 0, count: 0, isDecoded: false)
    /// The catalog callback the name denotes, if any.
    public var callback: Callback?
    public var phase: Phase = .instant
    public var session: ScannedString?
    public var scene: ScannedString?
    public var thread: ScannedString?
    /// The byte range of the raw `attrs` JSON object in the line, already validated.
    public var attrs: Range<Int>?

    // MARK: Launch record
    public var version: Int64 = 0
    public var launch: ScannedString?
    public var pid: Int64?
    public var app: ScannedString?
    /// The app's version (`appVersion`), or `nil` when absent.
    public var appVersion: ScannedString?
    public var platform: ScannedString?
    public var os: ScannedString?
    public var device: ScannedString?
    public var lifecycle: Lifecycle?
    public var started: ScannedString?
    public var part: Int64?
    /// The callbacks the launch records (`records`), or `nil` when absent (every callback).
    public var records: CallbackSet?
    /// Whether the launch began before the trace does (`excerpt`), or `nil` when absent.
    public var excerpt: Bool?
    /// When the kernel started the process, on the events' clock (`processStart`), or `nil` when absent.
    public var processStart: Int64?
    /// When the recorder's image was loaded, on the events' clock (`moduleLoad`), or `nil` when absent.
    public var moduleLoad: Int64?
    /// Whether iOS launched the process to prewarm it (`prewarm`), or `nil` when absent.
    public var prewarm: Bool?
    /// The task's role when the recorder read it (`taskRole`), or `nil` when absent.
    public var taskRole: ScannedString?

    public init() {}
}
