/// Checks the file-level invariants of trace format v1 line by line, in one pass.
///
/// Syntax is the scanner's job; this checks what only the sequence shows:
/// events before any launch record, `seq` not strictly increasing or `t`
/// decreasing within a launch, and an `end` with no open `begin` of the same
/// event, session and scene. Memory is proportional to the open spans.
///
/// ```swift
/// var checker = TraceOrderChecker()
/// if let problem = checker.check(scanned, lineNumber: 12, eventKey: key) { report(problem) }
/// ```
public struct TraceOrderChecker: Sendable {
    /// Identifies a span: the same event in the same session and scene.
    public struct SpanKey: Hashable, Sendable {
        public var event: String
        public var session: String?
        public var scene: String?

        public init(event: String, session: String?, scene: String?) {
            self.event = event
            self.session = session
            self.scene = scene
        }
    }

    private var inLaunch = false
    private var continuesLaunch = false
    private var lastSeq: Int64 = -1
    private var lastT: Int64 = -1
    private var lastLine = 0
    private var open: [SpanKey: Int] = [:]

    public init() {}

    /// Notes a launch record; the next events belong to it.
    public mutating func beginLaunch(part: Int64?) {
        inLaunch = true
        continuesLaunch = (part ?? 1) > 1
        lastSeq = -1
        lastT = -1
        open.removeAll(keepingCapacity: true)
    }

    /// Continues a launch whose earlier lines were checked before (a file that grew).
    ///
    /// Spans opened in the earlier lines are not known, so an `end` is not reported.
    public mutating func resumeLaunch(lastSeq: Int64, lastT: Int64, lastLine: Int) {
        inLaunch = true
        continuesLaunch = true
        self.lastSeq = lastSeq
        self.lastT = lastT
        self.lastLine = lastLine
        open.removeAll(keepingCapacity: true)
    }

    /// Checks one event; returns the problems it shows (usually none).
    ///
    /// A line with a problem is still counted as the latest, so one bad `seq`
    /// produces one diagnostic, not one per following line.
    public mutating func check(
        seq: Int64, t: Int64, phase: Phase, span: @autoclosure () -> SpanKey, line: Int, seqColumn: Int,
        tColumn: Int, phaseColumn: Int
    ) -> [Diagnostic] {
        guard inLaunch else {
            return [Diagnostic(.error, line: line, column: 1, "event before any launch record")]
        }
        var problems: [Diagnostic] = []
        if seq <= lastSeq {
            problems.append(
                Diagnostic(
                    .error, line: line, column: seqColumn,
                    "seq \(seq) does not increase (line \(lastLine) had seq \(lastSeq))"))
        }
        if t < lastT {
            problems.append(
                Diagnostic(
                    .error, line: line, column: tColumn, "t decreases from \(lastT) to \(t) (line \(lastLine))"))
        }
        lastSeq = max(lastSeq, seq)
        lastT = max(lastT, t)
        lastLine = line
        switch phase {
        case .begin:
            open[span(), default: 0] += 1
        case .end:
            let key = span()
            if let depth = open[key] {
                if depth == 1 { open[key] = nil } else { open[key] = depth - 1 }
            } else if !continuesLaunch {
                // A rotated part may end spans its previous part began.
                problems.append(
                    Diagnostic(
                        .warning, line: line, column: phaseColumn, "'end' of \(key.event) with no open 'begin'"))
            }
        case .instant:
            break
        }
        return problems
    }

    /// Checks a scanned event line (see ``check(seq:t:phase:span:line:seqColumn:tColumn:phaseColumn:)``).
    public mutating func check(
        _ scanned: ScannedLine, bytes: UnsafeRawBufferPointer, scanner: TraceLineScanner, line: Int
    ) -> [Diagnostic] {
        check(
            seq: scanned.seq, t: scanned.t, phase: scanned.phase,
            span: SpanKey(
                event: scanned.callback?.name ?? scanner.string(scanned.event, in: bytes),
                session: scanned.session.map { scanner.string($0, in: bytes) },
                scene: scanned.scene.map { scanner.string($0, in: bytes) }),
            line: line, seqColumn: scanned.seqOffset + 1, tColumn: scanned.tOffset + 1,
            phaseColumn: scanned.phaseOffset + 1)
    }
}
