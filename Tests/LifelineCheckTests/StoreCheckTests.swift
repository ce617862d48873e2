import Foundation
import LifelineCheck
import LifelineFormat
import LifelineRules
import LifelineStore
import LifelineSupport
import Testing

/// Checking a database from its rows of string ids (`TraceStore.forEachRow`, `RuleChecker.check(_:line:ids:…)`)
/// resolves each id once and builds records only for conditions: it must find exactly what checking
/// the records the store reads back finds, in the same order, with the same verdicts and counts.
@Suite("Checking a database by string ids agrees with checking its records")
struct StoreCheckTests {
    static let databases = 60

    /// Rules over what the random traces hold: every slicing, sessions across launches, conditions
    /// on attributes, thread, session and phase, discarded sessions, app events and durations.
    static let rulesText = """
        rule ids.saved per session across launches: after sceneDidDisconnect: never willConnectTo
        rule ids.connect per scene: willConnectTo precedes sceneDidBecomeActive
        rule ids.background per session: sceneDidEnterBackground leads to sceneWillEnterForeground
        rule ids.big-write per launch: never db.write[bytes >= 512, thread = main]
        rule ids.worker per launch: never db.write[thread != main, phase = end]
        rule ids.named per launch: at most 2 db.open[session]
        rule ids.upload per session: sync.upload within 500ms after sceneDidEnterBackground
        rule ids.slow per scene: sceneDidEnterBackground lasts at most 300ms
        rule ids.first per launch: didFinishLaunching precedes db.open
        rule ids.gone per session across launches: after didDiscardSceneSessions: never sceneDidBecomeActive
        rule ids.trace per trace: eventually state.save
        rule ids.launch per launch: between lifeline.launch and didFinishLaunching: never ui.setup[role = "key"]
        """

    static let sessionCallbacks = [
        "willConnectTo", "sceneWillEnterForeground", "sceneDidBecomeActive", "sceneWillResignActive",
        "sceneDidEnterBackground", "sceneDidDisconnect",
    ]
    static let otherEvents = [
        "didFinishLaunching", "applicationDidBecomeActive", "didDiscardSceneSessions", "db.open", "db.write", "sync.upload",
        "state.save", "ui.setup",
    ]

    /// One trace file of one to three launches; sessions recur across launches, some events carry
    /// attributes, threads and phases, and discards name their sessions in `attrs.sessions`.
    static func trace(seed: UInt64, file: Int) -> String {
        var random = SplitMix64(seed: seed)
        var lines: [String] = []
        for launch in 1...Int(random.next() % 3 + 1) {
            let lifecycle = random.next() % 5 == 0 ? "app" : "scene"
            lines.append(#"{"lifeline":1,"type":"launch","launch":"F\#(file)L\#(launch)","lifecycle":"\#(lifecycle)"}"#)
            var t: Int64 = 0
            for seq in 1...Int(random.next() % 60 + 1) {
                t += Int64(random.next() % 200_000_000)
                let names = sessionCallbacks + otherEvents
                let name = names[Int(random.next() % UInt64(names.count))]
                let phase = ["begin", "end", "instant", "instant"][Int(random.next() % 4)]
                var fields = [#""seq":\#(seq)"#, #""t":\#(t)"#, #""event":"\#(name)""#, #""phase":"\#(phase)""#]
                var attrs: [String] = []
                if name == "didDiscardSceneSessions" {
                    let discarded = (1...4).filter { _ in random.next() % 2 == 0 }.map { #""S\#($0)""# }
                    attrs.append(#""sessions":[\#(discarded.joined(separator: ","))]"#)
                } else if sessionCallbacks.contains(name) || random.next() % 3 == 0 {
                    let session = random.next() % 4 + 1
                    fields.append(#""session":"S\#(session)""#)
                    fields.append(#""scene":"0x\#(session)\#(random.next() % 2)""#)
                }
                if random.next() % 3 == 0 { fields.append(#""thread":"\#(random.next() % 2 == 0 ? "main" : "worker")""#) }
                if random.next() % 3 == 0 { attrs.append(#""bytes":\#(random.next() % 1024)"#) }
                if random.next() % 4 == 0 { attrs.append(#""role":"\#(random.next() % 2 == 0 ? "key" : "aux")""#) }
                if !attrs.isEmpty { fields.append(#""attrs":{\#(attrs.joined(separator: ","))}"#) }
                lines.append("{" + fields.joined(separator: ",") + "}")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a checker reports: findings and instance verdicts in order, and the summary.
    struct Outcome: Equatable {
        var findings: [Finding] = []
        var instances: [InstanceResult] = []
        var summary: CheckSummary?
    }

    @Test("findings, verdicts and counts from string ids equal those from records on random databases")
    func idsAgreeWithRecords() throws {
        var rules = try RuleSet(parsing: Self.rulesText, file: "ids.rules")
        try rules.merge(try CheckRun.loadRules([], rulesDirectory: nil))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-store-check-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var compared = 0
        for index in 0..<Self.databases {
            let database = directory.appendingPathComponent("\(index).db").path
            let store = try TraceStore(path: database)
            var paths: [String] = []
            for file in 0..<(index % 2 + 1) {
                let path = directory.appendingPathComponent("\(index)-\(file).ndjson").path
                try Self.trace(seed: UInt64(index * 7 + file), file: file).write(toFile: path, atomically: true, encoding: .utf8)
                paths.append(path)
            }
            _ = TraceImporter(store: store).importPaths(paths)

            var byRecords = Outcome()
            let recordChecker = RuleChecker(
                rules: rules, onFinding: { byRecords.findings.append($0) }, onInstance: { byRecords.instances.append($0) })
            try store.forEachRecord { record in
                switch record {
                case .launch(let launch, let file, let line): recordChecker.beginLaunch(launch, trace: file, file: file, line: line)
                case .event(let event, let line): recordChecker.check(event, line: line)
                }
            }
            byRecords.summary = recordChecker.finish()

            var byIDs = Outcome()
            let idChecker = RuleChecker(
                rules: rules, onFinding: { byIDs.findings.append($0) }, onInstance: { byIDs.instances.append($0) })
            // The path `lifeline check lifeline.db` and `.check` take.
            var traces: [String] = []
            try CheckRun.feed(store, to: idChecker, traces: &traces)
            byIDs.summary = idChecker.finish()

            #expect(byRecords.summary?.events ?? 0 > 0)
            if byIDs != byRecords {
                Issue.record(
                    """
                    database \(index): string ids and records disagree
                    ids: \(byIDs.findings.map(\.headline).joined(separator: "\n  "))
                    records: \(byRecords.findings.map(\.headline).joined(separator: "\n  "))
                    """)
                return
            }
            // What `lifeline check` and the REPL's `.check` run: the same findings.
            let report = try CheckRun.check(store, rules: rules)
            #expect(report.findings == byRecords.findings)
            compared += byRecords.findings.count
        }
        // The random traces do break the rules: the comparison is not of empty lists.
        #expect(compared > Self.databases)
    }
}
