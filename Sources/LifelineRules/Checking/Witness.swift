import LifelineFormat

/// An event a finding points at, resolved to names and a source location.
public struct Witness: Sendable, Hashable, CustomStringConvertible {
    /// The event's role in the finding.
    public enum Role: String, Sendable, Hashable {
        /// The event that opened the scope (`Q`).
        case scopeOpener = "scope opened by"
        /// The event that created the obligation or the condition (`P`).
        case trigger
        /// The event that broke the rule, or the one that showed it was broken.
        case offending
        /// The event that closed the scope (`R`).
        case scopeCloser = "scope closed by"
        /// The end of the trace (no event): the last event seen is given.
        case endOfTrace = "trace ended after"
    }

    public var role: Role
    /// The event's `seq`; nil for a launch record or the end of the trace, which have none.
    public var seq: Int64?
    public var t: Int64
    public var event: String
    public var phase: Phase
    /// The trace file, or the label given to the checker for the source.
    public var file: String
    /// The line in `file`; nil when unknown.
    public var line: Int?

    public init(role: Role, seq: Int64?, t: Int64, event: String, phase: Phase, file: String, line: Int?) {
        self.role = role
        self.seq = seq
        self.t = t
        self.event = event
        self.phase = phase
        self.file = file
        self.line = line
    }

    /// `file:line`.
    public var location: String { line.map { "\(file):\($0)" } ?? file }

    public var description: String {
        let what =
            seq.map { "\(event)\(phase == .instant ? "" : " \(phase.rawValue)") seq \($0)" }
            ?? (event == EventName.anatomy.name ? "the launch's anatomy, of the launch record" : "launch record")
        return "\(role.rawValue): \(what) at \(location)"
    }
}
