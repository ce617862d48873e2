import LifelineCheck
import LifelineReports
import LifelineRules
import LifelineStore

/// What `.violations` and `.why` show: nothing yet, this session's last check, or nothing because
/// `.import` changed the database since.
///
/// Findings are numbered from 1 in the order the checker proved them, which is also the
/// order of the rows `.check` wrote: finding N is `SELECT * FROM violation WHERE id = N`. Before
/// this session checks, the findings are the ones the last check stored (``StoredCheck``), by
/// `lifeline check` or another session's `.check`.
enum CheckState {
    case unchecked
    case checked(CheckReport)
    /// `.import` changed the database after the last check, so its findings may name launches that
    /// were re-imported under new ids, and miss the new traces.
    case outdated
}

/// The findings `.violations` and `.why` work on.
enum ShownCheck {
    /// This session's `.check`.
    case session(CheckReport)
    /// What the database's `violation` table holds, read back.
    case stored(StoredCheck, [Finding])

    var findings: [Finding] {
        switch self {
        case .session(let report): report.findings
        case .stored(_, let findings): findings
        }
    }

    /// Finding `number` (from 1).
    func finding(_ number: String, for command: String) throws(ReplError) -> Finding {
        guard !findings.isEmpty else { throw .message("\(command): the last check found no violations") }
        guard let index = Int(number), index >= 1, index <= findings.count else {
            throw .invalidArgument(command: command, argument: number, expected: "a violation number, 1 to \(findings.count)")
        }
        return findings[index - 1]
    }
}
