/// How a check ended, and the exit status `lifeline check` gives for it.
package enum CheckStatus: Sendable, Hashable {
    /// No finding fails the gate and the input was read in full: exit 0.
    case passed
    /// A finding fails the gate: exit 1.
    case failed
    /// The input could not be checked in full (an unreadable file, a skipped line, nothing to
    /// check): exit 2, whatever the findings, since a partial check proves nothing.
    case inputError

    package var exitCode: Int32 {
        switch self {
        case .passed: return 0
        case .failed: return 1
        case .inputError: return 2
        }
    }
}
