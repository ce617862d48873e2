/// Decodes console text or a unified log (`log show` / `log stream --style ndjson`) one line at a
/// time: the one implementation behind ``ConsoleTextDecoder/decode(_:options:progress:)`` and
/// ``UnifiedLogDecoder/decode(_:options:progress:)`` (which feed it a whole file) and
/// `lifeline watch` (which feeds it lines as they are written).
///
/// Launches cross lines: a line adds its event to the ``current`` launch, or closes it and opens
/// the next (a new pid, the app launching again). What a launch's record says that only its
/// events can tell — its life cycle, whether the log names sessions — is settled when it closes.
///
/// ```swift
/// var decoder = InterchangeLineDecoder(shape: .text, options: InterchangeOptions())
/// decoder.add(line, number: 1)
/// for launch in decoder.takeClosed() { ... }    // launches this line closed
/// decoder.current?.events.last                   // the event it added, if any
/// let rest = decoder.finish(lineCount: 1)        // closes the last launch
/// ```
public struct InterchangeLineDecoder {
    /// `text` or `oslog`.
    public let shape: TraceShape
    private var assembler: LaunchAssembler
    private var text: ConsoleTextDecoder.LineState
    private var entry = UnifiedLogDecoder.EntryReader()
    private var taken = 0

    /// A decoder of `shape`, which must be ``TraceShape/text`` or ``TraceShape/oslog`` (the
    /// others are read whole: a Chrome trace is one JSON document, a Lifeline trace is not decoded).
    public init(shape: TraceShape, options: InterchangeOptions = InterchangeOptions()) {
        precondition(shape == .text || shape == .oslog, "only console text and unified logs are read line by line")
        self.shape = shape
        assembler = LaunchAssembler(shape: shape, options: options)
        text = ConsoleTextDecoder.LineState(options: options)
    }

    /// Reads one line, without its newline; `number` is its 1-based line number.
    public mutating func add(_ line: ArraySlice<UInt8>, number: Int) {
        switch shape {
        case .oslog: UnifiedLogDecoder.add(line, number: number, &entry, &assembler)
        default: ConsoleTextDecoder.add(line, number: number, &text, &assembler)
        }
    }

    /// The launch being assembled: its record as far as it is known (the life cycle is settled
    /// when it closes) and its events so far.
    public var current: InterchangeLaunch? { assembler.current }

    /// The launches closed since the last call, in order; they are no longer in ``finish(lineCount:)``'s result.
    public mutating func takeClosed() -> [InterchangeLaunch] {
        let closed = assembler.result.launches
        assembler.result.launches = []
        return closed
    }

    /// The located problems found since the last call, in line order.
    public mutating func takeDiagnostics() -> [Diagnostic] {
        let found = Array(assembler.result.diagnostics[taken...])
        taken = assembler.result.diagnostics.count
        return found
    }

    /// Lines skipped so far because they name no callback and match no app-event pattern.
    public var ignored: Int { assembler.result.ignored }

    /// Closes the last launch and returns what was decoded and not taken.
    public mutating func finish(lineCount: Int) -> DecodedTrace {
        assembler.finish(lineCount: lineCount)
    }
}
