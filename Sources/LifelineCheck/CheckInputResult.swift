import LifelineFormat
import LifelineReports
import LifelineRules

/// What checking one ``CheckInput`` found, for the report: merged in input order, so a run on
/// several threads reports exactly what a run on one does.
struct CheckInputResult: Sendable {
    /// The traces read, as the report names them.
    var traces: [String] = []
    var diagnostics: [Diagnostic] = []
    var findings: [Finding] = []
    /// Per trace, the rules judged on it.
    var applied: [String: Set<String>] = [:]
    var notApplicable: [Inapplicability] = []
    /// Launches whose scene callbacks name no scene.
    var identity: [IdentityNote] = []
    /// The launches judged, in order.
    var launches: [CheckedLaunch] = []
    /// Launches of logs taken to record callbacks they do not show.
    var assumed: [AssumedRecords] = []
}
