import LifelineFormat
import LifelineReports
import LifelineRules

/// The live check of a log (console text, a unified log): what ``LiveCheck`` does with its lines.
///
/// A log's launch is only known whole when it closes: which callbacks it records is inferred from
/// what it shows, and its life cycle from its scene callbacks (docs/interchange.md). `check` (of
/// the imported log) judges each launch with that final record, so this does too: each closed
/// launch goes to the report's checker with its final record, and the report equals `check`'s.
///
/// To print findings before the launch closes, a second checker runs the open launch as its events
/// arrive, with the rules whose judgement cannot change with what the rest of the launch shows:
/// rules of one launch (not `per trace` or `across launches`) that are patterns (a state machine
/// follows recorded callbacks through unrecorded ones, so its run depends on the final `records`)
/// — every such rule when `--records` declares the callbacks. Its violation of a rule is printed
/// when the launch has shown every callback the rule needs (then the launch records them, and the
/// rule is judged) and, for a rule whose `when` tests the life cycle, once a scene callback has
/// settled it; until then it is held, and dropped if the launch closes without (the rule is then
/// not applicable, and the report says so). When the launch closes, the report's checker proves
/// the same violations again; those already printed are not printed twice.
final class LiveLogCheck {
    private let shape: TraceShape
    private let label: String
    private let declared: CallbackSet?
    /// The rules the open launch is checked by as it goes.
    private let earlyRules: RuleSet
    private let checker: RuleChecker
    private var decoder: InterchangeLineDecoder
    private let print: (Finding) -> Void
    /// Findings printed early, not yet proven by the report's checker (a count per finding).
    private var printedEarly: [Finding: Int] = [:]
    private var open: OpenLaunch?
    private(set) var launches = 0
    /// Closed launches taken to record callbacks they do not show, for the report.
    private(set) var assumed: [AssumedRecords] = []
    private var lineCount = 0

    /// The open launch's early check.
    private struct OpenLaunch {
        var line: Int
        var checked = 0
        var callbacks = Set<Callback>()
        var lifecycle: Lifecycle?
        /// The strongest evidence of its life cycle so far (only a scene callback's cannot change).
        var evidence = LaunchInference.Evidence.none
        /// Whether the launch has shown no launch callback yet, so is an excerpt so far.
        var excerpt = true
        var checker: RuleChecker
        var held: [Finding] = []
        var printed: Set<Finding> = []
    }

    init(
        shape: TraceShape, options: InterchangeOptions, label: String, rules: RuleSet, declared: CallbackSet?, checker: RuleChecker,
        print: @escaping (Finding) -> Void
    ) {
        self.shape = shape
        self.label = label
        self.declared = declared
        self.checker = checker
        self.print = print
        decoder = InterchangeLineDecoder(shape: shape, options: options)
        earlyRules = RuleSet(
            rules.rules.filter { rule in
                guard !rule.slicing.spansLaunches else { return false }
                if declared != nil { return true }
                if case .pattern = rule.body { return true }
                return false
            })
    }

    /// A finding of the report's checker: printed unless it was printed early.
    func proven(_ finding: Finding) {
        guard finding.status == .violated else { return }
        if let count = printedEarly[finding] {
            printedEarly[finding] = count > 1 ? count - 1 : nil
            return
        }
        print(finding)
    }

    /// Reads one line; returns the located problems it has.
    func line(_ bytes: ArraySlice<UInt8>, number: Int) -> [Diagnostic] {
        lineCount = number
        decoder.add(bytes, number: number)
        closeLaunches()
        advance()
        return decoder.takeDiagnostics()
    }

    /// Ends the input: the last launch closes and goes to the report's checker.
    func finish() -> [Diagnostic] {
        let rest = decoder.finish(lineCount: lineCount)
        open = nil
        for launch in rest.launches { judge(launch) }
        return decoder.takeDiagnostics()
    }

    private func closeLaunches() {
        for launch in decoder.takeClosed() {
            if open?.line == launch.line { open = nil }
            judge(launch)
        }
    }

