import Foundation
import LifelineFormat
import LifelineTestSupport
import Testing

@_spi(Reference) @testable import LifelineRules

/// Trace + rules → expected findings and verdicts, one case per file triple in `Golden/`.
///
/// A difference fails and leaves the new output for `update-goldens` (``Golden``).
@Suite("Golden verdicts")
struct GoldenTests {
    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Golden")

    static var cases: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".rules") }.map { String($0.dropLast(6)) }.sorted()
    }

    /// The checker's findings and per-rule tallies, as a person reads them.
    static func render(_ name: String) throws -> String {
        let rules = try RuleSet(contentsOf: directory.appendingPathComponent("\(name).rules").path)
        return try render(name, rules: rules, in: directory)
    }

    /// `name.ndjson` in `directory` checked against `rules`: its input problems, findings, verdicts
    /// and summary.
    static func render(_ name: String, rules: RuleSet, in directory: URL) throws -> String {
        var findings: [Finding] = []
        var instances: [InstanceResult] = []
        let checker = RuleChecker(rules: rules, onFinding: { findings.append($0) }, onInstance: { instances.append($0) })
        let checked = try checker.check(
            file: directory.appendingPathComponent("\(name).ndjson").path, label: "\(name).ndjson")
        let summary = checker.finish()
        var text = checked.skipped.map { $0.in(file: "\(name).ndjson").description }
        text += findings.map(\.explained)
        text.append("verdicts:")
        text += instances.map { "  \($0.ruleID) \($0.slice): \($0.verdict.rawValue)" }
        text.append(
            "summary: \(summary.events) events, \(summary.launches) launches, \(summary.violations) violations, \(summary.pendings) pending"
        )
        return text.joined(separator: "\n") + "\n"
    }

    @Test func thereAreGoldenCases() { #expect(Self.cases.count >= 4) }

    @Test(arguments: cases)
    func checkerOutputMatchesGoldenFile(_ name: String) throws {
        let mismatch = Golden.compare(try Self.render(name), with: "Tests/LifelineRulesTests/Golden/\(name).expected")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test(arguments: cases)
    func referenceEvaluatorAgreesOnGoldenCases(_ name: String) throws {
        let rules = try RuleSet(contentsOf: Self.directory.appendingPathComponent("\(name).rules").path)
        let file = try TraceFile(contentsOf: Self.directory.appendingPathComponent("\(name).ndjson").path)
        var launches: [ReferenceEvaluator.Launch] = []
        for line in file.lines {
            switch line.record {
            case .launch(let record):
                launches.append(.init(record: record, trace: "\(name).ndjson", file: "\(name).ndjson", line: line.number, events: []))
            case .event(let event):
                launches[launches.count - 1].events.append((event, line.number))
            }
        }
        var streamed: [ReferenceFinding] = []
        let checker = RuleChecker(rules: rules, onFinding: { streamed.append(ReferenceFinding($0)) })
        try checker.check(file: Self.directory.appendingPathComponent("\(name).ndjson").path, label: "\(name).ndjson")
        _ = checker.finish()
        #expect(streamed.sorted() == ReferenceEvaluator.evaluate(rules, launches: launches).findings.sorted())
    }
}
