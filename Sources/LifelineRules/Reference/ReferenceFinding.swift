/// A finding reduced to what two evaluators must agree on: rule, severity, slice,
/// status, reason and the locations of its witnesses.
@_spi(Reference)
public struct ReferenceFinding: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var ruleID: String
    /// The rule's severity, or a machine transition's own.
    public var severity: Severity
    public var slice: SliceKey
    public var status: Finding.Status
    public var reason: FindingReason
    /// `file:line` of each witness by role; `nil` when the finding has none in that role.
    public var opener: String?
    public var trigger: String?
    public var offending: String?
    public var closer: String?
    public var endOfTrace: Bool

    public init(
        ruleID: String, severity: Severity, slice: SliceKey, status: Finding.Status, reason: FindingReason,
        opener: String?, trigger: String?, offending: String?, closer: String?, endOfTrace: Bool
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.slice = slice
        self.status = status
        self.reason = reason
        self.opener = opener
        self.trigger = trigger
        self.offending = offending
        self.closer = closer
        self.endOfTrace = endOfTrace
    }

    /// The comparable form of a checker's finding.
    public init(_ finding: Finding) {
        func location(_ role: Witness.Role) -> String? {
            finding.witnesses.first { $0.role == role }.map { "\($0.file):\($0.line ?? 0)" }
        }
        self.init(
            ruleID: finding.ruleID, severity: finding.severity, slice: finding.slice, status: finding.status, reason: finding.reason,
            opener: location(.scopeOpener), trigger: location(.trigger), offending: location(.offending),
            closer: location(.scopeCloser), endOfTrace: finding.witnesses.contains { $0.role == .endOfTrace })
    }

    public static func < (lhs: ReferenceFinding, rhs: ReferenceFinding) -> Bool { lhs.description < rhs.description }

    public var description: String {
        "\(ruleID) \(severity) \(slice) \(status) \(reason) opener=\(opener ?? "-") trigger=\(trigger ?? "-") "
            + "offending=\(offending ?? "-") closer=\(closer ?? "-") end=\(endOfTrace)"
    }
}