    /// Checks a closed launch with its final record, as `check` checks the imported log.
    private func judge(_ launch: InterchangeLaunch) {
        launches += 1
        checker.check(launch, declaring: declared, shape: shape, label: label)
        if let assumption = launch.recordsAssumption(declaring: declared, shape: shape) {
            assumed.append(AssumedRecords(file: label, line: launch.line, assumption: assumption))
        }
    }

    /// Runs the open launch's new events through the early check.
    private func advance() {
        guard !earlyRules.rules.isEmpty, let current = decoder.current else { return }
        if open?.line != current.line { open = start(current, lifecycle: nil, excerpt: true) }
        guard var launch = open else { return }
        var learned = false
        var evidence = launch.evidence
        var excerpt = launch.excerpt
        for event in current.events[launch.checked...] {
            if let callback = event.event.callback, launch.callbacks.insert(callback).inserted { learned = true }
            if event.event.callback == .willFinishLaunching || event.event.callback == .didFinishLaunching { excerpt = false }
            evidence = max(evidence, LaunchInference.evidence(of: event))
        }
        let lifecycle = evidence.lifecycle
        if lifecycle != launch.lifecycle || excerpt != launch.excerpt {
            // The life cycle the rules' `when` sees changed, or a launch callback showed that the log
            // covers the launch's start (not an excerpt, as the closed launch's record will say): check
            // the launch again from its start. What was printed stays printed (its rule does not test
            // the life cycle, or it was settled; what an excerpt proves, the whole launch proves too);
            // what was held was judged under the old record and is judged again.
            var restarted = start(current, lifecycle: lifecycle, excerpt: excerpt)
            restarted.printed = launch.printed
            restarted.callbacks = launch.callbacks
            launch = restarted
            learned = true
        }
        // Stronger evidence may settle what was held.
        if evidence != launch.evidence { learned = true }
        launch.evidence = evidence
        let from = launch.checked
        launch.checked = current.events.count
        open = launch
        for index in from..<current.events.count {
            launch.checker.check(current.events[index], line: current.lines[index])
        }
        if learned { release() }
    }

    /// A new early check of `launch` as far as it is known: an excerpt until it shows a launch callback.
    private func start(_ launch: InterchangeLaunch, lifecycle: Lifecycle?, excerpt: Bool) -> OpenLaunch {
        let line = launch.line
        let early = RuleChecker(rules: earlyRules, onFinding: { [weak self] finding in self?.early(finding, launch: line) })
        early.assumedRecords = declared
        var record = launch.record
        record.lifecycle = lifecycle
        record.records = declared
        record.excerpt = excerpt ? true : nil
        early.beginLaunch(record, trace: label, file: label, line: line)
        return OpenLaunch(line: line, lifecycle: lifecycle, excerpt: excerpt, checker: early)
    }

    /// A violation the early check proved: printed if it cannot change, else held.
    private func early(_ finding: Finding, launch: Int) {
        guard finding.status == .violated, open?.line == launch else { return }
        if open?.printed.contains(finding) ?? false { return }
        if settled(finding) {
            publish(finding)
        } else if !(open?.held.contains(finding) ?? false) {
            open?.held.append(finding)
        }
    }

    private func publish(_ finding: Finding) {
        open?.printed.insert(finding)
        printedEarly[finding, default: 0] += 1
        print(finding)
    }

    /// Prints the held findings that have become certain.
    private func release() {
        guard let held = open?.held, !held.isEmpty else { return }
        open?.held = []
        for finding in held {
            if settled(finding) { publish(finding) } else { open?.held.append(finding) }
        }
    }

    /// Whether the final record will let the finding's rule judge the launch as the early check did.
    private func settled(_ finding: Finding) -> Bool {
        guard let launch = open, let rule = earlyRules.rules.first(where: { $0.id == finding.ruleID }) else { return false }
        // Only a scene callback settles the life cycle: SwiftUI's events show a scene launch unless an
        // app-level callback comes later, and those show an app launch unless a scene callback does.
        if rule.conditions.contains(where: { $0.field == "lifecycle" }) && launch.evidence != .sceneCallback { return false }
        if declared != nil { return true }
        return rule.callbacks.subtracting(CallbackSet(launch.callbacks)).isEmpty
    }
}
