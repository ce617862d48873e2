import LifelineFormat
import LifelineRules

/// How ``CheckRun/check(_:rules:sources:options:)`` reads its inputs and what it keeps: what
/// `lifeline check`'s options say, with the defaults a plain `lifeline check PATHS` has.
///
/// ```swift
/// var options = CheckOptions()
/// options.allowSkippedLines = true
/// options.timelines = true                       // for the HTML report
/// let report = CheckRun.check(["traces/"], rules: loaded.rules, sources: loaded.sources, options: options)
/// ```
package struct CheckOptions: Sendable {
    /// Skipped lines are warnings, not errors (`--allow-skipped-lines`).
    package var allowSkippedLines = false
    /// The callbacks recorded by launches whose record does not list them (`--records`); nil: every callback.
    package var records: CallbackSet?
    /// The name standard input (`-`) goes by in findings and diagnostics (`--stdin-name`); nil: `-`.
    package var standardInputName: String?
    /// The name each trace file (a key, as given or found in a directory) goes by (`--names`).
    package var names: [String: String] = [:]
    /// Whether the report keeps every launch's events, for the HTML report (a second pass over the inputs).
    package var timelines = false
    /// The shape to read inputs as (`--from`); nil: each file's content decides, standard input is a trace.
    package var shape: TraceShape?
    /// The decoders' options for inputs that are not Lifeline traces (`--pattern`, `--subsystem`, ...).
    package var interchange = InterchangeOptions()
    /// How many inputs are checked at once; nil: one per core (``CheckRun/defaultJobs``).
    package var jobs: Int?

    package init() {}
}
