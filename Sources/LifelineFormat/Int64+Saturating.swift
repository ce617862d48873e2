// MARK: - Saturating time arithmetic

extension Int64 {
    /// `self + other`, held at `Int64.max` or `Int64.min` instead of wrapping or trapping.
    ///
    /// Deadlines are a trace time plus a rule's duration, and both come from
    /// input: a wrapped deadline would land before its trigger and turn a
    /// pending obligation into a proven violation. A deadline past the end of
    /// the clock is simply never reached, which `Int64.max` says.
    package func saturatingAdding(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }

    /// `self - other`, held at `Int64.max` or `Int64.min` instead of wrapping or trapping.
    package func saturatingSubtracting(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other < 0 ? .max : .min
    }
}
