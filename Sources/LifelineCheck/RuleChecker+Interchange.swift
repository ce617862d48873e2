import LifelineFormat
import LifelineRules

// MARK: - Launches decoded from logs

extension RuleChecker {
    /// Checks a launch decoded from console text, a unified log or a Chrome trace as `check` checks
    /// it once imported: with its checked record (what `--records` declares, the launch's own list,
    /// or the callbacks a log shows; ``InterchangeLaunch/checkedRecord(declaring:shape:)``), each
    /// event located at the line of the input it came from.
    package func check(_ launch: InterchangeLaunch, declaring declared: CallbackSet?, shape: TraceShape, label: String) {
        beginLaunch(launch.checkedRecord(declaring: declared, shape: shape), trace: label, file: label, line: launch.line)
        for (event, line) in zip(launch.events, launch.lines) { check(event, line: line) }
    }
}
