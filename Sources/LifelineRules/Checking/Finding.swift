/// One violation (or open obligation) of one rule instance, with its witnesses.
///
/// ```
/// traces/notes.ndjson:41: error[scene.connect-after-launch]: scene(_:willConnectTo:options:)
///   for session S1 with no application(_:didFinishLaunchingWithOptions:) before it, in launch 3F2A9C1E…
/// ```
public struct Finding: Sendable, Hashable {
    /// A violation, or an obligation still open when the trace ended.
    public enum Status: String, Sendable, Hashable {
        case violated
        case pending
    }

    public var ruleID: String
    public var severity: Severity
    public var status: Status
    public var reason: FindingReason
    public var slice: SliceKey
    /// The scope opener, the trigger, the offending event and the scope closer, as they apply.
    public var witnesses: [Witness]
    /// What happened and what was expected, in words.
    public var explanation: String
    /// The rule's one-line message.
    public var message: String
    /// The rule's reference, if it has one, as written (the machine formats carry it).
    public var reference: String?
    /// The reference as a person reads it: its URLs found, a built-in rule's evidence IDs left out
    /// (``Citation/init(_:of:)``). The text and GitHub formats, the REPL's `.why` and the demo show it.
    public var citation: Citation?

    public init(
        ruleID: String, severity: Severity, status: Status, reason: FindingReason, slice: SliceKey,
        witnesses: [Witness], explanation: String, message: String, reference: String?, citation: Citation? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.status = status
        self.reason = reason
        self.slice = slice
        self.witnesses = witnesses
        self.explanation = explanation
        self.message = message
        self.reference = reference
        self.citation = citation ?? reference.map { Citation($0) }
    }

    /// The event to report the finding at: the offending event, else the last event of the trace.
    public var primary: Witness? {
        witnesses.first { $0.role == .offending } ?? witnesses.first { $0.role == .endOfTrace }
            ?? witnesses.first { $0.role == .scopeCloser } ?? witnesses.last
    }

    /// `file:line: error[rule]: explanation` (pending findings say `pending` instead of the severity).
    public var headline: String {
        let location = primary?.location ?? slice.trace
        let label = status == .pending ? "pending" : severity.rawValue
        return "\(location): \(label)[\(ruleID)]: \(explanation)"
    }

    /// The headline, the rule's message and citation, and one line per witness.
    ///
    /// ```
    /// traces/a.ndjson:7: error[scene.connect-after-launch]: scene(_:willConnectTo:options:) for session S1 …
    ///   rule: a scene connects only after the app finished launching
    ///   see: https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence step 6; …
    ///   offending: scene(_:willConnectTo:options:) begin seq 3 at traces/a.ndjson:7
    /// ```
    public var explained: String {
        var lines = [headline, "  rule: \(message)"]
        if let citation, !citation.parts.isEmpty { lines.append("  see: \(citation)") }
        for witness in witnesses { lines.append("  \(witness)") }
        return lines.joined(separator: "\n")
    }
}
