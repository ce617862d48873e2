import Foundation
import LifelineCheck
import LifelineFormat
import LifelineReports
import LifelineRules
import LifelineSupport
import Testing

/// `lifeline watch`'s check on its own: lines fed in pieces as a growing file or a pipe delivers
/// them, findings as they are proven, and a final report equal to `check`'s on the same input.
@Suite("the live check")
struct LiveCheckTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func path(_ relative: String) -> String { repository.appendingPathComponent(relative).path }

    /// The built-in catalogs and the repository's local rules.
    static func rules() throws -> CheckRun.LoadedRules { try CheckRun.load([], rulesDirectory: path("rules")) }

    /// What a watch of `bytes` gave: the violations in the order they were printed, the lines fed
    /// when each was printed, and the final report.
    struct Watched {
        var printed: [Finding] = []
        var printedAfterLine: [Int] = []
        var report: CheckReport
    }

    /// Feeds `bytes` to a live check in pieces of random sizes (as reads of a growing file return them).
    static func watch(
        _ bytes: [UInt8], label: String, rules: CheckRun.LoadedRules, shape: TraceShape? = nil,
        interchange: InterchangeOptions = InterchangeOptions(), seed: UInt64 = 1
    ) -> Watched {
        var printed: [Finding] = []
        var after: [Int] = []
        var fed = 0
        let live = LiveCheck(
            rules: rules.rules, sources: rules.sources, label: label, shape: shape, interchange: interchange,
            onFinding: { finding in
                guard finding.status == .violated else { return }
                printed.append(finding)
                after.append(fed)
            }, onDiagnostic: { _ in })
        var splitter = LineSplitter()
        var random = SplitMix64(seed: seed)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int(random.next() % 200) + 1)
            splitter.append(bytes[start..<end]) { line, number in
                fed = number
                live.line(line, number: number)
            }
            start = end
        }
        splitter.finish { line, number in live.line(line, number: number, terminated: false) }
        let report = live.finish()
        return Watched(printed: printed, printedAfterLine: after, report: report)
    }

    /// `check` of a log: decoded whole, each launch checked with the record the importer stores.
    static func checkLog(
        _ bytes: [UInt8], shape: TraceShape, label: String, rules: CheckRun.LoadedRules,
        interchange: InterchangeOptions = InterchangeOptions()
    ) -> (findings: [Finding], notApplicable: [Inapplicability], summary: CheckSummary) {
        let decoded = DecodedTrace.decode(bytes, shape: shape, options: interchange)
        let collector = CheckCollector()
        let checker = collector.checker(for: rules.rules)
        for launch in decoded.launches {
            checker.beginLaunch(launch.checkedRecord(declaring: nil, shape: shape), trace: label, file: label, line: launch.line)
            for (event, line) in zip(launch.events, launch.lines) { checker.check(event, line: line) }
        }
        let summary = checker.finish()
        return (collector.findings, collector.notApplicable, summary)
    }

    /// Counts of each finding, for comparing findings whose order may differ.
    static func counted(_ findings: [Finding]) -> [Finding: Int] {
        findings.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    /// Expects the watch to have printed exactly the report's violations and the report to equal `check`'s.
    static func expectSame(
        _ watched: Watched, findings: [Finding], notApplicable: [Inapplicability], summary: CheckSummary, ordered: Bool,
        _ comment: String
    ) {
        let report = watched.report
        if ordered {
            #expect(report.findings == findings, "\(comment)")
            #expect(watched.printed == findings.filter { $0.status == .violated }, "\(comment)")
        } else {
            #expect(counted(report.findings) == counted(findings), "\(comment)")
            #expect(counted(watched.printed) == counted(findings.filter { $0.status == .violated }), "\(comment)")
        }
        #expect(report.notApplicable == notApplicable, "\(comment)")
        #expect(report.summary.events == summary.events, "\(comment)")
        #expect(report.summary.launches == summary.launches, "\(comment)")
        #expect(
            report.summary.rules.map { "\($0.rule.id) \($0.tally.violations) \($0.tally.pendings) \($0.tally.notApplicable)" }
                == summary.rules.map { "\($0.rule.id) \($0.tally.violations) \($0.tally.pendings) \($0.tally.notApplicable)" },
            "\(comment)")
    }

    @Test func everySampleTraceGivesCheckReportAndPrintsItsViolations() throws {
        let rules = try Self.rules()
        let directory = Self.path("traces")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".ndjson") }.sorted()
        #expect(names.contains("partial-device-log.ndjson"))
        var violations = 0
        for name in names {
            let file = (directory as NSString).appendingPathComponent(name)
            let checked = CheckRun.check([file], rules: rules.rules, sources: rules.sources)
            let watched = Self.watch(Array(try Data(contentsOf: URL(fileURLWithPath: file))), label: file, rules: rules)
            Self.expectSame(
                watched, findings: checked.findings, notApplicable: checked.notApplicable, summary: checked.summary, ordered: true,
                name)
            #expect(watched.report.diagnostics == checked.diagnostics, "\(name)")
            violations += checked.violations.count
        }
        #expect(violations > 0, "the samples have violations to print")
    }

    @Test func everyImportedLogReadLineByLineGivesWhatItsWholeFileCheckGives() throws {
        let rules = try Self.rules()
        let samples: [(String, InterchangeOptions)] = [
            ("xcode-console.txt", InterchangeOptions()), ("device-log.txt", InterchangeOptions()),
            ("objc-console.txt", InterchangeOptions()), ("simctl-console.txt", InterchangeOptions()),
            ("log-stream.txt", InterchangeOptions()),
            (
                "custom-logger.txt",
                InterchangeOptions(
                    pattern: try ConsoleTextPattern(
                        #"^\+(?<time>[0-9.]+)s (?<thread>\S+) \S+ lifecycle (?<event>\S+) session=(?<session>\S+) scene=(?<scene>\S+)"#))
            ),
        ]
        for (name, options) in samples {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.path("traces/imported/" + name))))
            let shape = options.pattern != nil ? TraceShape.text : TraceShape.detect(Array(bytes.prefix(65_536)))
            let label = "traces/imported/" + name
            let checked = Self.checkLog(bytes, shape: shape, label: label, rules: rules, interchange: options)
            let watched = Self.watch(
                bytes, label: label, rules: rules, shape: options.pattern != nil ? .text : nil, interchange: options)
            #expect(checked.summary.events > 0, "\(name)")
            Self.expectSame(
                watched, findings: checked.findings, notApplicable: checked.notApplicable, summary: checked.summary, ordered: false,
                name)
        }
    }

    @Test func randomTracesGiveCheckReport() throws {
        let rules = try Self.rules()
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var violations = 0
        for seed in 1...40 as ClosedRange<UInt64> {
            let file = directory.appendingPathComponent("t\(seed).ndjson").path
            try RandomLogs.native(seed: seed).write(toFile: file, atomically: true, encoding: .utf8)
            let checked = CheckRun.check([file], rules: rules.rules, sources: rules.sources)
            let watched = Self.watch(
                Array(try Data(contentsOf: URL(fileURLWithPath: file))), label: file, rules: rules, seed: seed)
            Self.expectSame(
                watched, findings: checked.findings, notApplicable: checked.notApplicable, summary: checked.summary, ordered: true,
                "seed \(seed)")
            violations += checked.violations.count
        }
        #expect(violations > 40)
    }

    @Test func randomConsoleLogsGiveTheirWholeFileCheckAndPrintViolationsBeforeTheEnd() throws {
        let rules = try Self.rules()
        var violations = 0
        var early = 0
        var held = 0
        for seed in 1...60 as ClosedRange<UInt64> {
            let bytes = Array(RandomLogs.console(seed: seed).utf8)
            let checked = Self.checkLog(bytes, shape: .text, label: "log.txt", rules: rules)
            let watched = Self.watch(bytes, label: "log.txt", rules: rules, seed: seed)
            Self.expectSame(
                watched, findings: checked.findings, notApplicable: checked.notApplicable, summary: checked.summary, ordered: false,
                "seed \(seed)")
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count - 1
            violations += watched.printed.count
            early += watched.printedAfterLine.filter { $0 < lines }.count
            held += checked.notApplicable.count
        }
        #expect(violations > 30)
        #expect(early > violations / 2, "most violations are printed while their launch is still open")
        #expect(held > 0, "some rules are not applicable to some launches")
    }

    @Test func aViolationOfARuleNeedingAnUnseenCallbackIsHeldUntilTheCallbackAppearsOrTheLaunchEnds() throws {
        let text = """
            rule t.no-upload per launch: never sync.upload
            rule t.foreground-first per launch: sceneWillEnterForeground precedes sceneDidBecomeActive

            """
        let rules = CheckRun.LoadedRules(rules: try RuleSet(parsing: text, file: "t.rules"), sources: [])
        // The first launch starts at didFinishLaunching: no excerpt, so what precedes its lines is known.
        let log = """
            2026-11-21 09:59:59.900000+0900 Notes[100:1] AppDelegate - application(_:didFinishLaunchingWithOptions:)
            2026-11-21 10:00:00.000000+0900 Notes[100:1] SceneDelegate - sceneDidBecomeActive(_:) <UIWindowScene: 0x1>
            2026-11-21 10:00:00.100000+0900 Notes[100:1] sync.upload bytes=3
            2026-11-21 10:00:00.200000+0900 Notes[100:1] SceneDelegate - sceneWillEnterForeground(_:) <UIWindowScene: 0x1>
            2026-11-21 10:00:01.000000+0900 Notes[200:1] SceneDelegate - sceneDidBecomeActive(_:) <UIWindowScene: 0x2>
            2026-11-21 10:00:01.100000+0900 Notes[200:1] app.idle

            """
        let watched = Self.watch(Array(log.utf8), label: "log.txt", rules: rules)
        #expect(watched.printed.map(\.ruleID) == ["t.no-upload", "t.foreground-first"])
        // The upload is printed with its line; the first launch's active-before-foreground once the
        // launch showed sceneWillEnterForeground, so it records it: line 4, before the launch ended.
        #expect(watched.printedAfterLine == [3, 4])
        #expect(watched.printed.last?.primary?.line == 2)
        // The second launch never shows sceneWillEnterForeground: the rule is not applicable to it.
        #expect(watched.report.notApplicable.map(\.ruleID) == ["t.foreground-first"])
        #expect(watched.report.notApplicable.first?.line == 5)
        #expect(watched.report.violations.count == 2)
    }

    @Test func linesAreHeldUntilTheirNewlineArrives() {
        var splitter = LineSplitter()
        var lines: [String] = []
        let pieces = ["\u{FEFF}{\"a\"", ":1}\r\n{\"b\":", "2}\n", "\n{\"c\"", ":3}"]
        for piece in pieces {
            splitter.append(Array(piece.utf8)) { line, number in lines.append("\(number) \(String(decoding: line, as: UTF8.self))") }
            if piece == "\u{FEFF}{\"a\"" { #expect(lines.isEmpty && splitter.holdsPartialLine) }
        }
        #expect(lines == ["1 {\"a\":1}", "2 {\"b\":2}", "3 "])
        splitter.finish { line, number in lines.append("\(number) \(String(decoding: line, as: UTF8.self)) (unterminated)") }
        #expect(lines.last == "4 {\"c\":3} (unterminated)")
        splitter.reset()
        splitter.append(Array("x\n".utf8)) { _, number in #expect(number == 1) }
    }

    @Test func aGarbageLineIsReportedLocatedAndTheCheckGoesOn() throws {
        let rules = CheckRun.LoadedRules(
            rules: try RuleSet(parsing: "rule t.no-upload per launch: never sync.upload\n", file: "t"), sources: [])
        let trace = """
            {"lifeline":1,"type":"launch","launch":"L1"}
            {"seq":1,"t":0,"event":"didFinishLaunching"}
            {"seq":"two","t":5,"event":"x"}
            \u{1B}]0;owned\u{07}
            {"seq":3,"t":9,"event":"sync.upload"}

            """
        let watched = Self.watch(Array(trace.utf8), label: "t.ndjson", rules: rules)
        #expect(
            watched.report.diagnostics.map(\.description).prefix(2) == [
                #"t.ndjson:3:8: error: expected integer for "seq""#, "t.ndjson:4:1: error: expected '{' at the start of a record",
            ])
        #expect(watched.printed.map(\.ruleID) == ["t.no-upload"])
        #expect(watched.report.status(.standard) == .inputError)
    }
}
