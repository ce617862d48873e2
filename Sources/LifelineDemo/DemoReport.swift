import LifelineReports
import LifelineRules
import LifelineSimulator
import LifelineStore
import LifelineTerminal

/// What a ``DemoRun`` did, for callers and tests that want more than its printout.
package struct DemoReport: Sendable {
    /// One per simulated scenario, in order.
    package var traces: [SimulationSummary] = []
    package var imported = ImportSummary()
    /// The rule check's findings over the database.
    package var findings: [Finding] = []
    /// The launches the check judged, each with its kind, phases and ending.
    package var launches: [CheckedLaunch] = []
    /// The saved query's result.
    package var table = TextTable(columns: [], rows: [])

    package init() {}
}
