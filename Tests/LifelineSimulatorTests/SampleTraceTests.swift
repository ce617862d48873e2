import Foundation
import LifelineFormat
import LifelineSimulator
import LifelineTestSupport
import Testing

/// `traces/*.ndjson` are fixtures for tests and the demo: each is its script in
/// `traces/scenarios/` simulated with seed 1, and must not drift from it.
@Suite("Sample traces")
struct SampleTraceTests {
    static let scenarios = repositoryRoot.appendingPathComponent("traces/scenarios")
    static let names: [String] =
        (try? FileManager.default.contentsOfDirectory(atPath: scenarios.path))?
        .filter { $0.hasSuffix(".scenario") }.map { String($0.dropLast(".scenario".count)) }.sorted() ?? []
    /// Samples written by hand rather than simulated: what an app that logs some callbacks itself
    /// gives (no script can produce a trace that leaves callbacks out).
    static let handWritten = ["partial-device-log"]

    @Test("each sample trace is its script simulated with seed 1, byte for byte", arguments: names)
    func sampleMatchesScript(_ name: String) throws {
        let script = try String(contentsOf: Self.scenarios.appendingPathComponent("\(name).scenario"), encoding: .utf8)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fresh = directory.appendingPathComponent("\(name).ndjson")
        _ = try Simulator(seed: 1).run(
            try Scenario(parsing: script, file: "traces/scenarios/\(name).scenario"), writingTo: fresh.path)
        let mismatch = Golden.compare(try Data(contentsOf: fresh), with: "traces/\(name).ndjson")
        #expect(
            mismatch == nil,
            """
            traces/\(name).ndjson drifted from traces/scenarios/\(name).scenario: \(mismatch ?? "")
            (or regenerate this one with: swift run lifeline simulate traces/scenarios/\(name).scenario --seed 1 -o traces/\(name).ndjson)
            """)
    }

    @Test("there are a dozen samples, each with a script and a row in traces/README.md, and valid")
    func everySampleIsListed() throws {
        #expect(Self.names.count >= 12)
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("traces/README.md"), encoding: .utf8)
        let traces = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("traces").path)
            .filter { $0.hasSuffix(".ndjson") }.map { String($0.dropLast(".ndjson".count)) }.sorted()
        #expect(traces == (Self.names + Self.handWritten).sorted(), "every trace has a script and every script a trace")
        for name in Self.names + Self.handWritten {
            #expect(readme.contains("[`\(name).ndjson`](\(name).ndjson)"), "traces/README.md lists \(name).ndjson")
            let report = try TraceValidator.validate(path: repositoryRoot.appendingPathComponent("traces/\(name).ndjson").path)
            #expect(report.errorCount == 0 && report.warningCount == 0, "\(name): \(report.diagnostics)")
        }
    }
}
