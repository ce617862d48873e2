import Foundation
import LifelineFormat
import LifelineSupport

/// Plays a ``Scenario`` against an executable model of UIKit's life cycle and
/// records what the sample app's delegates see, with the real recorder.
///
/// The model calls an app delegate and scene delegates written as an app
/// writes them (`NotesAppDelegate`, `NotesSceneDelegate`); they call
/// `LifelineRecorder`, which writes the trace. The simulator never writes a
/// trace line itself. Time is virtual and every duration is drawn from a
/// generator seeded with ``seed``, so a scenario and a seed always give the
/// same bytes.
///
/// ```swift
/// let scenario = try Scenario(parsing: "launch cold; home; wait 30s; return", file: "inline")
/// let summary = try Simulator(seed: 1).run(scenario, writingTo: "trace.ndjson")
/// print(summary.line)   // trace.ndjson: 1 launch, 22 events
/// ```
///
/// The call orders and their sources are in docs/scenarios.md.
package struct Simulator: Sendable {
    package var seed: UInt64

    package init(seed: UInt64 = 1) { self.seed = seed }

    /// Replaces the file at `path` with the trace of `scenario`: one launch record per simulated process.
    ///
    /// - Throws: ``ScenarioError`` for a step the model cannot perform (located at
    ///   the step), ``SimulatorError`` when the file cannot be written.
    package func run(_ scenario: Scenario, writingTo path: String) throws -> SimulationSummary {
        let file = URL(fileURLWithPath: path)
        let manager = FileManager.default
        if let kind = InputFile(path: file.path), kind != .regular {
            // Removing it to write a trace would delete a device node (`-o /dev/full` as root) or a FIFO.
            throw SimulatorError(path: path, message: "cannot replace the file: \(kind.refusal ?? "it is not a regular file")")
        }
        if manager.fileExists(atPath: file.path) {
            do {
                try manager.removeItem(at: file)
            } catch {
                throw SimulatorError(path: path, message: "cannot replace the file: \(error.localizedDescription)")
            }
        }
        let model = UIKitModel(scenario: scenario, file: file, seed: seed)
        do {
            try model.run()
        } catch {
            // A trace cut short where the script went wrong would look like a real one: leave none.
            try? manager.removeItem(at: file)
            throw error
        }
        let trace: TraceFile
        do {
            trace = try TraceFile(contentsOf: file.path)
        } catch {
            throw SimulatorError(path: path, message: "cannot read the trace back: \(error.description)")
        }
        return SimulationSummary(
            path: path, launches: trace.records.count - trace.events.count, events: trace.events.count)
    }
}
