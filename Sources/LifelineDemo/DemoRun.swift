import Foundation
import LifelineCheck
import LifelineFormat
import LifelineReports
import LifelineRules
import LifelineSimulator
import LifelineStore
import LifelineTerminal

/// `lifeline demo`: the whole product on built-in data, in seconds.
///
/// 1. Simulates ``DemoScenarios`` (some with known bugs) with the UIKit model,
///    whose sample app records with the real recorder, into ``traceDirectory``.
/// 2. Imports them into ``databasePath`` with ``TraceImporter``. The traces are
///    deterministic, so running the demo again finds them already imported and
///    adds nothing; the database is never deleted (it may hold the user's own
///    imports), and a changed trace replaces its old rows.
/// 3. Checks the database against the built-in catalogs and ./rules/*.rules and
///    prints the errors and warnings found in the demo traces with their witnesses:
///    the `bug-*` scenarios have them, the others raise info findings at most.
/// 4. Prints one saved query's result (`queries/time-to-active.sql`).
/// 5. Ends with the next command to try.
///
/// ```swift
/// let report = try DemoRun().run { print($0, terminator: "") }
/// ```
package struct DemoRun: Sendable {
    /// Where the demo writes its traces unless told: `demo-traces/`, beside `traces/`, not in it.
    ///
    /// `traces/` holds the repository's sample traces, and the demo's are copies of some of them
    /// (same scripts, same seed). Written inside it, as `traces/demo/` once was, every copy was
    /// found a second time by `lifeline check traces/` and `lifeline report traces/`, which counted
    /// each demo launch twice, while `lifeline repl traces/` (whose import skips a file with the
    /// same content as one already imported) counted it once. The directory is git-ignored: it is
    /// output, made again by every run.
    package static let defaultTraceDirectory = "demo-traces"

    package var traceDirectory: String
    package var databasePath: String
    package var seed: UInt64
    /// How the "Next:" line spells the command: `lifeline`, or its path when it is not on `PATH`
    /// (after `swift run`), so the line works pasted as printed.
    package var command: String

    package init(
        traceDirectory: String = DemoRun.defaultTraceDirectory, databasePath: String = TraceStore.defaultPath, seed: UInt64 = 1,
        command: String = "lifeline"
    ) {
        self.traceDirectory = traceDirectory
        self.databasePath = databasePath
        self.seed = seed
        self.command = command
    }

    /// Runs every step, writing the narration to `output` (text with its own newlines).
    ///
    /// - Throws: ``SimulatorError``, ``ScenarioError`` or `StoreError` when a step fails.
    package func run(output: (String) -> Void) throws -> DemoReport {
        var report = DemoReport()
        let directory = traceDirectory.hasSuffix("/") ? String(traceDirectory.dropLast()) : traceDirectory
        output("Lifeline demo: a model of UIKit's life cycle drives a sample app whose delegates record\n")
        output("with the real recorder; the traces go into SQLite and are queried.\n\n")

        output("1. Simulate (scripts: traces/scenarios/, language: docs/scenarios.md)\n")
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw SimulatorError(path: directory, message: "cannot create the directory: \(error.localizedDescription)")
        }
        let simulator = Simulator(seed: seed)
        let width = DemoScenarios.all.map(\.name.count).max() ?? 0
        for (name, script) in DemoScenarios.all {
            let scenario = try Scenario(parsing: script, file: "traces/scenarios/\(name).scenario")
            let path = "\(directory)/\(name).ndjson"
            let summary = try simulator.run(scenario, writingTo: path)
            report.traces.append(summary)
            let padding = String(repeating: " ", count: width - name.count)
            output("   \(name)\(padding)  \(Self.counts(summary))  \(Self.abbreviate(script))\n")
        }
        output("   wrote \(report.traces.count) traces to \(directory)/ (seed \(seed))\n\n")

        output("2. Import into \(databasePath)\n")
        let store = try TraceStore(path: databasePath)
        var diagnostics: [Diagnostic] = []
        report.imported = TraceImporter(store: store).importPaths(report.traces.map(\.path)) { diagnostics.append($0) }
        for diagnostic in diagnostics { output("   \(diagnostic)\n") }
        for file in report.imported.files {
            if case .failed(let diagnostic) = file.outcome { throw CheckRunError(.inputErrors, diagnostic) }
        }
        output("   \(ImportReport.summaryLine(report.imported))\n")
        if report.imported.files.contains(where: { $0.outcome == .unchanged }) {
            output("   (the simulation is deterministic: traces imported by an earlier run add nothing)\n")
        }
        output("\n")

        let catalogs = BuiltinCatalog.allCases.map(\.rawValue)
        output(
            "3. Check the rules (built-in catalogs \(catalogs.dropLast().joined(separator: ", ")) and \(catalogs.last ?? ""), plus ./rules/*.rules)\n"
        )
        let rules = try CheckRun.load([])
        let check = CheckRun.check([databasePath], rules: rules.rules, sources: rules.sources)
        if !check.errors.isEmpty {
            throw CheckRunError(.inputErrors, diagnostics: check.errors)
        }
        report.findings = check.findings
        // The problems: errors and warnings. Info findings say what UIKit did (a swipe-kill disconnects a
        // scene from the foreground) in good scenarios too; the summary line counts them.
        let shown = check.violations.filter { finding in
            finding.severity >= .warning && finding.witnesses.contains { $0.file.hasPrefix(directory + "/") }
        }
        for finding in shown.sorted(by: { ($0.severity, $0.primary?.location ?? "") > ($1.severity, $1.primary?.location ?? "") })
            .prefix(8)
        {
            for line in finding.explained.split(separator: "\n") { output("   \(line)\n") }
            output("\n")
        }
        if shown.count > 8 { output("   … and \(shown.count - 8) more (lifeline check \(databasePath))\n") }
        output("   \(check.summaryLine)\n")
        // A legal scenario may still be slow: Apple's 400 ms target is a warning of its own.
        let slow = shown.filter { $0.ruleID.hasSuffix(".first-frame-within-400ms") }.count
        let budget =
            slow == 0
            ? ""
            : "; \(slow == 1 ? "a launch" : "\(slow) launches") over Apple's 400 ms target for the first frame: a warning (step 4 says where the time went)"
        output("   (stored in the violation table of \(databasePath); the bugs are in \(directory)/bug-*\(budget))\n\n")

        output(
            "4. Launches: how each began, how long to active, to the first frame and fully displayed, where the time went, how it ended (docs/launches.md)\n"
        )
        report.launches = check.launches
        let launches = Self.launchTable(check.launches, in: directory)
        for line in launches.rendered.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            output("   \(line)\n")
        }
        var explained: Set<String> = []
        for launch in check.launches {
            guard let anatomy = launch.anatomy, anatomy.kind != .cold, explained.insert(anatomy.kind.rawValue).inserted else { continue }
            output("   \(anatomy.kind.rawValue): \(anatomy.reason)\n")
        }
        for launch in check.launches {
            guard let anatomy = launch.anatomy, explained.insert("ending " + anatomy.ending.rawValue).inserted else { continue }
            output("   ended \(anatomy.ending.rawValue): \(anatomy.endingReason)\n")
        }
        for launch in check.launches {
            guard let slow = launch.anatomy?.slowReason else { continue }
            output("   slow, \(Self.place(of: launch, in: directory)): \(slow)\n")
        }
        for launch in check.launches {
            guard let resumes = launch.anatomy?.resumeSummary else { continue }
            output("   resumed, \(Self.place(of: launch, in: directory)): \(resumes)\n")
        }
        output("\n")

        let query = try SavedQuery(name: DemoQuery.name, sql: DemoQuery.sql)
        output("5. Query: queries/\(query.name).sql\n")
        output("   -- \(query.description)\n\n")
        report.table = try query.run(in: store)
        for line in report.table.rendered.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            output("   \(line)\n")
        }
        output("\nNext: \(command) repl \(databasePath)\n")
        if command != "lifeline" {
            output("(lifeline is not on PATH: README.md, \"Install\", puts it there)\n")
        }
        return report
    }

    /// One row per launch: its trace (named within `directory`, where step 1 wrote them) and record line, kind, times to active, to the
    /// first frame and to full display, slowest phase and ending.
    static func launchTable(_ launches: [CheckedLaunch], in directory: String) -> TextTable {
        TextTable(
            columns: ["launch", "kind", "to active", "first frame", "displayed", "slowest phase", "took", "ending"],
            rows: launches.map { launch in
                let anatomy = launch.anatomy
                let slowest = anatomy?.slowestPhase
                return [
                    place(of: launch, in: directory), anatomy?.kind.rawValue,
                    anatomy?.timeToActive.map(LaunchAnatomy.Builder.duration),
                    anatomy?.timeToFirstFrame.map(LaunchAnatomy.Builder.duration),
                    anatomy?.timeToFullyDisplayed.map(LaunchAnatomy.Builder.duration), slowest?.name,
                    slowest.map { LaunchAnatomy.Builder.duration($0.duration) }, anatomy?.ending.rawValue,
                ]
            })
    }

    /// Where a launch starts, named within `directory` (where step 1 wrote the traces): `file:line`.
    private static func place(of launch: CheckedLaunch, in directory: String) -> String {
        let file = launch.file.hasPrefix(directory + "/") ? String(launch.file.dropFirst(directory.count + 1)) : launch.file
        return launch.line.map { "\(file):\($0)" } ?? file
    }

    /// The script's commands as written, on one line, cut to fit a terminal.
    private static func abbreviate(_ script: String) -> String {
        let commands = script.split(separator: "\n")
            .map { $0.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: "; ")
        return commands.count <= 60 ? commands : commands.prefix(59) + "…"
    }

    private static func counts(_ summary: SimulationSummary) -> String {
        let launches = "\(summary.launches) \(summary.launches == 1 ? "launch, " : "launches,")"
        let events = String(summary.events)
        return launches + String(repeating: " ", count: max(0, 4 - events.count)) + events + " events"
    }
}
