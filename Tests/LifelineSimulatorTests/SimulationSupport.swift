import Foundation
import LifelineFormat
import LifelineSimulator
import LifelineTestSupport

/// The repository's root, found from this file's path (samples and scripts live there, not in a bundle).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A simulated trace, read back.
struct SimulatedTrace {
    var bytes: Data
    var file: TraceFile

    /// Simulates `script` with `seed` into a temporary file and reads it back.
    init(_ script: String, seed: UInt64 = 1) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("trace.ndjson").path
        _ = try Simulator(seed: seed).run(try Scenario(parsing: script, file: "test.scenario"), writingTo: path)
        bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        file = try TraceFile(contentsOf: path)
    }

    var launches: [LaunchRecord] {
        file.records.compactMap { if case .launch(let launch) = $0 { return launch } else { return nil } }
    }

    /// The UIKit callbacks, one per call (begin or instant), as `name session` with launches
    /// marked `--`: `["willFinishLaunching", "didFinishLaunching", "configurationForConnecting S1", ...]`.
    var calls: [String] {
        var calls: [String] = []
        for record in file.records {
            switch record {
            case .launch: calls.append("--")
            case .event(let event):
                guard let callback = event.event.callback, event.phase != .end else { continue }
                calls.append(["\(callback)", event.session].compactMap { $0 }.joined(separator: " "))
            }
        }
        return Array(calls.drop { $0 == "--" })
    }

    /// Events of one launch (1-based), in order.
    func events(ofLaunch number: Int) -> [EventRecord] {
        var launch = 0
        var events: [EventRecord] = []
        for record in file.records {
            switch record {
            case .launch: launch += 1
            case .event(let event) where launch == number: events.append(event)
            case .event: break
            }
        }
        return events
    }
}
