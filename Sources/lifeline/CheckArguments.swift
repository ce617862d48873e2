import ArgumentParser
import LifelineCheck
import LifelineFormat
import LifelineReports
import LifelineRules

/// The options `check` and `watch` share: which rules, what fails the check, and how to read
/// traces that are not whole.
///
/// One group, as ``InterchangeArguments`` is for the decoders' options, so both commands spell,
/// document and validate them the same way.
struct CheckArguments: ParsableArguments {
    /// `--rules`'s help, for every command that takes it: the built-in catalogs by name.
    static let rulesHelp = ArgumentHelp(
        "A catalog (\(BuiltinCatalog.allCases.map(\.rawValue).joined(separator: ", "))) or a .rules file or directory; repeatable.")

    @Option(name: .customLong("rules"), help: rulesHelp)
    var rules: [String] = []

    @Flag(help: "Do not load ./rules/*.rules: only the built-in catalogs, or what --rules names.")
    var noLocalRules = false

    @Option(name: .customLong("fail-on"), help: "The lowest severity that fails the check: error, warning, info or never.")
    var failOn = FailThreshold.error

    @Option(help: "Whether pending findings (obligations still open when a trace ends) fail the check: fail or report.")
    var pending = PendingPolicy.report

    @Flag(
        help:
            "Report lines that are not valid records (a torn last line, a corrupt line) as warnings and check around them, instead of failing with status 2. Unreadable files still fail."
    )
    var allowSkippedLines = false

    @Option(
        help: ArgumentHelp(
            "The callbacks traces record when their launch records do not say (comma-separated names); rules that need another are not applicable.",
            valueName: "callback,..."))
    var records: String?

    /// What fails the check.
    var gate: CheckGate { CheckGate(failOn: failOn.severity, pendingFails: pending == .fail) }

    /// `--records` as a set; a located error and exit status 2 when it names no callback.
    func declared() throws -> CallbackSet? { try declaredRecords(records) }

    /// The rules `--rules` names, or the built-in catalogs, with ./rules/*.rules unless `--no-local-rules`.
    func loadRules() throws(CheckRunError) -> CheckRun.LoadedRules {
        try CheckRun.load(rules, rulesDirectory: noLocalRules ? nil : "rules")
    }
}
