/// What decoding a foreign input yielded: launches of events, and what was left out and why.
public struct DecodedTrace: Sendable {
    public var shape: TraceShape
    public var launches: [InterchangeLaunch] = []
    /// Located problems (a line that is not valid JSON, a timestamp that cannot be read), in file order.
    public var diagnostics: [Diagnostic] = []
    /// Lines or entries that name no known callback and match no app-event pattern: skipped and
    /// counted, never guessed at.
    public var ignored = 0
    /// Lines or entries that named the callback of the event before them in the same invocation and
    /// were merged into it (``InterchangeLaunch/mergedLines``).
    public var merged = 0
    /// Lines or entries that could not be read at all (each has a diagnostic).
    public var malformed = 0
    /// Lines in the input (for the import's record of how far it read).
    public var lineCount = 0
    /// Why nothing of the input can be used (a JSON document that does not parse): the import fails
    /// the file instead of importing what came before the error.
    public var fatal: Diagnostic?

    public init(shape: TraceShape) { self.shape = shape }

    /// Decodes a foreign input of `shape` (a `native` trace is the importer's own business: it
    /// streams, so it is read as Chrome trace JSON here only if asked to be).
    ///
    /// `progress` is called now and then with the bytes decoded so far (line by line shapes; a JSON
    /// document reports once, when it is read).
    public static func decode(
        _ bytes: [UInt8], shape: TraceShape, options: InterchangeOptions = InterchangeOptions(), progress: ((Int) -> Void)? = nil
    ) -> DecodedTrace {
        switch shape {
        case .native, .chrome:
            let decoded = ChromeTraceDecoder.decode(bytes)
            progress?(bytes.count)
            return decoded
        case .text: return ConsoleTextDecoder.decode(bytes, options: options, progress: progress)
        case .oslog: return UnifiedLogDecoder.decode(bytes, options: options, progress: progress)
        }
    }

    /// Launches whose source names no scene session (see ``InterchangeLaunch/namesSessions``).
    public var launchesWithoutSessions: Int { launches.filter { !$0.namesSessions }.count }
}

/// Options for the decoders, from `lifeline import`'s flags.
public struct InterchangeOptions: Sendable {
    /// `--pattern`: a regular expression with named groups for console text (``ConsoleTextPattern``).
    public var pattern: ConsoleTextPattern?
    /// `--subsystem`: only unified-log entries of these subsystems (empty: all).
    public var subsystems: [String] = []
    /// `--category`: only unified-log entries of these categories (empty: all).
    public var categories: [String] = []
    /// The app name for launches whose source does not say (console text without a process column).
    public var app: String?

    public init(pattern: ConsoleTextPattern? = nil, subsystems: [String] = [], categories: [String] = [], app: String? = nil) {
        self.pattern = pattern
        self.subsystems = subsystems
        self.categories = categories
        self.app = app
    }
}
