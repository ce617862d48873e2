import LifelineReports
import LifelineRules

/// What `.violations` and `.explain` can show: nothing yet, the last check's findings, or nothing
/// because `.import` changed the database since.
///
/// Findings are numbered from 1 in the order the checker proved them, which is also the
/// order of the rows `.check` wrote: finding N is `SELECT * FROM violation WHERE id = N`.
enum CheckState {
    case unchecked
    case checked(CheckReport)
    /// `.import` changed the database after the last check, so its findings may name launches that
    /// were re-imported under new ids, and miss the new traces.
    case outdated

    /// The last check's report, or the error a command that needs one reports.
    func report(for command: String) throws(ReplError) -> CheckReport {
        switch self {
        case .checked(let report): return report
        case .unchecked: throw .message("\(command): no check yet; .check runs one")
        case .outdated: throw .message("\(command): .import changed the database since the last check; .check again")
        }
    }

    /// Finding `number` (from 1) of the last check.
    func finding(_ number: String, for command: String) throws(ReplError) -> Finding {
        let findings = try report(for: command).findings
        guard !findings.isEmpty else { throw .message("\(command): the last check found no violations") }
        guard let index = Int(number), index >= 1, index <= findings.count else {
            throw .invalidArgument(command: command, argument: number, expected: "a violation number, 1 to \(findings.count)")
        }
        return findings[index - 1]
    }
}
