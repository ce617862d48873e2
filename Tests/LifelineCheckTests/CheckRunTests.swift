import Foundation
import LifelineCheck
import LifelineFormat
import LifelineRules
import LifelineStore
import LifelineSupport
import LifelineTestSupport
import Testing

/// The check service on its own: rule loading for every caller, typed failures, and checking a database.
@Suite("the check service")
struct CheckRunTests {
    /// A directory with `rules/local.rules` (one rule), `broken.rules` (does not parse) and a trace.
    struct Workspace {
        let directory: URL

        init() throws {
            directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lifeline-check-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("rules"), withIntermediateDirectories: true)
            try "rule local.never-upload per launch: never sync.upload\n"
                .write(to: directory.appendingPathComponent("rules/local.rules"), atomically: true, encoding: .utf8)
            try "rule broken per launch: didFinishLaunching preceeds willConnectTo\n"
                .write(to: directory.appendingPathComponent("broken.rules"), atomically: true, encoding: .utf8)
            try """
            {"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}
            {"seq":1,"t":0,"event":"didFinishLaunching"}
            {"seq":2,"t":5,"event":"sync.upload"}

            """.write(to: directory.appendingPathComponent("app.ndjson"), atomically: true, encoding: .utf8)
        }

        func path(_ relative: String) -> String { directory.appendingPathComponent(relative).path }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    @Test("the defaults are both catalogs and the local rules, named as the caller labels their directory")
    func defaultsWithALabel() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let loaded = try CheckRun.load([], rulesDirectory: workspace.path("rules"), rulesDirectoryLabel: "rules")
        let local = try #require(loaded.rules.rules.first { $0.id == "local.never-upload" })
        #expect(local.file == "rules/local.rules")
        #expect(loaded.sources.map(\.name) == BuiltinCatalog.allCases.map(\.rawValue) + ["rules/local.rules"])
        #expect(loaded.rules.rules.count == BuiltinCatalog.all.rules.count + 1)
    }

    @Test("rules that do not load fail with a code, located diagnostics and the rules error itself")
    func typedFailures() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        #expect {
            _ = try CheckRun.load(["no-such-catalog"])
        } throws: { error in
            (error as? CheckRunError)?.code == .noSuchRules
        }
        try FileManager.default.createDirectory(atPath: workspace.path("empty"), withIntermediateDirectories: false)
        #expect {
            _ = try CheckRun.load([workspace.path("empty")])
        } throws: { error in
            (error as? CheckRunError)?.code == .noRulesFiles
        }
        do {
            _ = try CheckRun.loadFile(workspace.path("broken.rules"), label: "broken.rules")
            Issue.record("a rules file that does not parse loaded")
        } catch {
            #expect(error.code == .invalidRules)
            #expect(error.diagnostics.map(\.location) == ["broken.rules:1:44"])
            guard case .syntax? = error.ruleSetError else {
                Issue.record("expected the syntax error, got \(String(describing: error.ruleSetError))")
                return
            }
        }
        var rules = try CheckRun.loadFile(workspace.path("rules/local.rules"))
        #expect {
            try CheckRun.merge(rules, into: &rules)
        } throws: { error in
            guard let error = error as? CheckRunError, case .duplicateID("local.never-upload", _, _)? = error.ruleSetError else {
                return false
            }
            return error.code == .invalidRules
        }
    }

    @Test("a trace file and the database it was imported into give the same findings, and the database keeps them")
    func filesAndDatabasesAgree() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let rules = try CheckRun.loadFile(workspace.path("rules/local.rules"))
        let fromFile = CheckRun.check([workspace.path("app.ndjson")], rules: rules)
        #expect(fromFile.findings.map(\.ruleID) == ["local.never-upload"])
        #expect(fromFile.diagnostics.isEmpty)

        let store = try TraceStore(path: workspace.path("lifeline.db"))
        #expect(TraceImporter(store: store).importFile(at: workspace.path("app.ndjson")).outcome == .imported)
        let fromDatabase = try CheckRun.check(store, rules: rules)
        #expect(fromDatabase.findings.map(\.explanation) == fromFile.findings.map(\.explanation))
        let stored = try store.query("SELECT rule, line FROM violation")
        #expect(stored.rows == [[.text("local.never-upload"), .integer(3)]])
    }

    @Test("every sample launch has the anatomy in the store that checking its trace gives (one definition, two readers)")
    func storedAnatomyAgreesWithTheCheck() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let traces = Golden.repositoryRoot.appendingPathComponent("traces")
        let paths = try FileManager.default.contentsOfDirectory(atPath: traces.path).filter { $0.hasSuffix(".ndjson") }.sorted()
            .map { traces.appendingPathComponent($0).path }
        let checked = CheckRun.check(paths, rules: RuleSet([]))
        let store = try TraceStore(path: workspace.path("samples.db"))
        for path in paths { #expect(TraceImporter(store: store).importFile(at: path).outcome == .imported) }
        func text(_ value: Int64?) -> String { value.map(String.init) ?? "NULL" }
        let fromCheck = checked.launches.map { launch -> [String] in
            let anatomy = launch.anatomy
            return [
                launch.key, anatomy?.kind.rawValue ?? "", anatomy?.reason ?? "", text(anatomy?.timeToActive),
                anatomy?.slowestPhase?.name ?? "NULL", anatomy?.ending.rawValue ?? "", anatomy?.endingReason ?? "",
                String(anatomy?.phases.count ?? 0), text(anatomy?.timeToFirstFrame), text(anatomy?.timeToFullyDisplayed),
                anatomy?.slowReason ?? "NULL",
                (anatomy?.resumes ?? []).map { resume in
                    [
                        resume.scene ?? "NULL", String(resume.background), String(resume.foreground), text(resume.active),
                        resume.reconnected ? "1" : "0",
                    ]
                    .joined(separator: "|")
                }.joined(separator: ";"),
            ]
        }
        let stored = try store.query(
            """
            SELECT COALESCE(l.uuid, f.path || ':' || l.line), a.kind, a.reason, a.time_to_active_ns, a.slowest_phase, a.ending,
                   a.ending_reason,
                   (SELECT COUNT(*) FROM launch_phase p WHERE p.launch_id = l.id),
                   a.time_to_first_frame_ns, a.time_to_fully_displayed_ns, a.slow_reason,
                   COALESCE((SELECT GROUP_CONCAT(COALESCE(r.scene, 'NULL') || '|' || r.background_ns || '|' || r.foreground_ns || '|'
                                                 || COALESCE(r.active_ns, 'NULL') || '|' || r.reconnected, ';')
                             FROM (SELECT * FROM launch_resume r WHERE r.launch_id = l.id ORDER BY r.ordinal) r), '')
            FROM launch l JOIN launch_anatomy a ON a.launch_id = l.id JOIN trace_file f ON f.id = l.file_id
            ORDER BY f.path, l.line
            """
        ).rows.map { row in
            row.map { value -> String in
                switch value {
                case .integer(let number): String(number)
                case .text(let string): string
                case .null: "NULL"
                default: "\(value)"
                }
            }
        }
        #expect(checked.launches.count == 24)
        // The samples resume: scenes that went home and came back, an app without scenes, a scene released and connected again.
        #expect(checked.launches.reduce(0) { $0 + ($1.anatomy?.resumes.count ?? 0) } == 6)
        #expect(checked.launches.contains { $0.anatomy?.resumes.contains { $0.reconnected } == true })
        #expect(checked.launches.contains { $0.anatomy?.resumes.contains { $0.scene == nil } == true })
        #expect(stored == fromCheck)
    }

    @Test("inputs checked on several threads give the report one checker gives reading them one after another")
    func parallelInputsMatchOneChecker() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        var random = SplitMix64(seed: 7)
        let names = ["didFinishLaunching", "willConnectTo", "sceneDidBecomeActive", "sceneDidEnterBackground", "sync.upload"]
        var paths: [String] = []
        for index in 0..<40 {
            var lines = [#"{"lifeline":1,"type":"launch","launch":"L\#(index)","lifecycle":"scene"}"#]
            for seq in 1...Int(random.next() % 20 + 1) {
                let name = names[Int(random.next() % UInt64(names.count))]
                let phase = ["begin", "end", "instant"][Int(random.next() % 3)]
                lines.append(
                    #"{"seq":\#(seq),"t":\#(seq * 2_000_000_000),"event":"\#(name)","phase":"\#(phase)","session":"S\#(random.next() % 2)"}"#
                )
            }
            if index % 9 == 4 { lines.append("torn") }
            let path = workspace.path(String(format: "t%02d.ndjson", index))
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let loaded = try CheckRun.load([], rulesDirectory: workspace.path("rules"))
        var options = CheckOptions()
        options.jobs = 1
        let one = CheckRun.check(paths, rules: loaded.rules, sources: loaded.sources, options: options)
        #expect(one.findings.count > 20)
        #expect(one.diagnostics.count == 4)
        for jobs in [2, 3, 8] {
            options.jobs = jobs
            let many = CheckRun.check(paths, rules: loaded.rules, sources: loaded.sources, options: options)
            #expect(many.findings == one.findings)
            #expect(many.summary == one.summary)
            #expect(many.traces == one.traces)
            #expect(many.diagnostics == one.diagnostics)
            #expect(many.applied == one.applied)
            #expect(many.notApplicable == one.notApplicable)
        }
        // The same as one checker reading the files in turn, as `lifeline check` did before it ran in parallel.
        var findings: [Finding] = []
        let checker = RuleChecker(rules: loaded.rules, onFinding: { findings.append($0) })
        for path in paths { _ = try checker.check(file: path) }
        let summary = checker.finish()
        #expect(one.findings == findings)
        #expect(one.summary == summary)
    }

    @Test("a named file is checked under its name: findings, launch keys, the trace list and its diagnostics")
    func namedFiles() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try """
        {"lifeline":1,"type":"launch","lifecycle":"scene"}
        {"seq":1,"t":0,"event":"sync.upload"}
        garbage

        """.write(to: URL(fileURLWithPath: workspace.path("anonymous.ndjson")), atomically: true, encoding: .utf8)
        let rules = try CheckRun.loadFile(workspace.path("rules/local.rules"))
        let (copy, original) = (workspace.path("anonymous.ndjson"), "s3a://fleet/2026-11/anonymous.ndjson")
        var options = CheckOptions()
        options.names = [copy: original]
        let report = CheckRun.check([copy, workspace.path("app.ndjson")], rules: rules, options: options)
        #expect(report.traces == [original, workspace.path("app.ndjson")])
        let named = try #require(report.findings.first { $0.witnesses.first?.file == original })
        #expect(named.slice.launch == "\(original):1", "a launch without an identifier is keyed by its file's name")
        #expect(named.explanation.contains("s3a://fl"))
        #expect(!named.explanation.contains(workspace.directory.path.prefix(8)))
        #expect(report.findings.contains { $0.witnesses.first?.file == workspace.path("app.ndjson") })
        #expect(report.diagnostics.map(\.location) == ["\(original):3:1"])
    }
}
