import LifelineSimulator
import LifelineRules
import LifelineStore
import LifelineTerminal

/// What a ``DemoRun`` did, for callers and tests that want more than its printout.
public struct DemoReport: Sendable {
    /// One per simulated scenario, in order.
    public var traces: [SimulationSummary] = []
    public var imported = ImportSummary()
    /// The rule check's findings over the database.
    public var findings: [Finding] = []
    /// The saved query's result.
    public var table = TextTable(columns: [], rows: [])

    public init() {}
}
