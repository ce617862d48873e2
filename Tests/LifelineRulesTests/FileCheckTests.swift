import Foundation
import LifelineFormat
import Testing

@_spi(Reference) @testable import LifelineRules

/// `check(file:)` resolves names, sessions and scenes from the line's bytes and
/// builds records only for conditions; it must find exactly what checking the
/// same records in memory finds, and `checkReadingAhead(file:)`, which reads and
/// scans on a second thread, exactly what `check(file:)` finds.
@Suite("Checking a file agrees with checking its records")
struct FileCheckTests {
    static let tracesPerPattern = 300

    @Test(arguments: DifferentialTests.patterns)
    func fileCheckAgreesWithRecordCheck(pattern: String) throws {
        let slicings = DifferentialTests.slicings(for: pattern)
        let ruleSets = try slicings.map { try DifferentialTests.rules(for: pattern, slicing: $0) }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("lifeline-file-check-\(getpid())-\(abs(pattern.hashValue)).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var seed: UInt64 = 0xF11E
        for byte in pattern.utf8 { seed = seed &* 31 &+ UInt64(byte) }
        for index in 0..<Self.tracesPerPattern {
            let launches = RandomTraces.launches(seed: seed &+ UInt64(index), spreadOverFiles: false)
            let rules = ruleSets[index % ruleSets.count]
            var bytes: [UInt8] = []
            for launch in launches {
                TraceEncoder.append(launch.record, to: &bytes)
                for (event, _) in launch.events { TraceEncoder.append(event, to: &bytes) }
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))

            let (memoryFindings, memoryInstances) = RandomTraces.stream(rules, launches)
            var fileFindings: [ReferenceFinding] = []
            var fileInstances: [InstanceResult] = []
            let checker = RuleChecker(
                rules: rules, onFinding: { fileFindings.append(ReferenceFinding($0)) },
                onInstance: { fileInstances.append($0) })
            let checked = try checker.check(file: path, label: "trace.ndjson")
            _ = checker.finish()
            #expect(checked.skipped.isEmpty)
            // Read and scanned on a second thread, in batches of a few lines: the same, in the same order.
            var aheadFindings: [ReferenceFinding] = []
            var aheadInstances: [InstanceResult] = []
            let ahead = RuleChecker(
                rules: rules, onFinding: { aheadFindings.append(ReferenceFinding($0)) },
                onInstance: { aheadInstances.append($0) })
            let checkedAhead = try ahead.checkReadingAhead(file: path, label: "trace.ndjson", linesPerBatch: index % 7 + 1)
            _ = ahead.finish()
            #expect(checkedAhead == checked)
            if aheadFindings != fileFindings || aheadInstances != fileInstances {
                Issue.record("reading ahead and reading in turn disagree on '\(pattern)', trace \(index)")
                return
            }
            let verdicts = { (instances: [InstanceResult]) in
                instances.map { "\($0.ruleID) \($0.slice) \($0.verdict)" }.sorted()
            }
            if fileFindings.sorted() != memoryFindings.sorted() || verdicts(fileInstances) != verdicts(memoryInstances) {
                Issue.record(
                    """
                    file and records disagree on '\(pattern)', trace \(index):
                    file: \(fileFindings.sorted().map(\.description).joined(separator: "\n  "))
                    records: \(memoryFindings.sorted().map(\.description).joined(separator: "\n  "))
                    \(RandomTraces.render(launches))
                    """)
                return
            }
        }
    }
}
