/// One finding of a rule check, as the `violation` table stores it (docs/schema.md).
public struct StoredViolation: Sendable, Hashable {
    public var rule: String
    public var severity: String
    /// `violated` or `pending`.
    public var status: String
    public var message: String
    public var explanation: String
    public var launchUUID: String?
    public var session: String?
    public var scene: String?
    /// Where the finding is reported: its offending event, or the last event of the trace.
    public var file: String?
    public var line: Int?
    public var seq: Int64?
    /// The witness events as a JSON array of objects (`role`, `event`, `seq`, `file`, `line`).
    public var witnesses: String

    public init(
        rule: String, severity: String, status: String, message: String, explanation: String, launchUUID: String?,
        session: String?, scene: String?, file: String?, line: Int?, seq: Int64?, witnesses: String
    ) {
        self.rule = rule
        self.severity = severity
        self.status = status
        self.message = message
        self.explanation = explanation
        self.launchUUID = launchUUID
        self.session = session
        self.scene = scene
        self.file = file
        self.line = line
        self.seq = seq
        self.witnesses = witnesses
    }
}
