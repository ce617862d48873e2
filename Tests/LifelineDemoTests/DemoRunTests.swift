import Foundation
import LifelineRules
import LifelineStore
import LifelineTerminal
import LifelineTestSupport
import Testing

@testable import LifelineDemo

@Suite("Demo run")
struct DemoRunTests {
    @Test("the demo's scripts and query are the repository's, so its traces are the sample traces")
    func builtInCopiesMatchFiles() throws {
        for (name, script) in DemoScenarios.all {
            let file = try String(
                contentsOf: repositoryRoot.appendingPathComponent("traces/scenarios/\(name).scenario"), encoding: .utf8)
            #expect(script + "\n" == file, "DemoScenarios.\(name) differs from traces/scenarios/\(name).scenario")
        }
        let query = try String(
            contentsOf: repositoryRoot.appendingPathComponent("queries/\(DemoQuery.name).sql"), encoding: .utf8)
        #expect(DemoQuery.sql + "\n" == query)
    }

    @Test("simulates, imports and queries; a second run imports nothing new and prints the same result")
    func runTwice() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let demo = DemoRun(
            traceDirectory: directory.appendingPathComponent(DemoRun.defaultTraceDirectory).path,
            databasePath: directory.appendingPathComponent("lifeline.db").path)
        var first = ""
        let report = try demo.run { first += $0 }
        #expect(report.traces.count == DemoScenarios.all.count)
        #expect(report.traces.contains { $0.path.hasSuffix("bug-wrong-order.ndjson") && $0.launches == 2 })
        for (name, _) in DemoScenarios.all {
            let written = try Data(contentsOf: directory.appendingPathComponent("demo-traces/\(name).ndjson"))
            let sample = try Data(contentsOf: repositoryRoot.appendingPathComponent("traces/\(name).ndjson"))
            #expect(written == sample, "demo-traces/\(name).ndjson equals traces/\(name).ndjson")
        }
        #expect(report.imported.files.allSatisfy { $0.outcome == .imported })
        #expect(report.imported.launches == report.traces.reduce(0) { $0 + $1.launches })
        #expect(report.table.columns.last == "time_to_active_ms")
        #expect(report.table.rows.count == 13)  // 15 launches; two background push launches never became active
        #expect(first.contains("3. Check the rules (built-in catalogs uikit-scene, uikit-app and swiftui, plus ./rules/*.rules)"))
        #expect(first.contains("5. Query: queries/time-to-active.sql"))
        // Every launch has its kind and ending, and the scenarios show each kind a simulation makes.
        #expect(report.launches.count == 15)
        let kinds = report.launches.compactMap { $0.anatomy?.kind }
        #expect(kinds.count == 15)
        #expect(Set(kinds) == [.cold, .warm, .prewarmed, .background])
        #expect(Set(report.launches.compactMap { $0.anatomy?.ending }) == [.unknown, .swipeKilled, .background])
        #expect(first.contains("4. Launches: how each began"))
        #expect(first.contains("   prewarm.ndjson:1               prewarmed   160.6 ms   178.1 ms     350.6 ms   scene connection"))
        // The slow-launch scenario's first launch is slow, and says why.
        #expect(
            first.contains(
                "slow, slow-launch.ndjson:1: 1.07 s to the first frame, over Apple's 400 ms target for the first frame: didFinishLaunching took 929.0 ms (86%), 900.0 ms of it in db.migrate"
            ))
        #expect(report.launches.filter { $0.anatomy?.slowReason != nil }.count == 1)
        #expect(
            first.contains("prewarmed: iOS prewarmed the process (ActivePrewarm=1); the user opened it 45 min after it finished launching"))
        // The check finds the bugs of the buggy scenarios, each located in its demo trace.
        let errors = report.findings.filter { $0.status == .violated && $0.severity == .error }
        #expect(
            errors.contains { $0.ruleID == "scene.connect-after-launch" && $0.primary?.file.hasSuffix("bug-wrong-order.ndjson") == true })
        #expect(errors.allSatisfy { $0.primary?.file.contains("/bug-") == true })
        // Only the bug-* scenarios are called buggy: they raise errors or warnings, every one of them, and the
        // good ones raise info findings at most (a swipe-kill disconnects a scene from the foreground), but
        // slow-launch, whose first launch misses Apple's 400 ms target for the first frame: a warning.
        let problems = report.findings.filter { $0.severity >= .warning }
        for (name, _) in DemoScenarios.all {
            let raised = problems.filter { $0.primary?.file.hasSuffix("/\(name).ndjson") == true }
            if name == "slow-launch" {
                #expect(raised.map(\.ruleID) == ["scene.first-frame-within-400ms"], "\(raised.map(\.headline))")
                #expect(raised.map(\.severity) == [.warning])
                continue
            }
            #expect(raised.isEmpty != name.hasPrefix("bug-"), "\(name): \(raised.map(\.headline))")
        }
        #expect(report.findings.contains { $0.ruleID == "scene.background-before-disconnect" && $0.severity == .info })
        #expect(!first.contains("info["), "the demo prints the problems; the summary line counts info findings")
        #expect(first.contains("error[scene.connect-after-launch]"))
        #expect(first.hasSuffix("Next: lifeline repl \(demo.databasePath)\n"))

        var second = ""
        let again = try demo.run { second += $0 }
        #expect(again.imported.files.allSatisfy { $0.outcome == .unchanged })
        #expect(again.table == report.table)
        #expect(second.contains("traces imported by an earlier run add nothing"))
        let withoutImportLines = { (text: String) in
            text.split(separator: "\n").filter { !$0.contains("imported") && !$0.contains("earlier run") }
        }
        #expect(withoutImportLines(first) == withoutImportLines(second))
    }

    @Test("a table aligns text left and numbers right, renders NULL empty and trims trailing spaces")
    func table() {
        let table = TextTable(columns: ["launch", "file", "ms"], rows: [["1", "a.ndjson", "12.5"], ["10", "bb.ndjson", nil]])
        #expect(
            table.rendered == """
                launch  file         ms
                ------  ---------  ----
                     1  a.ndjson   12.5
                    10  bb.ndjson

                """)
    }

    @Test("a saved query without a '-- description' first line is refused")
    func savedQueryNeedsDescription() throws {
        #expect(throws: StoreError.self) { try SavedQuery(name: "x", sql: "SELECT 1;") }
        #expect(try SavedQuery(name: "x", sql: "-- One.\nSELECT 1;").description == "One.")
    }
}
