/// A finding as a monitor raises it, before it is named and located.
struct RawFinding: Equatable {
    var status: Finding.Status
    var reason: FindingReason
    var opener: EventRef?
    var trigger: EventRef?
    /// The event that broke the rule; `nil` when the scope's end or the trace's end showed it.
    var offending: EventRef?
    var closer: EventRef?
    /// Set when the end of the trace showed the finding: the last event of the launch or trace.
    var endOfTrace: EventRef?
    var atEndOfTrace = false
    /// For an undeclared transition: the machine state it left, by index, until the name is resolved.
    var machineState: Int32 = -1
    /// For a flagged transition: its index in the machine, whose severity and message the finding takes.
    var machineTransition: Int32 = -1
    /// Set when the trace does not prove the finding: events it cannot show may have prevented it
    /// (docs/rules.md, "Judging what is proven"). Such a finding is pending.
    var unproven = false
}
